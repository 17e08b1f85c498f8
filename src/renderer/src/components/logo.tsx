/** Crit's mark: a pin with a speech tail. Decorative; the link around it carries the name. */
export function Logo() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--accent)" />
      <path
        d="M16 7a8 8 0 0 0-8 8c0 5.5 8 11 8 11s8-5.5 8-11a8 8 0 0 0-8-8Z"
        fill="var(--accent-contrast)"
      />
      <circle cx="16" cy="15" r="3" fill="var(--accent)" />
    </svg>
  );
}
