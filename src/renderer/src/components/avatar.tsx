import { useState } from 'react';
import { mediaUrl } from '../bridge/media-url.ts';

export const DEFAULT_AVATAR = '/media/avatars/default.svg';

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
  return (
    <img
      className={['avatar', className].filter(Boolean).join(' ')}
      src={mediaUrl(shown)}
      alt={alt}
      width={size}
      height={size}
      onError={() => {
        if (shown !== DEFAULT_AVATAR) setFailed(src ?? null);
      }}
    />
  );
}
