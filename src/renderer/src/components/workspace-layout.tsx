import type { ReactNode } from 'react';
import './workspace-layout.css';

interface WorkspaceLayoutProps {
  header: ReactNode;
  sidebar: ReactNode;
  canvas: ReactNode;
  panel: ReactNode;
  /** Shown across the workspace, e.g. an import in progress or an error. */
  banner?: ReactNode;
}

/** The three-panel review workspace: sidebar, screenshot, comments. */
export function WorkspaceLayout({ header, sidebar, canvas, panel, banner }: WorkspaceLayoutProps) {
  return (
    <div className="workspace-screen">
      {header}
      {banner}
      <div className="workspace">
        <div className="workspace__sidebar" data-testid="sidebar">
          {sidebar}
        </div>
        <main className="workspace__canvas" data-testid="canvas">
          {canvas}
        </main>
        <div className="workspace__panel" data-testid="comments-panel">
          {panel}
        </div>
      </div>
    </div>
  );
}
