import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Avatar } from './avatar.tsx';
import { Logo } from './logo.tsx';
import './app-header.css';

interface AppHeaderProps {
  title?: string;
  userAvatar?: string | undefined;
  userName?: string | undefined;
  /** Tools shown between the title and the avatar. */
  children?: ReactNode;
}

/** The top bar: the logo back to the landing screen, the design's title, the user's avatar. */
export function AppHeader({ title, userAvatar, userName, children }: AppHeaderProps) {
  return (
    <header className="app-header">
      <Link href="/" className="app-header__logo" aria-label="Crit home">
        <Logo />
        <span className="app-header__brand">Crit</span>
      </Link>
      {title !== undefined && <h1 className="app-header__title">{title}</h1>}
      <div className="app-header__tools">{children}</div>
      <Avatar
        src={userAvatar}
        alt={userName ? `${userName} (you)` : 'Your avatar'}
        size={32}
        className="app-header__avatar"
      />
    </header>
  );
}
