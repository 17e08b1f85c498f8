import { describe, expect, test } from 'vitest';
import {
  isAllowedCaptureNavigation,
  isAllowedCaptureRequest,
  planTiles,
  relocatePins,
} from '../../../src/core/capture/index.ts';
import {
  suggestElement,
  toPercentMap,
  type MappedElement,
} from '../../../src/shared/element-map.ts';

const map: MappedElement[] = [
  { tag: 'main', x: 0, y: 10, w: 100, h: 80, selector: '#main' },
  { tag: 'button', x: 20, y: 40, w: 10, h: 5, selector: '#buy' },
  { tag: 'nav', x: 0, y: 0, w: 100, h: 10 },
];

describe('suggestElement', () => {
  test('the smallest element under the point, with the offset as fractions of its box', () => {
    expect(suggestElement(map, 25, 41)).toEqual({ element: map[1], offset: { x: 0.5, y: 0.2 } });
    expect(suggestElement(map, 50, 50)?.element.selector).toBe('#main');
    expect(suggestElement(map, 50, 5)?.element.tag).toBe('nav');
    expect(suggestElement(map, 50, 95)).toBeNull();
    expect(suggestElement(undefined, 1, 1)).toBeNull();
  });
});

describe('toPercentMap', () => {
  test('converts pixels to percent, clips at the page and drops what lies outside', () => {
    const px: MappedElement[] = [
      { tag: 'header', x: 0, y: 0, w: 200, h: 50, selector: 'header' },
      { tag: 'footer', x: 0, y: 350, w: 200, h: 100 },
      { tag: 'image', x: 0, y: 500, w: 10, h: 10 },
    ];
    expect(toPercentMap(px, 200, 400)).toEqual([
      { tag: 'header', x: 0, y: 0, w: 100, h: 12.5, selector: 'header' },
      { tag: 'footer', x: 0, y: 87.5, w: 100, h: 12.5 },
    ]);
    expect(toPercentMap(px, 0, 400)).toEqual([]);
  });
});

describe('relocatePins', () => {
  test('a pin follows its element, stays when the element is gone, and unanchored pins stay', () => {
    const moved: MappedElement[] = [
      { tag: 'button', x: 60, y: 70, w: 20, h: 10, selector: '#buy' },
      { tag: 'button', x: 0, y: 0, w: 1, h: 1, selector: '#buy' },
    ];
    const pins = [
      { id: 'a', x: 25, y: 41, selector: '#buy', offset: { x: 0.5, y: 0.2 } },
      { id: 'b', x: 50, y: 50, selector: '#main', offset: { x: 0.5, y: 0.5 } },
      { id: 'c', x: 5, y: 5 },
    ];
    expect(relocatePins(pins, moved)).toEqual([
      { id: 'a', x: 70, y: 72, outcome: 'moved' },
      { id: 'b', x: 50, y: 50, outcome: 'element-gone' },
      { id: 'c', x: 5, y: 5, outcome: 'kept' },
    ]);
    expect(pins[0]).toMatchObject({ x: 25, y: 41 });
  });
});

describe('planTiles', () => {
  test('bands of at most 8,192 px that cover the page exactly', () => {
    expect(planTiles(24_000)).toEqual([
      { y: 0, height: 8192 },
      { y: 8192, height: 8192 },
      { y: 16_384, height: 7616 },
    ]);
    expect(planTiles(100, 50_000)).toEqual([{ y: 0, height: 100 }]);
    expect(() => planTiles(0)).toThrow(RangeError);
  });
});

describe('what a captured page may load', () => {
  const file = 'file:///home/me/site/index.html';
  test('http(s) anywhere, of files only the chosen one, data and blob as resources', () => {
    expect(isAllowedCaptureNavigation('https://example.test/a', file)).toBe(true);
    expect(isAllowedCaptureNavigation(`${file}#top`, file)).toBe(true);
    expect(isAllowedCaptureNavigation('file:///etc/passwd', file)).toBe(false);
    expect(isAllowedCaptureNavigation('file:///etc/passwd')).toBe(false);
    expect(isAllowedCaptureNavigation('chrome://settings', file)).toBe(false);
    expect(isAllowedCaptureNavigation('data:text/html,x', file)).toBe(false);
    expect(isAllowedCaptureRequest('data:image/png;base64,AA', file)).toBe(true);
    expect(isAllowedCaptureRequest('ftp://example.test/', file)).toBe(false);
    expect(isAllowedCaptureRequest('not a url', file)).toBe(false);
  });
});
