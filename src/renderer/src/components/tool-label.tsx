import type { LucideIcon } from 'lucide-react';
import './tool-label.css';

/**
 * A header tool's face: its icon, and its words where the header has room for them. The
 * words stay the button's accessible name and tooltip when a narrow window hides them.
 */
export function ToolLabel({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <>
      <Icon size={16} aria-hidden className="tool-label__icon" />
      <span className="tool-label__text">{text}</span>
    </>
  );
}
