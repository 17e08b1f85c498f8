/**
 * How to scroll things into view: smoothly, unless the user asked the system for reduced
 * motion (then at once). Read at each use, so a change of the setting applies at once.
 */
export function motion(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
