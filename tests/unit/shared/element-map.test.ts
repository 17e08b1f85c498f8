import { describe, expect, test } from 'vitest';
import type { ElementBox } from '../../../src/shared/domain.ts';
import {
  MAX_ELEMENTS,
  elementMapSchema,
  parseStoredElementMap,
  suggestTag,
} from '../../../src/shared/element-map.ts';

const page: ElementBox[] = [
  { tag: 'main', x: 0, y: 0, w: 100, h: 90 },
  { tag: 'header', x: 0, y: 0, w: 100, h: 10 },
  { tag: 'logo', x: 2, y: 2, w: 10, h: 6 },
  { tag: 'footer', x: 0, y: 90, w: 100, h: 10 },
  { tag: 'button', x: 80, y: 92, w: 10, h: 4 },
];

describe('suggestTag', () => {
  test('the smallest box holding the point wins, whatever the order of the map', () => {
    expect(suggestTag(page, 5, 5)).toBe('logo');
    expect(suggestTag(page, 50, 5)).toBe('header');
    expect(suggestTag(page, 50, 50)).toBe('main');
    expect(suggestTag(page, 85, 94)).toBe('button');
    expect(suggestTag([...page].reverse(), 5, 5)).toBe('logo');
    expect(suggestTag([...page].reverse(), 50, 5)).toBe('header');
  });

  test('edges count as inside', () => {
    expect(suggestTag(page, 2, 2)).toBe('logo');
    expect(suggestTag(page, 12, 8)).toBe('logo');
    expect(suggestTag(page, 12.01, 8)).toBe('header');
    expect(suggestTag(page, 80, 96)).toBe('button');
    expect(suggestTag(page, 100, 100)).toBe('footer');
    expect(suggestTag(page, 0, 0)).toBe('header');
  });

  test('on a shared edge the smaller of the two boxes wins', () => {
    // y = 90 is the bottom edge of main and the top edge of the footer, the smaller box.
    expect(suggestTag(page, 50, 90)).toBe('footer');
  });

  test('of two boxes of the same size, the first listed wins', () => {
    const twins: ElementBox[] = [
      { tag: 'nav', x: 0, y: 0, w: 50, h: 10 },
      { tag: 'list', x: 0, y: 0, w: 10, h: 50 },
    ];
    expect(suggestTag(twins, 5, 5)).toBe('nav');
    expect(suggestTag([...twins].reverse(), 5, 5)).toBe('list');
  });

  test('no box holding the point, an empty map or no map: null', () => {
    const sparse: ElementBox[] = [{ tag: 'form', x: 40, y: 40, w: 20, h: 20 }];
    expect(suggestTag(sparse, 10, 10)).toBeNull();
    expect(suggestTag(sparse, 39.99, 50)).toBeNull();
    expect(suggestTag(sparse, 50, 60.01)).toBeNull();
    expect(suggestTag([], 50, 50)).toBeNull();
    expect(suggestTag(undefined, 50, 50)).toBeNull();
  });

  test('a box with no area still holds the points on it', () => {
    const line: ElementBox[] = [
      { tag: 'main', x: 0, y: 0, w: 100, h: 100 },
      { tag: 'nav', x: 10, y: 20, w: 30, h: 0 },
    ];
    expect(suggestTag(line, 25, 20)).toBe('nav');
    expect(suggestTag(line, 25, 20.5)).toBe('main');
  });
});

describe('elementMapSchema and parseStoredElementMap', () => {
  test('a valid map reads back as its boxes, extra keys dropped', () => {
    const stored = JSON.stringify([{ ...page[0], note: 'x' }, page[2]]);
    expect(parseStoredElementMap(stored)).toEqual([page[0], page[2]]);
    expect(parseStoredElementMap('[]')).toEqual([]);
    expect(parseStoredElementMap(null)).toBeUndefined();
  });

  test('a damaged map reads as no map rather than failing', () => {
    for (const json of [
      'not json',
      '{"tag":"nav"}',
      '[null]',
      '[{"tag":"banner","x":0,"y":0,"w":1,"h":1}]',
      '[{"tag":"nav","x":-1,"y":0,"w":1,"h":1}]',
      '[{"tag":"nav","x":0,"y":95,"w":1,"h":10}]',
      `[${Array(MAX_ELEMENTS + 1).fill('{"tag":"nav","x":0,"y":0,"w":1,"h":1}')}]`,
    ]) {
      expect(parseStoredElementMap(json), json.slice(0, 60)).toBeUndefined();
    }
  });

  test('the schema says what is wrong with a map', () => {
    const outside = elementMapSchema.safeParse([{ tag: 'nav', x: 95, y: 0, w: 10, h: 5 }]);
    expect(outside.error?.issues[0]?.message).toBe('An element reaches outside the page.');
    // Rounding dust at the edge is tolerated.
    expect(
      elementMapSchema.safeParse([{ tag: 'nav', x: 90, y: 0, w: 10.0000001, h: 5 }]).success,
    ).toBe(true);
  });
});
