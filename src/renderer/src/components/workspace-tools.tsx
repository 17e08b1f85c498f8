import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Keyboard } from 'lucide-react';
import { useCallback } from 'react';
import { useCommentShortcut } from '../hooks/use-comment-shortcut.ts';
import { useProfileGate } from '../hooks/use-profile-gate.ts';
import { commentModeAtom } from '../state/design-atoms.ts';
import { profileAtom, profilePromptAtom } from '../state/profile-atoms.ts';
import { shortcutsOpenAtom } from '../state/ui-atoms.ts';

/** The workspace's tools in the top bar: comment mode (also `C`) and the profile. */
export function WorkspaceTools({ canComment }: { canComment: boolean }) {
  const [commenting, setCommenting] = useAtom(commentModeAtom);
  const profile = useAtomValue(profileAtom);
  const openProfile = useSetAtom(profilePromptAtom);
  const openShortcuts = useSetAtom(shortcutsOpenAtom);
  const gate = useProfileGate();
  const toggle = useCallback(() => {
    if (!canComment) return;
    if (commenting) setCommenting(false);
    else
      gate('Comments you write carry your name. Tell reviewers who you are.', () =>
        setCommenting(true),
      );
  }, [canComment, commenting, gate, setCommenting]);
  const leave = useCallback(() => setCommenting(false), [setCommenting]);
  useCommentShortcut(toggle, leave);
  return (
    <>
      <button
        type="button"
        className="button"
        aria-pressed={commenting}
        aria-keyshortcuts="C"
        disabled={!canComment}
        title="Comment mode (C)"
        onClick={toggle}
      >
        {commenting ? 'Done commenting' : 'Comment'}
      </button>
      <button
        type="button"
        className="button button--icon"
        aria-label="Keyboard shortcuts"
        aria-keyshortcuts="?"
        title="Keyboard shortcuts (?)"
        onClick={() => openShortcuts(true)}
      >
        <Keyboard size={18} aria-hidden />
      </button>
      <button type="button" className="button" onClick={() => openProfile({ reason: '' })}>
        <span className="button__label" title={profile?.name}>
          {profile ? profile.name : 'Set up profile'}
        </span>
      </button>
    </>
  );
}
