import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { Comment } from '../../../shared/domain.ts';
import { hasUnread } from '../state/unread-atoms.ts';
import {
  PIN_REACH,
  paintedArea,
  paintPins,
  pinAt,
  pinPlaces,
  type PinPlaces,
} from './pin-paint.ts';
import { viewOf, type PinWindow } from './pin-window.ts';

interface PinCanvasProps {
  /** The pins to draw, in drawing order. */
  pins: readonly Comment[];
  numbers: ReadonlyMap<string, number>;
  /** The part of the image they are in (see `pin-window.ts`): the canvas covers it. */
  window: PinWindow;
  /** Kept, drawn, while fewer pins are shown as buttons. */
  hidden: boolean;
  onSelect: (comment: Comment) => void;
  /** A pointer went down on a pin: it is selected, and a drag may start. */
  onPress: (comment: Comment, event: ReactPointerEvent<HTMLCanvasElement>) => void;
}

/** Redraws after anything that changes how a pin looks but not which pins there are. */
function usePaintVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    // A move to a screen of another pixel ratio, the colour scheme (the new-dot's colour),
    // and the bundled font arriving after the first drawing.
    const ratio = matchMedia(`(resolution: ${devicePixelRatio}dppx)`);
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    ratio.addEventListener('change', bump);
    scheme.addEventListener('change', bump);
    document.fonts.addEventListener('loadingdone', bump);
    return () => {
      ratio.removeEventListener('change', bump);
      scheme.removeEventListener('change', bump);
      document.fonts.removeEventListener('loadingdone', bump);
    };
  }, [version]);
  return version;
}

/**
 * A crowd of pins drawn as one picture: where a screenful holds hundreds of pins, a
 * button for each costs style, layout and paint on every change (a reviewer filter
 * switch, a scroll that brings in more), and tabbing through them helps no one; the
 * comment list is their accessible form, and the selected pin is a real button over the
 * picture. Drawn before the frame is painted, so pins never lag the image; a pointer on
 * a pin selects it (and may drag it), elsewhere it goes through to the image.
 */
export function PinCanvas({ pins, numbers, window, hidden, onSelect, onPress }: PinCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const drawn = useRef<{ pins: readonly Comment[]; places: PinPlaces } | null>(null);
  const version = usePaintVersion();

  useLayoutEffect(() => {
    const canvas = ref.current;
    const layer = canvas?.parentElement;
    if (!canvas || !layer) return;
    const box = { width: layer.offsetWidth, height: layer.offsetHeight };
    const area = paintedArea(window, box);
    const ratio = Math.min(3, Math.max(1, devicePixelRatio || 1));
    canvas.style.left = `${area.left}px`;
    canvas.style.top = `${area.top}px`;
    canvas.style.width = `${area.width}px`;
    canvas.style.height = `${area.height}px`;
    const width = Math.round(area.width * ratio);
    const height = Math.round(area.height * ratio);
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const style = getComputedStyle(layer);
    const look = {
      fill: style.getPropertyValue('--pin-fill').trim() || '#c9343b',
      resolvedFill: style.getPropertyValue('--pin-resolved-fill').trim() || '#1d7a4f',
      accent: style.getPropertyValue('--accent').trim() || '#5b4bdb',
      font: `700 13px ${style.fontFamily}`,
    };
    const places = pinPlaces(
      pins.map((c) => c.position),
      box,
      area,
    );
    const painted = pins.map((c) => ({
      number: numbers.get(c.id) ?? 0,
      resolved: c.status === 'resolved',
      unread: hasUnread(c),
    }));
    drawn.current = { pins, places };
    // The part in view first, before this frame is painted; the margin's pins (a quarter
    // of a view each way) in the one after, so a switch or a scroll waits only for what is seen.
    const view = viewOf(window);
    const x = (percent: number) => (percent / 100) * box.width - area.left;
    const y = (percent: number) => (percent / 100) * box.height - area.top;
    const rect = {
      left: x(view.left),
      top: y(view.top),
      right: x(view.right),
      bottom: y(view.bottom),
    };
    const start = performance.now();
    const first = paintPins(ctx, painted, places, look, ratio, { rect, inside: true });
    // Read by the benchmark: what drawing the pins in view costs, kept picture or not.
    performance.measure('crit:paint-pins', { start, detail: { pins: first } });
    // What the picture holds, for whoever checks it (tests, the bench): the part of the
    // image, in percent, whose pins are all drawn, and how many pins are drawn.
    const reachX = (PIN_REACH / box.width) * 100;
    const reachY = (PIN_REACH / box.height) * 100;
    const record = (part: PinWindow, count: number) => {
      canvas.dataset.window = [part.left, part.top, part.right, part.bottom].join(' ');
      canvas.dataset.pins = String(count);
    };
    record(
      {
        left: view.left - reachX,
        top: view.top - reachY,
        right: view.right + reachX,
        bottom: view.bottom + reachY,
      },
      first,
    );
    // In the frame after this one is painted (a first callback would run before it is).
    let later = requestAnimationFrame(() => {
      later = requestAnimationFrame(() => {
        paintPins(ctx, painted, places, look, ratio, { rect, inside: false });
        record(window, pins.length);
      });
    });
    return () => cancelAnimationFrame(later);
  }, [pins, numbers, window, version]);

  /** The pin under the pointer, topmost first. */
  const hit = (event: MouseEvent<HTMLCanvasElement>): Comment | null => {
    const current = drawn.current;
    if (!current) return null;
    const r = event.currentTarget.getBoundingClientRect();
    const at = pinAt(current.places, event.clientX - r.left, event.clientY - r.top);
    return at < 0 ? null : current.pins[at]!;
  };

  return (
    <canvas
      ref={ref}
      className="pin-canvas"
      data-testid="pin-canvas"
      // The comment list holds every one of these pins, each with its number and author.
      aria-hidden="true"
      style={{
        position: 'absolute',
        visibility: hidden ? 'hidden' : 'visible',
        pointerEvents: hidden ? 'none' : 'auto',
      }}
      onPointerDown={(event) => {
        const comment = hit(event);
        if (!comment || event.button !== 0) return;
        event.stopPropagation();
        onPress(comment, event);
      }}
      onClick={(event) => {
        // Through to the image (a new pin, in comment mode) unless it is on a pin.
        const comment = hit(event);
        if (!comment) return;
        event.stopPropagation();
        onSelect(comment);
      }}
    />
  );
}
