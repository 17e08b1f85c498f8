import path from 'node:path';
import { IMAGE_URL_PREFIX, resolveImageRequest } from './store/image-store.ts';

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
  /** The content-addressed image store (`/media/images/<sha256>.<ext>`). */
  imagesDir?: string | undefined;
  /** Generated images (initials avatars): the SVG for a path, or null. */
  generated?: ((urlPath: string) => string | null) | undefined;
}

/** A generated media response. */
export interface MediaBody {
  body: string;
  mime: string;
}

/** Answers `/media/initials/…` from the generator, when there is one. */
export function resolveGenerated(roots: MediaRoots, urlPath: string): MediaBody | null {
  if (!roots.generated || !urlPath.startsWith('/media/initials/')) return null;
  const body = roots.generated(urlPath);
  return body === null ? null : { body, mime: 'image/svg+xml' };
}

/** Stored images never change under their name, so they may be cached for good. */
export function isImmutableMedia(urlPath: string): boolean {
  return urlPath.startsWith(IMAGE_URL_PREFIX);
}

/**
 * Maps a request path of the app's origin to a file: `/media/samples/*` and
 * `/media/avatars/*` come from the bundled resources, everything else from the built
 * renderer (`/` is its index.html).
 */
export function resolveAppPath(roots: MediaRoots, urlPath: string): MediaFile | null {
  const clean = urlPath.split(/[?#]/, 1)[0] ?? '/';
  if (clean.startsWith(IMAGE_URL_PREFIX)) {
    const file = roots.imagesDir ? resolveImageRequest(roots.imagesDir, clean) : null;
    return file ? { file, mime: mimeOf(file) } : null;
  }
  if (clean.startsWith('/media/') && !/^\/media\/(samples|avatars)\//.test(clean)) return null;
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
