import { useLayoutEffect, useRef, useState } from 'react';
import './clamped-text.css';

/**
 * A comment's text, clamped to a few lines with a "more" button when it is longer;
 * "less" folds it again. Whether it overflows is measured, so short texts get no button.
 */
export function ClampedText({ text, className }: { text: string; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || expanded) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text, expanded]);
  return (
    <div className="clamped">
      <p
        ref={ref}
        className={[className, 'clamped__text', expanded ? '' : 'clamped__text--clamped']
          .filter(Boolean)
          .join(' ')}
      >
        {text}
      </p>
      {(overflows || expanded) && (
        <button
          type="button"
          className="text-button clamped__toggle"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'less' : 'more'}
        </button>
      )}
    </div>
  );
}
