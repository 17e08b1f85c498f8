import { useAtom } from 'jotai';
import { Ellipsis } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../bridge/api.ts';
import { DesignAbout } from '../components/design-about.tsx';
import { MenuButton } from '../components/menu-button.tsx';
import { designAtom } from '../state/design-atoms.ts';
import { useDesignActions } from './use-design-actions.tsx';
import { useProfileGate } from './use-profile-gate.ts';

/**
 * The open design's own controls in the workspace: its menu (rename, describe,
 * duplicate, delete), its description in the sidebar, and its likes (the local user's
 * toggle, saved). A duplicate opens at once; a deleted design goes back to the landing
 * screen.
 */
export function useDesignManagement() {
  const [design, setDesign] = useAtom(designAtom);
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [liking, setLiking] = useState(false);
  const gate = useProfileGate();
  const actions = useDesignActions(design, {
    onChanged: ({ id, name, description }) =>
      setDesign((d) => (d?.id === id ? { ...d, name, description } : d)),
    onDuplicated: (copy) => navigate(`/designs/${copy.id}`),
    onDeleted: () => navigate('/'),
    onError: setError,
  });

  const toggleLike = () =>
    gate('Likes are counted per person. Tell reviewers who you are.', () => {
      if (!design) return;
      setLiking(true);
      setError(null);
      api.designs
        .like(design.id)
        .then(
          (likes) => setDesign((d) => (d?.id === design.id ? { ...d, likes } : d)),
          (e: Error) => setError(e.message),
        )
        .finally(() => setLiking(false));
    });

  const menu = design && (
    <>
      <MenuButton label="Design actions" items={actions.items}>
        <Ellipsis size={18} aria-hidden />
      </MenuButton>
      {actions.dialogs}
    </>
  );
  const about = design && (
    <DesignAbout
      description={design.description}
      onEdit={() => actions.openEditor('description')}
    />
  );
  const likes = design ? { value: design.likes, toggle: toggleLike, busy: liking } : undefined;
  return { menu, about, likes, error, clearError: () => setError(null) };
}
