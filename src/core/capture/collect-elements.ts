import { z } from 'zod';
import { TAGS } from '../../shared/domain.ts';
import type { MappedElement } from '../../shared/element-map.ts';

/** The most elements one capture records (the store's limit for a page's map). */
export const MAX_CAPTURED_ELEMENTS = 5000;

/**
 * How HTML maps onto Crit's nine tags. The first rule that matches an element wins, so a
 * logo is not also listed as an image; every visible match is recorded.
 *
 * - header: `header`, `[role=banner]`
 * - nav: `nav`, `[role=navigation]`
 * - main: `main`, `[role=main]`
 * - footer: `footer`, `[role=contentinfo]`
 * - form: `form`, `[role=form]`, `[role=search]`
 * - list: `ul`, `ol`, `[role=list]`
 * - button: `button`, `[role=button]`, `input` of type submit, button, reset or image
 * - logo: inside a header or nav (or `[role=banner]`/`[role=navigation]`): an `img`,
 *   `svg` or `[role=img]` whose id, class, alt, src, aria-label or title says "logo", or
 *   the first link to the site's root (`/`, `./`, the origin) that holds an image or svg
 *   (the link's box); anywhere: an `img`/`svg` whose id, class or alt says "logo".
 * - image: `img` (a `picture` is its `img`), `svg[role=img]`, `[role=img]`, `video`,
 *   `canvas`, and elements at least 64 × 64 px with a CSS `background-image: url(…)`.
 *
 * Visible means a box of some area, not `display: none`, not `visibility: hidden`, not
 * fully transparent. Boxes are in CSS pixels of the whole page (the page is scrolled to
 * the top when this runs). The selector is `#id` when that id is unique in the document,
 * else a path of `tag:nth-of-type(n)` steps from the nearest uniquely-id'd ancestor (or
 * `html`), with the index left out where the tag is alone among its siblings.
 */
export const COLLECT_ELEMENTS_SCRIPT = `(() => {
  const MAX = ${MAX_CAPTURED_ELEMENTS};
  const BACKGROUND_MIN = 64;
  const SCAN_LIMIT = 60000;
  const says = (el, attrs) => attrs.some((a) => /logo/i.test(String(el.getAttribute(a) || '')));
  const LOGO_ATTRS = ['id', 'class', 'alt', 'src', 'aria-label', 'title'];
  const inTop = (el) => !!el.closest('header, nav, [role=banner], [role=navigation]');
  const isRootLink = (a) => {
    const href = a.getAttribute('href');
    if (href === null) return false;
    if (href === '/' || href === './' || href === '.') return true;
    try { const u = new URL(href, location.href); return u.origin === location.origin && u.pathname === '/'; }
    catch { return false; }
  };
  const rootLink = Array.from(document.querySelectorAll('a[href]'))
    .find((a) => isRootLink(a) && a.querySelector('img, svg, [role=img]'));
  const RULES = [
    ['header', 'header, [role=banner]'],
    ['nav', 'nav, [role=navigation]'],
    ['main', 'main, [role=main]'],
    ['footer', 'footer, [role=contentinfo]'],
    ['form', 'form, [role=form], [role=search]'],
    ['list', 'ul, ol, [role=list]'],
    ['button', 'button, [role=button], input[type=submit], input[type=button], input[type=reset], input[type=image]'],
  ];
  const tagOf = (el) => {
    for (const [tag, selector] of RULES) if (el.matches(selector)) return tag;
    if (el === rootLink) return 'logo';
    if (el.matches('img, svg, [role=img]')) {
      if (inTop(el) && says(el, LOGO_ATTRS)) return 'logo';
      if (says(el, ['id', 'class', 'alt'])) return 'logo';
      if (rootLink && rootLink.contains(el)) return null;
      if (el.matches('svg:not([role=img])')) return null;
      return 'image';
    }
    if (el.matches('video, canvas')) return 'image';
    return undefined;
  };
  const visible = (el, rect) => {
    if (!(rect.width > 0 && rect.height > 0)) return false;
    const style = getComputedStyle(el);
    return style.display !== 'none' && style.visibility !== 'hidden' && Number(style.opacity) > 0;
  };
  const uniqueId = (id) => {
    try { return document.querySelectorAll('#' + CSS.escape(id)).length === 1; } catch { return false; }
  };
  const selectorFor = (el) => {
    if (el.id && uniqueId(el.id)) return '#' + CSS.escape(el.id);
    const parts = [];
    let node = el;
    while (node && node !== document.documentElement) {
      if (node !== el && node.id && uniqueId(node.id)) { parts.unshift('#' + CSS.escape(node.id)); return parts.join(' > '); }
      const name = node.localName;
      let index = 1, alone = true;
      for (let s = node.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === name) index++;
      for (let s = node.nextElementSibling; s && alone; s = s.nextElementSibling) if (s.localName === name) alone = false;
      parts.unshift(CSS.escape(name) + (index === 1 && alone ? '' : ':nth-of-type(' + index + ')'));
      node = node.parentElement;
    }
    parts.unshift('html');
    return parts.join(' > ');
  };
  const out = [];
  const x0 = window.scrollX, y0 = window.scrollY;
  const all = document.body ? document.body.querySelectorAll('*') : [];
  const push = (tag, el, rect) => {
    out.push({ tag, x: rect.left + x0, y: rect.top + y0, w: rect.width, h: rect.height, selector: selectorFor(el) });
  };
  for (const el of Array.from(all).slice(0, SCAN_LIMIT)) {
    if (out.length >= MAX) break;
    let tag = tagOf(el);
    if (tag === null) continue;
    const rect = el.getBoundingClientRect();
    if (tag === undefined) {
      if (rect.width < BACKGROUND_MIN || rect.height < BACKGROUND_MIN) continue;
      if (!/url\\(/.test(getComputedStyle(el).backgroundImage)) continue;
      tag = 'image';
    }
    if (visible(el, rect)) push(tag, el, rect);
  }
  return out;
})()`;

const capturedElement = z.strictObject({
  tag: z.enum(TAGS),
  x: z.number().finite(),
  y: z.number().finite(),
  w: z.number().finite().nonnegative(),
  h: z.number().finite().nonnegative(),
  selector: z.string().min(1).max(2000),
});

/**
 * Checks what the collector returned (the page is hostile, so its answer is too) and
 * keeps at most the limit. Throws a ZodError on anything malformed.
 */
export function parseCollectedElements(value: unknown): MappedElement[] {
  return z.array(capturedElement).max(MAX_CAPTURED_ELEMENTS).parse(value);
}
