import { useEffect, useState } from 'react';
import { mediaUrl } from '../bridge/media-url.ts';

export const DEFAULT_AVATAR = '/media/avatars/default.svg';

/** Avatars this window has shown: they show at once from then on (the image is cached). */
const shownBefore = new Set<string>([DEFAULT_AVATAR]);

/**
 * Whether an avatar new to this window may load: once the browser is idle after it was
 * first drawn. A screen with fifty reviewers asks for fifty initials avatars, each an SVG
 * document of its own that takes the main thread a few ms to set up; they wait until the
 * screen's content (pins, cards) is painted, instead of coming between.
 */
function useIdleFirstTime(src: string): boolean {
  const [idle, setIdle] = useState(() => shownBefore.has(src));
  useEffect(() => {
    if (idle) return;
    const id = requestIdleCallback(() => setIdle(true), { timeout: 500 });
    return () => cancelIdleCallback(id);
  }, [idle]);
  if (idle) shownBefore.add(src);
  return idle;
}

interface AvatarProps {
  src: string | undefined;
  /** Text alternative; empty when a name stands next to the avatar. */
  alt: string;
  size?: number;
  className?: string;
}

/** A round avatar that falls back to the default one when its image is missing or broken. */
export function Avatar({ src, alt, size = 32, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = !src || failed === src ? DEFAULT_AVATAR : src;
  const load = useIdleFirstTime(shown);
  return (
    <img
      className={['avatar', className].filter(Boolean).join(' ')}
      src={load ? mediaUrl(shown) : undefined}
      alt={alt}
      width={size}
      height={size}
      onError={() => {
        if (shown !== DEFAULT_AVATAR) setFailed(src ?? null);
      }}
    />
  );
}
