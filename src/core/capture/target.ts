import { CaptureError } from './capture-error.ts';

/** The narrowest and widest viewports a capture accepts, in CSS pixels. */
export const MIN_CAPTURE_WIDTH = 200;
export const MAX_CAPTURE_WIDTH = 3600;
/** Longer pages are cut here, and the result says so. */
export const MAX_CAPTURE_HEIGHT = 40_000;

/**
 * Parses the address to capture: an http(s) URL or a file:// URL (a local HTML file the
 * user chose). Anything else (javascript:, data:, chrome:, credentials in the URL) is
 * refused before a browser is touched.
 */
export function parseCaptureUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CaptureError('invalid-target', `“${raw.slice(0, 200)}” is not a web address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'file:') {
    throw new CaptureError(
      'invalid-target',
      `Only http, https and local file addresses can be captured, not ${url.protocol}.`,
    );
  }
  if (url.username || url.password) {
    throw new CaptureError('invalid-target', 'Addresses with a user name or password are refused.');
  }
  return url;
}

/** Checks a viewport width: a whole number of CSS pixels within the limits. */
export function checkCaptureWidth(width: number): number {
  if (!Number.isInteger(width) || width < MIN_CAPTURE_WIDTH || width > MAX_CAPTURE_WIDTH) {
    throw new CaptureError(
      'invalid-target',
      `The width must be a whole number from ${MIN_CAPTURE_WIDTH} to ${MAX_CAPTURE_WIDTH} px.`,
    );
  }
  return width;
}

/**
 * Whether a page being captured may go to `raw`: any http(s) address, and of local files
 * only the one chosen (`allowedFile`, a file:// URL), compared without query or hash.
 */
export function isAllowedCaptureNavigation(raw: string, allowedFile?: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return true;
  if (url.protocol !== 'file:' || !allowedFile) return false;
  const bare = (u: URL) => `${u.protocol}//${u.host}${u.pathname}`;
  try {
    return bare(url) === bare(new URL(allowedFile));
  } catch {
    return false;
  }
}

/**
 * Whether a page being captured may load `raw` as a resource: what it may navigate to,
 * plus `data:` and `blob:` addresses, which carry the page's own bytes.
 */
export function isAllowedCaptureRequest(raw: string, allowedFile?: string): boolean {
  if (raw.startsWith('data:') || raw.startsWith('blob:')) return true;
  return isAllowedCaptureNavigation(raw, allowedFile);
}
