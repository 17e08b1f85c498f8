import { useAtom } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { zoomAtom, type Zoom } from '../state/zoom-atoms.ts';
import { useMenuCommand } from './use-menu-command.ts';
import {
  anchorFraction,
  clampScale,
  scrollCorrection,
  stepZoom,
  wheelZoom,
} from '../zoom/zoom-math.ts';

/** The widest the screenshot is drawn when fitted (SPEC A2's centre width). */
const FIT_MAX_REM = 56;

interface ZoomTargets {
  /** The scrolling viewport around the image box. */
  viewport: RefObject<HTMLDivElement | null>;
  /** The image box (the pins' coordinate box). */
  frame: RefObject<HTMLDivElement | null>;
  /** The screenshot's own width in pixels, once known. */
  naturalWidth: number | null;
}

type Point = { x: number; y: number };

/** What the zoom control and the image box need. */
export interface ZoomHandle {
  zoom: Zoom;
  /** The scale fitting the screenshot to the canvas's width. */
  fitScale: number;
  /** Zooms to `scale`, keeping the image point under `anchor` (default: the view's centre). */
  zoomTo: (scale: number, anchor?: Point) => void;
  step: (direction: 1 | -1) => void;
  fit: () => void;
}

/** The scale at which the screenshot fills the viewport's width, at most 56rem wide. */
function measureFit(view: HTMLElement, naturalWidth: number): number {
  const style = getComputedStyle(view);
  const inner = view.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return Math.max(0.01, Math.min(FIT_MAX_REM * rem, inner) / naturalWidth);
}

/**
 * Zoom and pan of the screenshot: the image box is scaled as a whole (pins are placed in
 * percent of it, so they stay on their points and cost nothing to zoom). Ctrl/Cmd with
 * + − 0, Ctrl+wheel and pinch zoom around the pointer; the scale lives in `zoomAtom`.
 */
export function useZoom({ viewport, frame, naturalWidth }: ZoomTargets): ZoomHandle {
  const [zoom, setZoom] = useAtom(zoomAtom);
  const [fitScale, setFitScale] = useState(1);
  // The zoom as last set, for events that come faster than renders (wheel, keys).
  const current = useRef(zoom);
  // Set before a zoom renders: which image point must stay under which screen point.
  const pending = useRef<{ fx: number; fy: number; x: number; y: number } | null>(null);

  const apply = (next: Zoom, anchor?: Point) => {
    const view = viewport.current?.getBoundingClientRect();
    const box = frame.current?.getBoundingClientRect();
    if (view && box) {
      const point = anchor ?? { x: view.left + view.width / 2, y: view.top + view.height / 2 };
      // Several wheel events may come before one render: the image has not moved since
      // the first, so its fraction still holds; only the pointer may have moved.
      const fraction = pending.current ?? anchorFraction(box, point);
      pending.current = { fx: fraction.fx, fy: fraction.fy, ...point };
    }
    current.current = next;
    setZoom(next);
  };
  const fitNow = () =>
    viewport.current && naturalWidth ? measureFit(viewport.current, naturalWidth) : fitScale;
  const zoomTo = (scale: number, anchor?: Point) => {
    if (!naturalWidth) return;
    const next = clampScale(scale, fitNow());
    if (!current.current.fit && Math.abs(next - current.current.scale) < 1e-4) return;
    apply({ fit: false, scale: next }, anchor);
  };
  const step = (direction: 1 | -1) => zoomTo(stepZoom(current.current.scale, direction, fitNow()));
  const fit = () => apply({ fit: true, scale: fitNow() });
  const wheel = (event: WheelEvent) => {
    const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    zoomTo(wheelZoom(current.current.scale, pixels, fitNow()), {
      x: event.clientX,
      y: event.clientY,
    });
  };

  // Listeners are added once and call the latest handlers.
  const handlers = useRef({ step, fit, wheel });
  useLayoutEffect(() => {
    handlers.current = { step, fit, wheel };
    current.current = zoom;
  });

  // After the box took its new size: scroll the remembered point back under its spot.
  useLayoutEffect(() => {
    const anchor = pending.current;
    const view = viewport.current;
    const box = frame.current?.getBoundingClientRect();
    if (!anchor || !view || !box) return;
    pending.current = null;
    const { dx, dy } = scrollCorrection(box, anchor, anchor);
    view.scrollBy({ left: dx, top: dy, behavior: 'instant' });
  }, [zoom, viewport, frame]);

  // The fit scale follows the canvas's width; in fit mode, so does the zoom.
  useEffect(() => {
    const view = viewport.current;
    if (!view || !naturalWidth) return;
    const measure = () => {
      const scale = measureFit(view, naturalWidth);
      setFitScale(scale);
      if (current.current.fit && Math.abs(scale - current.current.scale) > 1e-4) {
        current.current = { fit: true, scale };
        setZoom(current.current);
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(view);
    return () => observer.disconnect();
  }, [viewport, naturalWidth, setZoom]);

  // Ctrl/Cmd + − 0: in, out, fit. Taken from the browser, whose own zoom would scale the UI.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (document.querySelector('dialog[open]')) return;
      if (event.key === '+' || event.key === '=') handlers.current.step(1);
      else if (event.key === '-' || event.key === '_') handlers.current.step(-1);
      else if (event.key === '0') handlers.current.fit();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // The desktop app's View menu owns the same keys: it sends them here as commands.
  useMenuCommand('zoom-in', () => handlers.current.step(1));
  useMenuCommand('zoom-out', () => handlers.current.step(-1));
  useMenuCommand('zoom-fit', () => handlers.current.fit());

  // Ctrl+wheel, and a trackpad's pinch (which browsers send as Ctrl+wheel), around the pointer.
  useEffect(() => {
    const view = viewport.current;
    if (!view) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      handlers.current.wheel(event);
    };
    view.addEventListener('wheel', onWheel, { passive: false });
    return () => view.removeEventListener('wheel', onWheel);
  }, [viewport]);

  return { zoom, fitScale, zoomTo, step, fit };
}
