import { describe, expect, it } from 'vitest';
import { row, toMarkdown, withPrevious } from '../../../bench/lib/report.ts';

describe('bench report', () => {
  const now = [
    row({
      scenario: '1. Store',
      metric: 'insert',
      unit: 'ms',
      samples: [90, 110, 100],
      baselineSamples: [80],
      maxRatio: 1.2,
    }),
    row({ scenario: '2. Page', metric: 'bytes', unit: 'KB', samples: [12] }),
  ];

  it('puts each median of the run before beside the same scenario and metric', () => {
    const before = [
      row({ scenario: '1. Store', metric: 'insert', unit: 'ms', samples: [400] }),
      row({ scenario: '1. Store', metric: 'gone', unit: 'ms', samples: [7] }),
    ];
    const rows = withPrevious(now, before);
    expect(rows.map((r) => r.previous)).toEqual([400, null]);
    const table = toMarkdown(rows).split('\n');
    expect(table[0]).toBe(
      '| Scenario | Metric | Median | Previous | Baseline | Ratio | Budget | Result |',
    );
    expect(table[2]).toBe(
      '| 1. Store | insert | 100 ms | 400 ms | 80 ms | 1.25× | ≤ 1.2× | over |',
    );
    expect(table[3]).toBe('| 2. Page | bytes | 12.0 KB | — | — | — | — | reported |');
  });

  it('shows no previous figure when there was no run before', () => {
    expect(toMarkdown(withPrevious(now, []))).toContain('| 100 ms | — | 80 ms |');
    expect(toMarkdown(now)).toContain('| 100 ms | — | 80 ms |');
  });
});
