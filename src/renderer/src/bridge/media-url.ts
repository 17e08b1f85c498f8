import { currentMediaPrefix } from './session.ts';

// User images (stored files and generated initials) are served only under the server's
// media key in browser mode; the app's bundled media and blob: previews are not.
const KEYED = /^\/media\/(?:images|initials)\//;

/**
 * The address to show an image from, for a path the core gave (`/media/images/<hash>.png`).
 * In browser mode a user image gets the server's capability prefix (`/m/<media key>`),
 * since an `<img>` cannot send the token header; the desktop app and every other source
 * (bundled samples, `blob:` previews) are unchanged.
 */
export function mediaUrl(src: string): string;
export function mediaUrl(src: string | undefined): string | undefined;
export function mediaUrl(src: string | undefined): string | undefined {
  if (src === undefined || !KEYED.test(src)) return src;
  return currentMediaPrefix() + src;
}
