import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Printing the workspace: `Ctrl/Cmd+P` (which the desktop app's menu leaves to the page)
 * and the browser's own Print both first render what only paper shows, then print.
 * True from then until the print is over.
 */
export function usePrint(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    // Synchronous: the print is laid out right after these handlers return.
    const start = () => flushSync(() => setPrinting(true));
    const end = () => setPrinting(false);
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (!mod || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'p') return;
      event.preventDefault();
      start();
      window.print();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', end);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', end);
    };
  }, []);
  return printing;
}
