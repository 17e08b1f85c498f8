import { median } from './stats.ts';

/** One line of the results table. */
export interface ResultRow {
  scenario: string;
  metric: string;
  unit: 'ms' | 'KB' | 'count';
  /** Median over the runs. */
  median: number;
  /** The baseline's median, measured in the same run; null where there is none. */
  baseline: number | null;
  /** median / baseline. */
  ratio: number | null;
  /** The budget as text, e.g. `≤ 300 ms, ≤ 1.5×`. */
  budget: string;
  /** null where the metric is reported only. */
  pass: boolean | null;
  /** Every run's value, for the JSON. */
  samples: number[];
  baselineSamples?: number[];
  /** The same metric's median in the run before this one (bench/results/latest.json then). */
  previous?: number | null;
  note?: string;
}

interface RowSpec {
  scenario: string;
  metric: string;
  unit: ResultRow['unit'];
  samples: number[];
  baselineSamples?: number[];
  /** Absolute budget: the median must be at most this. */
  max?: number;
  /** Ratio budget: median / baseline must be at most this. */
  maxRatio?: number;
  note?: string;
}

const fmtBudget = (spec: RowSpec): string => {
  const parts: string[] = [];
  if (spec.max !== undefined)
    parts.push(`≤ ${spec.max} ${spec.unit === 'count' ? '' : spec.unit}`.trim());
  if (spec.maxRatio !== undefined) parts.push(`≤ ${spec.maxRatio}×`);
  return parts.join(', ') || '—';
};

/** Builds a table row: medians, ratio and whether the budget holds. */
export function row(spec: RowSpec): ResultRow {
  const value = median(spec.samples);
  const baseline = spec.baselineSamples ? median(spec.baselineSamples) : null;
  const ratio = baseline === null ? null : baseline === 0 ? null : value / baseline;
  let pass: boolean | null = null;
  if (spec.max !== undefined || spec.maxRatio !== undefined) {
    pass = true;
    if (spec.max !== undefined && !(value <= spec.max)) pass = false;
    if (spec.maxRatio !== undefined && !(ratio !== null && ratio <= spec.maxRatio)) pass = false;
  }
  return {
    scenario: spec.scenario,
    metric: spec.metric,
    unit: spec.unit,
    median: value,
    baseline,
    ratio,
    budget: fmtBudget(spec),
    pass,
    samples: spec.samples,
    ...(spec.baselineSamples ? { baselineSamples: spec.baselineSamples } : {}),
    ...(spec.note ? { note: spec.note } : {}),
  };
}

const num = (value: number, unit: ResultRow['unit']): string => {
  if (!Number.isFinite(value)) return '—';
  if (unit === 'count') return String(Math.round(value));
  if (unit === 'KB') return `${value.toFixed(1)} KB`;
  return value < 10 ? `${value.toFixed(2)} ms` : `${value.toFixed(0)} ms`;
};

const keyOf = (r: Pick<ResultRow, 'scenario' | 'metric'>) => `${r.scenario}\u0000${r.metric}`;

/**
 * The rows with each one's median in an earlier run beside it (matched by scenario and
 * metric; null where the earlier run had no such row or did not run that scenario).
 */
export function withPrevious(
  rows: readonly ResultRow[],
  earlier: readonly ResultRow[],
): ResultRow[] {
  const medians = new Map(earlier.map((r) => [keyOf(r), r.median]));
  return rows.map((r) => ({ ...r, previous: medians.get(keyOf(r)) ?? null }));
}

/** The results as a Markdown table; `Previous` is the same median in the run before. */
export function toMarkdown(rows: readonly ResultRow[]): string {
  const lines = [
    '| Scenario | Metric | Median | Previous | Baseline | Ratio | Budget | Result |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- | --- |',
  ];
  for (const r of rows) {
    const result = r.pass === null ? 'reported' : r.pass ? 'pass' : 'over';
    const previous =
      r.previous === undefined || r.previous === null ? '—' : num(r.previous, r.unit);
    lines.push(
      `| ${r.scenario} | ${r.metric} | ${num(r.median, r.unit)} | ${previous} | ${r.baseline === null ? '—' : num(r.baseline, r.unit)} | ${r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`} | ${r.budget} | ${result} |`,
    );
  }
  return lines.join('\n');
}
