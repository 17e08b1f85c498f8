// The whole check, as CI runs it: lint, format, types, unit tests, end-to-end tests.
// Every step runs even when an earlier one fails, so one run shows everything; the
// last line totals the two test runners as `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const steps: [string, string[]][] = [
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
  ['build', ['npm', 'run', '--silent', 'build']],
  ['unit', ['npx', 'vitest', 'run']],
  ['e2e', ['npx', 'playwright', 'test']],
];

// Playwright empties test-results/ when it starts, so both reports live in reports/.
rmSync('reports', { recursive: true, force: true });
const failedSteps: string[] = [];
for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n── ${name} ──`);
  const env = name === 'e2e' ? { ...process.env, CRIT_SKIP_BUILD: '1' } : process.env;
  const result = spawnSync(cmd!, args, { stdio: 'inherit', env });
  if (result.status !== 0) failedSteps.push(name);
}

function readJson(file: string): Record<string, unknown> | null {
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
    : null;
}

const unit = readJson('reports/unit.json') as {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
} | null;
const e2e = readJson('reports/e2e.json') as {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
} | null;

const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats.expected ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (e2e ? e2e.stats.unexpected + e2e.stats.flaky : 0);
const skipped = (unit ? unit.numPendingTests + unit.numTodoTests : 0) + (e2e?.stats.skipped ?? 0);

console.log(
  `\nunit: ${unit ? `${unit.numPassedTests} passed, ${unit.numFailedTests} failed` : 'no report'}`,
);
console.log(
  `e2e: ${e2e ? `${e2e.stats.expected} passed, ${e2e.stats.unexpected} failed` : 'no report'}`,
);
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length || failed || !unit || !e2e ? 1 : 0);
