import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CritError } from '../shared/errors.ts';
import { LIMITS } from '../shared/limits.ts';
import { pageNameSchema, type CaptureRequest } from '../shared/schemas.ts';
import { parseCaptureUrl } from './capture/index.ts';

/** What a capture loads, the source it is remembered by, and how to clean up after it. */
export interface CaptureSource {
  /** The URL the browser loads: http(s), or the private temporary file's file:// URL. */
  url: string;
  /** What identifies the page in its design: the address, or `file:` and the file's name. */
  address: string;
  /** A name for the page when the document has no usable title. */
  fallbackName: string;
  /** Removes the temporary file, if there is one; safe to call more than once. */
  dispose(): Promise<void>;
}

/**
 * Turns `pages.capture`'s target into something the browser can load. An address must
 * be http or https (a file:// address is refused: main never takes a path from the
 * renderer). A local HTML file arrives as bytes and is written to a private temporary
 * folder (0700, the file 0600) that `dispose` removes.
 */
export async function prepareCaptureSource(
  target: CaptureRequest['target'],
): Promise<CaptureSource> {
  if ('url' in target) {
    const url = parseCaptureUrl(target.url.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new CritError(
        'invalid-argument',
        'Only http and https addresses can be captured; choose a local file as a file.',
      );
    }
    const fallbackName = `${url.hostname}${url.pathname === '/' ? '' : url.pathname}`;
    return { url: url.href, address: url.href, fallbackName, dispose: async () => {} };
  }
  const name = cleanFileName(target.fileName);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crit-capture-'));
  let removed: Promise<void> | null = null;
  const dispose = () => (removed ??= fs.rm(dir, { recursive: true, force: true }));
  try {
    await fs.chmod(dir, 0o700);
    // A fixed name inside the private folder: the file's own name never becomes a path.
    const file = path.join(dir, 'page.html');
    await fs.writeFile(file, target.html, { mode: 0o600, flag: 'wx' });
    return { url: pathToFileURL(file).href, address: `file:${name}`, fallbackName: name, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** A file's name as shown: no folders, no control or invisible characters, at most 120. */
function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = stripUnsafe(base).slice(0, 120).trim();
  return clean || 'page.html';
}

/** Replaces control, format (bidi, zero-width) and unassigned characters with spaces. */
function stripUnsafe(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A captured page's name: the document's title and the width ("Pricing — 1440"), or the
 * fallback when the title is empty or breaks the name rules (a hostile page's title is
 * cleaned first, then checked by the same schema as any page name).
 */
export function capturedPageName(title: string, fallback: string, width: number): string {
  const suffix = ` — ${width}`;
  const room = LIMITS.pageName - [...suffix].length;
  for (const base of [title, fallback, 'Captured page']) {
    const cut = [...stripUnsafe(base)].slice(0, room).join('').trim();
    if (!cut) continue;
    const parsed = pageNameSchema.safeParse(`${cut}${suffix}`);
    if (parsed.success) return parsed.data;
  }
  return `Captured page${suffix}`;
}
