import path from 'node:path';

/** A file to answer a media request with. */
export interface MediaFile {
  file: string;
  mime: string;
}

const MIME: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The content type for a file name, by extension. */
export function mimeOf(file: string): string {
  return MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Resolves a URL path below `root`, refusing anything that would land outside it
 * (`..`, encoded separators, absolute paths, NUL bytes). Returns null when refused.
 */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const base = path.resolve(root);
  const target = path.resolve(base, '.' + path.posix.normalize('/' + decoded));
  const relative = path.relative(base, target);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return target;
}

/** The folders media requests may read from. */
export interface MediaRoots {
  resourcesDir: string;
  rendererDir: string;
}

/**
 * Maps a request path of the app's origin to a file: `/media/samples/*` and
 * `/media/avatars/*` come from the bundled resources, everything else from the built
 * renderer (`/` is its index.html).
 */
export function resolveAppPath(roots: MediaRoots, urlPath: string): MediaFile | null {
  const clean = urlPath.split(/[?#]/, 1)[0] ?? '/';
  for (const folder of ['samples', 'avatars'] as const) {
    const prefix = `/media/${folder}/`;
    if (clean.startsWith(prefix)) {
      const file = resolveInside(path.join(roots.resourcesDir, folder), clean.slice(prefix.length));
      return file ? { file, mime: mimeOf(file) } : null;
    }
  }
  const file = resolveInside(roots.rendererDir, clean === '/' ? 'index.html' : clean);
  return file ? { file, mime: mimeOf(file) } : null;
}
