import type { Page } from '@playwright/test';

/**
 * Reads the workspace's layout in the page and lists what a person would see as broken:
 * regions overlapping, anything sticking out of its region sideways (or out of the
 * header at all), header controls on more than one row, counter labels cut off, and the
 * parts of a comment card's head running into each other. An empty list means it fits.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (
        r.width > 1 && r.height > 1 && style.visibility !== 'hidden' && !el.closest('.sr-only')
      );
    };
    const overlap = (a: DOMRect, b: DOMRect) =>
      Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
      Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
    const byTest = (id: string) => document.querySelector(`[data-testid="${id}"]`);
    const header = document.querySelector('header.app-header');
    const regions = {
      header,
      sidebar: byTest('sidebar'),
      canvas: byTest('canvas'),
      panel: byTest('comments-panel'),
    };
    for (const [name, el] of Object.entries(regions)) {
      if (!el) {
        problems.push(`no ${name}`);
        continue;
      }
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
        problems.push(`${name} is outside the window`);
    }
    const entries = Object.entries(regions).filter(([, el]) => el) as [string, Element][];
    for (let i = 0; i < entries.length; i++)
      for (let j = i + 1; j < entries.length; j++) {
        const [a, ea] = entries[i]!;
        const [b, eb] = entries[j]!;
        if (overlap(ea.getBoundingClientRect(), eb.getBoundingClientRect()) > 1)
          problems.push(`${a} overlaps ${b}`);
      }

    // Nothing sticks out of its region: sideways for the scrolling side panels, at all
    // for the header.
    for (const [name, region] of entries) {
      if (name === 'canvas') continue;
      const box = region.getBoundingClientRect();
      for (const el of region.querySelectorAll('*')) {
        if (!shown(el) || el.closest('dialog')) continue;
        const r = el.getBoundingClientRect();
        const outside =
          r.left < box.left - 0.5 ||
          r.right > box.right + 0.5 ||
          (name === 'header' && (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5));
        if (outside) problems.push(`${describe(el)} sticks out of the ${name}`);
      }
    }

    // Header controls on one row, none wrapped onto two lines.
    const controls = header ? [...header.querySelectorAll('button, a, h1')].filter(shown) : [];
    const middles = controls.map((el) => {
      const r = el.getBoundingClientRect();
      return r.top + r.height / 2;
    });
    if (middles.length && Math.max(...middles) - Math.min(...middles) > 2)
      problems.push('header controls are not on one row');
    for (const el of controls)
      if (el.getBoundingClientRect().height > 40) problems.push(`${describe(el)} wraps`);

    // Counter labels whole; the likes heart beside its number.
    for (const dt of document.querySelectorAll('.counter dt'))
      if (dt.scrollWidth > dt.clientWidth) problems.push(`counter label ${describe(dt)} is cut`);
    const like = document.querySelector('.counter__like');
    if (like) {
      const [heart, , count] = [...like.children].map((c) => c.getBoundingClientRect());
      if (
        heart &&
        count &&
        Math.abs(heart.top + heart.height / 2 - (count.top + count.height / 2)) > 6
      )
        problems.push('the likes heart is not beside its number');
    }

    // A comment card's head: avatar, name and time, badge side by side without touching;
    // its actions inside the card.
    for (const card of document.querySelectorAll('.comment-card')) {
      const parts = [...card.querySelectorAll('.comment-card__head > *')].map((e) =>
        e.getBoundingClientRect(),
      );
      for (let i = 0; i < parts.length; i++)
        for (let j = i + 1; j < parts.length; j++)
          if (overlap(parts[i]!, parts[j]!) > 0.5) problems.push(`card head parts overlap`);
      for (const name of card.querySelectorAll('.comment-card__name'))
        if (name.getBoundingClientRect().height > 24) problems.push(`${describe(name)} wraps`);
      const box = card.getBoundingClientRect();
      for (const button of card.querySelectorAll('button')) {
        const r = button.getBoundingClientRect();
        if (r.right > box.right + 0.5 || r.left < box.left - 0.5)
          problems.push(`${describe(button)} is cut off its card`);
      }
    }
    for (const name of document.querySelectorAll('.reviewer-list__name, .page-list__name'))
      if (name.getBoundingClientRect().height > 24) problems.push(`${describe(name)} wraps`);
    return problems;
  });
}
