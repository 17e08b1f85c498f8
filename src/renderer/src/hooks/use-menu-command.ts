import { useEffect, useRef } from 'react';
import type { EventPayload } from '../../../shared/events.ts';
import { isDesktop } from '../bridge/api.ts';
import { onEvent } from '../bridge/events.ts';

type MenuCommand = EventPayload<'menu:command'>['command'];

/**
 * Runs `handler` when the application menu sends `command` (desktop app only; browser
 * mode has no menu), for as long as the calling component is mounted.
 */
export function useMenuCommand(command: MenuCommand, handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    // Browser mode has no application menu: no stream is opened for it.
    if (!isDesktop) return;
    return onEvent('menu:command', (payload) => {
      if (payload.command === command) latest.current();
    });
  }, [command]);
}
