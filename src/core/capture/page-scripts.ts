/**
 * Scripts the engine runs in the captured page, as source text: the core has no DOM
 * types, and these run in the page's isolated world (the page's own scripts cannot
 * replace the functions they call). Each is an expression; async ones are awaited.
 */

/** How long the scroll pass lingers at each step for lazy content to start loading. */
const SCROLL_PAUSE_MS = 30;

/**
 * Scrolls down one viewport at a time to `maxHeight` (the page may grow as it goes),
 * so lazy images and IntersectionObserver content start loading, then back to the top.
 */
export function scrollPassScript(maxHeight: number): string {
  return `(async (maxHeight, pause) => {
    const root = document.scrollingElement || document.documentElement;
    const frame = () => new Promise((r) => { requestAnimationFrame(() => r()); setTimeout(r, 100); });
    const wait = (ms) => new Promise((r) => setTimeout(r, ms));
    const step = Math.max(200, window.innerHeight);
    let y = 0;
    for (let i = 0; i < 400; i++) {
      const bottom = Math.min(maxHeight, root.scrollHeight) - window.innerHeight;
      if (y >= bottom) break;
      y = Math.min(y + step, bottom);
      window.scrollTo(0, y);
      await frame();
      await wait(pause);
    }
    window.scrollTo(0, 0);
    await frame();
    return y;
  })(${maxHeight}, ${SCROLL_PAUSE_MS})`;
}

/**
 * Waits for web fonts and for every image to load and decode, at most `limitMs`.
 * Resolves to whether everything was ready and how many images were still loading.
 */
export function readinessScript(limitMs: number): string {
  return `(async (limitMs) => {
    const settle = (img) => {
      if (img.complete) return img.naturalWidth ? img.decode().catch(() => {}) : null;
      return new Promise((r) => {
        img.addEventListener('load', r, { once: true });
        img.addEventListener('error', r, { once: true });
      }).then(() => img.decode().catch(() => {}));
    };
    const work = Promise.all([
      document.fonts ? document.fonts.ready : null,
      ...Array.from(document.images, settle),
    ]).then(() => true);
    const limit = new Promise((r) => setTimeout(() => r(false), limitMs));
    const ready = await Promise.race([work, limit]);
    const pending = Array.from(document.images).filter((img) => !img.complete).length;
    return { ready, pending };
  })(${Math.max(0, Math.round(limitMs))})`;
}

/**
 * Stops what moves: finite CSS animations jump to their end, transitions to their end
 * state, the text caret and smooth scrolling go, the focused element is blurred, and the
 * elements matched by `hideSelectors` (cookie banners and the like) are hidden.
 */
export function freezeScript(hideSelectors: readonly string[]): string {
  const css = [
    `*, *::before, *::after {
      animation-delay: -1ms !important; animation-duration: 1ms !important;
      animation-iteration-count: 1 !important; transition-duration: 0s !important;
      transition-delay: 0s !important; caret-color: transparent !important;
      scroll-behavior: auto !important; }`,
    ...hideSelectors.map((s) => `${s} { visibility: hidden !important; }`),
  ].join('\n');
  return `((css) => {
    const style = document.createElement('style');
    style.setAttribute('data-crit-capture', '');
    style.textContent = css;
    (document.head || document.documentElement).appendChild(style);
    const active = document.activeElement;
    if (active && typeof active.blur === 'function') active.blur();
    const selection = window.getSelection();
    if (selection) selection.removeAllRanges();
    window.scrollTo(0, 0);
    return true;
  })(${JSON.stringify(css)})`;
}

/** The page's title, final address and full height in CSS pixels. */
export const MEASURE_SCRIPT = `(() => {
  const root = document.documentElement;
  const body = document.body;
  const height = Math.max(root.scrollHeight, root.offsetHeight, body ? body.scrollHeight : 0,
    body ? body.offsetHeight : 0);
  return { title: String(document.title || ''), url: String(location.href), height };
})()`;
