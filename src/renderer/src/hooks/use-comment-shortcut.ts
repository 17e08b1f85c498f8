import { useEffect } from 'react';

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/** `C` toggles comment mode and `Esc` leaves it, unless the user is typing or a dialog is open. */
export function useCommentShortcut(toggle: () => void, leave: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.defaultPrevented ||
        isTyping(event.target) ||
        document.querySelector('dialog[open]')
      )
        return;
      if (
        (event.key === 'c' || event.key === 'C') &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey
      ) {
        event.preventDefault();
        toggle();
      } else if (event.key === 'Escape') {
        leave();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle, leave]);
}
