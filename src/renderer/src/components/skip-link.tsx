import './skip-link.css';

/**
 * "Skip to the screenshot": the first thing Tab reaches in a workspace, shown only when
 * focused. Routes are hash routes, so it moves focus itself instead of changing the hash.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a
      className="skip-link"
      href={`#${targetId}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
    >
      Skip to the screenshot
    </a>
  );
}
