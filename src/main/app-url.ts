/** The custom scheme the app is served from (registered as standard and secure). */
export const APP_SCHEME = 'crit';

/** The one host of that scheme that serves the app. */
export const APP_HOST = 'app';

/** Where the app's window starts. */
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/`;

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * True when `url` is one of the app's own pages: `crit://app/…`, or, in development, a page
 * of the dev server's origin. Credentials and ports make a URL foreign.
 */
export function isAppUrl(url: string, devServerUrl?: string): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  if (parsed.protocol === `${APP_SCHEME}:`) {
    // `crit:` is not a special scheme to the URL parser, so compare host, not origin.
    return parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
  }
  const dev = devServerUrl ? parse(devServerUrl) : null;
  return dev !== null && dev.origin !== 'null' && parsed.origin === dev.origin;
}
