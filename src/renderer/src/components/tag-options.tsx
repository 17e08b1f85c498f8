import { TAGS } from '../../../shared/domain.ts';

/** The nine element tags as options of a select. */
export function TagOptions() {
  return TAGS.map((t) => (
    <option key={t} value={t}>
      {t}
    </option>
  ));
}
