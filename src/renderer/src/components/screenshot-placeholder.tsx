import { useState } from 'react';

/**
 * Whether the image at `src` has loaded (or failed: then the browser shows its own
 * broken image), and the handlers that tell. A new `src` starts as not loaded.
 */
export function useImageLoaded(src: string) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const done = () => setLoaded(src);
  return { loaded: loaded === src, onLoad: done, onError: done };
}

/**
 * What shows while a page's screenshot loads: a box of the image's shape (where its size
 * is known) with a quiet shimmer, announced once to screen readers.
 */
export function ScreenshotPlaceholder({ width, height }: { width?: number; height?: number }) {
  const shape = width && height ? { aspectRatio: `${width} / ${height}` } : undefined;
  return (
    <output className="screenshot__placeholder" style={shape}>
      <span className="screenshot__placeholder-label">Loading screenshot…</span>
    </output>
  );
}
