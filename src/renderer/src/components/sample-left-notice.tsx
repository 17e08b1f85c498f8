import { useAtom } from 'jotai';
import { X } from 'lucide-react';
import { sampleLeftNoticeAtom } from '../state/notice-atoms.ts';
import './sample-left-notice.css';

/**
 * Tells the user, wherever they went, that the comments they wrote on a sample they just
 * left were not kept: samples are built afresh on every visit and live only in memory.
 */
export function SampleLeftNotice() {
  const [notice, setNotice] = useAtom(sampleLeftNoticeAtom);
  if (!notice) return null;
  const what = notice.count === 1 ? 'Your comment' : `Your ${notice.count} comments`;
  return (
    <output className="sample-left-notice">
      <span>
        {what} on the {notice.title} sample {notice.count === 1 ? 'was' : 'were'} not kept: samples
        start afresh on every visit. Create a design of your own to keep feedback.
      </span>
      <button
        type="button"
        className="button button--icon"
        aria-label="Dismiss"
        onClick={() => setNotice(null)}
      >
        <X size={16} aria-hidden />
      </button>
    </output>
  );
}
