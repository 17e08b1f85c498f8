import type { KeyboardEvent, ReactNode } from 'react';
import { ReviewShortcuts } from './review-shortcuts.tsx';
import { SkipLink } from './skip-link.tsx';
import './workspace-layout.css';

interface WorkspaceLayoutProps {
  header: ReactNode;
  sidebar: ReactNode;
  canvas: ReactNode;
  panel: ReactNode;
  /** Shown across the workspace, e.g. an import in progress or an error. */
  banner?: ReactNode;
  /** Keys pressed on the screenshot or its pins (moving a pin with the arrows). */
  onCanvasKeyDown?: ((event: KeyboardEvent<HTMLElement>) => void) | undefined;
}

/** The id of the screenshot area, where the skip link goes. */
export const CANVAS_ID = 'screenshot-area';

/** The three-panel review workspace: sidebar, screenshot, comments. */
export function WorkspaceLayout(props: WorkspaceLayoutProps) {
  const { header, sidebar, canvas, panel, banner, onCanvasKeyDown } = props;
  return (
    <div className="workspace-screen">
      <SkipLink targetId={CANVAS_ID} />
      {header}
      {banner}
      <div className="workspace">
        <div className="workspace__sidebar" data-testid="sidebar">
          {sidebar}
        </div>
        {/* Key presses bubble here from the pins inside (arrows move one's own). */}
        {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <main
          id={CANVAS_ID}
          className="workspace__canvas"
          data-testid="canvas"
          aria-label="Screenshot"
          // Reached by the skip link, not by Tab.
          tabIndex={-1}
          onKeyDown={onCanvasKeyDown}
        >
          {canvas}
        </main>
        <div className="workspace__panel" data-testid="comments-panel">
          {panel}
        </div>
      </div>
      <ReviewShortcuts />
    </div>
  );
}
