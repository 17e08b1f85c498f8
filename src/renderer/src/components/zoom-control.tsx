import { MAX_ZOOM, lowestScale, zoomLabel } from '../zoom/zoom-math.ts';
import type { ZoomHandle } from '../hooks/use-zoom.ts';
import './zoom-control.css';

/** The zoom level and its buttons, over the canvas: out, the level, in, fit, 100 %. */
export function ZoomControl({ handle }: { handle: ZoomHandle }) {
  const { zoom, step, fit, zoomTo, fitScale } = handle;
  return (
    <div className="zoom-control" role="toolbar" aria-label="Zoom">
      <button
        type="button"
        className="zoom-control__button"
        aria-label="Zoom out"
        title="Zoom out (Ctrl −)"
        aria-keyshortcuts="Control+Minus Meta+Minus"
        disabled={zoom.scale <= lowestScale(fitScale) + 1e-3}
        onClick={() => step(-1)}
      >
        −
      </button>
      <output className="zoom-control__level" aria-live="polite" data-testid="zoom-level">
        {zoomLabel(zoom.scale)}
      </output>
      <button
        type="button"
        className="zoom-control__button"
        aria-label="Zoom in"
        title="Zoom in (Ctrl +)"
        aria-keyshortcuts="Control+Equal Meta+Equal"
        disabled={zoom.scale >= MAX_ZOOM - 1e-3}
        onClick={() => step(1)}
      >
        +
      </button>
      <button
        type="button"
        className="zoom-control__button zoom-control__button--text"
        aria-pressed={zoom.fit}
        title="Fit to width (Ctrl 0)"
        aria-keyshortcuts="Control+0 Meta+0"
        onClick={fit}
      >
        Fit
      </button>
      <button
        type="button"
        className="zoom-control__button zoom-control__button--text"
        aria-pressed={!zoom.fit && Math.abs(zoom.scale - 1) < 1e-3}
        title="Actual size"
        onClick={() => zoomTo(1)}
      >
        100 %
      </button>
    </div>
  );
}
