import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mimeOf, resolveAppPath, resolveInside } from '../../../src/core/media.ts';

const ROOT = path.resolve('/srv/crit/renderer');
const roots = {
  rendererDir: ROOT,
  resourcesDir: path.resolve('/srv/crit/resources'),
};

/** True when `file` is strictly below `root`. */
function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

const TRAVERSALS = [
  '/../etc/passwd',
  '../etc/passwd',
  '/../../../../etc/passwd',
  '%2e%2e/etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '%2E%2E%2Fetc%2Fpasswd',
  '..%2f..%2fetc%2fpasswd',
  '/assets/../../secret',
  '/assets/%2e%2e/%2e%2e/secret',
  '..%5c..%5csecret',
  '/assets%5c..%5c..%5csecret',
  '..\\..\\secret',
  '/etc/passwd%00.png',
  '/index.html%00',
  '%00',
  '/%E0%A4%A',
  '/%',
  '/%zz',
  '/%c0%ae%c0%ae/secret',
  '/....//....//secret',
  '/./././../secret',
];

describe('resolveInside', () => {
  it('resolves ordinary files below the root', () => {
    expect(resolveInside(ROOT, 'index.html')).toBe(path.join(ROOT, 'index.html'));
    expect(resolveInside(ROOT, '/index.html')).toBe(path.join(ROOT, 'index.html'));
    expect(resolveInside(ROOT, '/assets/app-1a2b.js')).toBe(
      path.join(ROOT, 'assets', 'app-1a2b.js'),
    );
  });

  it('decodes percent-encoded names', () => {
    expect(resolveInside(ROOT, '/my%20file.png')).toBe(path.join(ROOT, 'my file.png'));
  });

  it('collapses dot segments that stay inside the root', () => {
    expect(resolveInside(ROOT, '/assets/../index.html')).toBe(path.join(ROOT, 'index.html'));
    expect(resolveInside(ROOT, '/./assets/./a.js')).toBe(path.join(ROOT, 'assets', 'a.js'));
  });

  it('refuses the root itself', () => {
    expect(resolveInside(ROOT, '')).toBeNull();
    expect(resolveInside(ROOT, '/')).toBeNull();
    expect(resolveInside(ROOT, '/..')).toBeNull();
  });

  it.each(TRAVERSALS)('never leaves the root for %j', (attempt) => {
    const result = resolveInside(ROOT, attempt);
    expect(result === null || isInside(ROOT, result)).toBe(true);
  });

  it.each([
    ['an encoded backslash', '..%5csecret'],
    ['a literal backslash', 'a\\b.png'],
    ['an encoded NUL', 'index.html%00.png'],
    ['a literal NUL', 'index.html\0.png'],
    ['malformed percent encoding', '/%E0%A4%A'],
    ['a lone percent sign', '/100%'],
  ])('refuses %s', (_label, attempt) => {
    expect(resolveInside(ROOT, attempt)).toBeNull();
  });

  it('keeps a sibling folder that shares the root’s prefix out', () => {
    const result = resolveInside(ROOT, '/../renderer-secrets/key');
    expect(result === null || isInside(ROOT, result)).toBe(true);
    expect(result).not.toBe(path.resolve(ROOT, '../renderer-secrets/key'));
  });
});

describe('resolveAppPath', () => {
  it('serves index.html for /', () => {
    expect(resolveAppPath(roots, '/')).toEqual({
      file: path.join(ROOT, 'index.html'),
      mime: 'text/html; charset=utf-8',
    });
  });

  it('serves renderer files with their content types', () => {
    expect(resolveAppPath(roots, '/assets/index-abc.js')).toEqual({
      file: path.join(ROOT, 'assets', 'index-abc.js'),
      mime: 'text/javascript; charset=utf-8',
    });
    expect(resolveAppPath(roots, '/assets/index-abc.css')?.mime).toBe('text/css; charset=utf-8');
  });

  it('ignores the query string and fragment', () => {
    expect(resolveAppPath(roots, '/?token=abc')?.file).toBe(path.join(ROOT, 'index.html'));
    expect(resolveAppPath(roots, '/assets/a.js#x')?.file).toBe(path.join(ROOT, 'assets', 'a.js'));
  });

  it('serves /media/samples and /media/avatars from the resources folder', () => {
    expect(resolveAppPath(roots, '/media/samples/x.png')).toEqual({
      file: path.join(roots.resourcesDir, 'samples', 'x.png'),
      mime: 'image/png',
    });
    expect(resolveAppPath(roots, '/media/avatars/reviewer-1.svg')).toEqual({
      file: path.join(roots.resourcesDir, 'avatars', 'reviewer-1.svg'),
      mime: 'image/svg+xml',
    });
  });

  it('does not serve the rest of the resources folder', () => {
    expect(resolveAppPath(roots, '/media/scripts/render-samples.ts')).toBeNull();
  });

  it('serves stored images only from the image store, by their exact address', () => {
    const hash = 'a'.repeat(64);
    expect(resolveAppPath(roots, `/media/images/${hash}.png`)).toBeNull();
    expect(
      resolveAppPath({ ...roots, imagesDir: '/nonexistent' }, `/media/images/${hash}.png`),
    ).toBeNull();
  });

  it('refuses the bare media folders', () => {
    expect(resolveAppPath(roots, '/media/samples/')).toBeNull();
    expect(resolveAppPath(roots, '/media/avatars/')).toBeNull();
  });

  it.each([
    '/media/samples/../../secret',
    '/media/samples/../avatars/reviewer-1.svg',
    '/media/samples/%2e%2e/%2e%2e/secret',
    '/media/samples/..%2f..%2fsecret',
    '/media/avatars/../../../etc/passwd',
  ])('keeps %j inside its media folder', (attempt) => {
    const result = resolveAppPath(roots, attempt);
    const folder = path.join(roots.resourcesDir, attempt.split('/')[2] ?? '');
    expect(result === null || isInside(folder, result.file)).toBe(true);
  });

  it.each(TRAVERSALS.filter((t) => t.startsWith('/')))(
    'keeps %j inside the renderer folder',
    (attempt) => {
      const result = resolveAppPath(roots, attempt);
      expect(result === null || isInside(ROOT, result.file)).toBe(true);
    },
  );

  it.each([
    '/media/samples/a%5c..%5c..%5csecret',
    '/media/samples/a.png%00',
    '/media/samples/%E0%A4%A',
  ])('refuses %j', (attempt) => {
    expect(resolveAppPath(roots, attempt)).toBeNull();
  });
});

describe('mimeOf', () => {
  it('knows the image types and falls back to octet-stream', () => {
    expect(mimeOf('a.PNG')).toBe('image/png');
    expect(mimeOf('a.jpeg')).toBe('image/jpeg');
    expect(mimeOf('a.webp')).toBe('image/webp');
    expect(mimeOf('a.exe')).toBe('application/octet-stream');
    expect(mimeOf('noext')).toBe('application/octet-stream');
  });
});
