import { CritError } from '../../shared/errors.ts';

/**
 * The canonical encoding records are signed over: JSON with no white space, object keys
 * sorted by UTF-16 code unit at every level, arrays in order, strings and numbers as
 * `JSON.stringify` writes them. `undefined` fields are left out, as JSON leaves them out,
 * so a record signed before an optional field was parsed verifies after it.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    return JSON.stringify(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new CritError('invalid-argument', 'A signed record holds a number that is not finite.');
    }
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new CritError('invalid-argument', `A signed record holds a ${typeof value}.`);
}
