import { expect, test } from 'vitest';
import { describeFilters } from '../../../../src/renderer/src/state/filter-summary.ts';

test('no filter in force gives an empty list', () => {
  expect(describeFilters({ tag: null, status: 'all', reviewer: null })).toEqual([]);
});

test('each filter in force is named, in the order of the panel', () => {
  expect(describeFilters({ tag: 'nav', status: 'all', reviewer: null })).toEqual(['tag nav']);
  expect(describeFilters({ tag: 'nav', status: 'open', reviewer: 'Jun Park' })).toEqual([
    'tag nav',
    'status open',
    'reviewer Jun Park',
  ]);
  expect(describeFilters({ tag: null, status: 'resolved', reviewer: '' })).toEqual([
    'status resolved',
    'reviewer unknown',
  ]);
});
