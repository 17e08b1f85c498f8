import { useAtom } from 'jotai';
import type { Tag } from '../../../shared/domain.ts';
import { TagOptions } from './tag-options.tsx';
import { statusFilterAtom, tagFilterAtom, type StatusFilter } from '../state/review-atoms.ts';
import './form.css';
import './filters-bar.css';

const STATUSES: { value: StatusFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

/** Filters for the comments shown: by tag and by status. The reviewer filter is the sidebar's. */
export function FiltersBar() {
  const [tag, setTag] = useAtom(tagFilterAtom);
  const [status, setStatus] = useAtom(statusFilterAtom);
  return (
    <fieldset className="filters">
      <legend className="sr-only">Filter comments</legend>
      <label className="field field--inline">
        <span className="field__label">Tag</span>
        <select value={tag ?? ''} onChange={(e) => setTag((e.target.value || null) as Tag | null)}>
          <option value="">All tags</option>
          <TagOptions />
        </select>
      </label>
      <fieldset className="segmented">
        <legend className="sr-only">Status</legend>
        {STATUSES.map((s) => (
          <button
            key={s.value}
            type="button"
            aria-pressed={status === s.value}
            onClick={() => setStatus(s.value)}
          >
            {s.label}
          </button>
        ))}
      </fieldset>
    </fieldset>
  );
}
