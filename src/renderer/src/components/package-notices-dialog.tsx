import { useAtom } from 'jotai';
import type { PackageOpened } from '../../../shared/domain.ts';
import { packageNoticesAtom, type PackageNotice } from '../state/package-atoms.ts';
import { Dialog } from './dialog.tsx';
import './package-notices.css';

/** Refused records listed one by one; past this many, the rest are counted. */
const REFUSALS_SHOWN = 50;

function Opened({ fileName, result }: { fileName: string; result: PackageOpened }) {
  const { refused } = result;
  return (
    <>
      <p className="package-notice__lead">
        {result.created
          ? `“${result.designName}” is new here: it was added to your designs from ${fileName}.`
          : `${fileName} was merged into “${result.designName}”.`}
      </p>
      {result.people.length > 0 ? (
        <ul className="package-notice__people" aria-label="What changed">
          {result.people.map((person) => (
            <li key={person.reviewerId}>
              <strong>{person.name}</strong>: {person.text}
            </li>
          ))}
        </ul>
      ) : (
        <p className="package-notice__nothing">{result.summary || 'Nothing new.'}</p>
      )}
      {refused.length > 0 && (
        <section className="package-notice__refused" aria-label="Left out">
          <h3>
            {refused.length === 1
              ? '1 record was left out'
              : `${refused.length} records were left out`}
          </h3>
          <ul>
            {refused.slice(0, REFUSALS_SHOWN).map((r, i) => (
              <li key={`${r.kind}:${r.id}:${i}`}>{r.message}</li>
            ))}
            {refused.length > REFUSALS_SHOWN && (
              <li>…and {refused.length - REFUSALS_SHOWN} more.</li>
            )}
          </ul>
        </section>
      )}
    </>
  );
}

function Notice({ notice }: { notice: PackageNotice }) {
  if (notice.kind === 'opened') return <Opened fileName={notice.fileName} result={notice.result} />;
  if (notice.kind === 'info') return <p>{notice.message}</p>;
  return (
    <p className="package-notice__failed" role="alert">
      {notice.fileName} could not be opened. {notice.message}
    </p>
  );
}

/**
 * What opening review packages came to: for each, what changed per person ("Jun Park:
 * 5 new comments, 2 replies"), "Nothing new." when it brought nothing, and any records
 * left out with the reason; or why the package was refused.
 */
export function PackageNoticesDialog() {
  const [notices, setNotices] = useAtom(packageNoticesAtom);
  const close = () => setNotices([]);
  const only = notices.length === 1 ? notices[0]!.kind : null;
  const title =
    only === 'opened'
      ? 'Review package opened'
      : only === 'failed'
        ? 'The review package could not be opened'
        : 'Review packages';
  return (
    <Dialog title={title} open={notices.length > 0} onClose={close}>
      <div className="package-notices" data-testid="package-notices">
        {notices.map((notice, i) => (
          <div key={i} className="package-notice">
            <Notice notice={notice} />
          </div>
        ))}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={close}>
          OK
        </button>
      </div>
    </Dialog>
  );
}
