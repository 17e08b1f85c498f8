/**
 * Moves focus to a comment's card once it is on screen: a new or chosen card may first
 * need a render, or a scroll of a windowed list, before it exists. Gives up after about
 * half a second (the card was filtered out or the comment deleted meanwhile).
 */
export function focusCommentCard(commentId: string, frames = 30): void {
  const card = document.querySelector<HTMLElement>(
    `[data-testid="comments-panel"] article[data-comment-id="${CSS.escape(commentId)}"]`,
  );
  if (card) {
    card.focus();
    return;
  }
  if (frames > 0) requestAnimationFrame(() => focusCommentCard(commentId, frames - 1));
}

/** True when a key press is meant for a text field, not for a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}
