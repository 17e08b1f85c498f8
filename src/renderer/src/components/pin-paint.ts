import type { PinWindow } from './pin-window.ts';

/**
 * Painting a crowd of pins on a canvas: where the canvas goes, where each pin lands on it,
 * which pin a pointer is on, and how one is drawn. A pin looks as `pin.css` draws it: a
 * 28 px disc with a 2 px white border, a 1 px dark ring outside it, its number in white,
 * and, when new, a dot at its top right.
 */

/** The pin's radius to the outside of its white border (half of 28 px). */
export const PIN_RADIUS = 14;
/** … to the outside of its dark ring: a pointer this close is on the pin, as on a button. */
export const PIN_OUTER_RADIUS = PIN_RADIUS + 1;
/** How far a pin's drawing reaches from its centre (its new-dot included). */
export const PIN_REACH = 18;

/** A rectangle in px of the image's box (the pin layer). */
export interface PixelArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The part of the image's box the canvas covers: `window` cut to the image (no pin lies
 * outside it), widened by a pin's reach so pins on its edges show whole, in whole px.
 */
export function paintedArea(window: PinWindow, box: { width: number; height: number }): PixelArea {
  const clamp = (v: number) => Math.min(100, Math.max(0, v));
  const left = Math.floor((clamp(window.left) / 100) * box.width) - PIN_REACH;
  const top = Math.floor((clamp(window.top) / 100) * box.height) - PIN_REACH;
  const right = Math.ceil((clamp(window.right) / 100) * box.width) + PIN_REACH;
  const bottom = Math.ceil((clamp(window.bottom) / 100) * box.height) + PIN_REACH;
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** Pin centres in px of the canvas, in drawing order (the last drawn is on top). */
export interface PinPlaces {
  xs: Float64Array;
  ys: Float64Array;
}

/** Where pins at these x%/y% of the image land on a canvas over `area` of a `box`. */
export function pinPlaces(
  points: readonly { x: number; y: number }[],
  box: { width: number; height: number },
  area: PixelArea,
): PinPlaces {
  const xs = new Float64Array(points.length);
  const ys = new Float64Array(points.length);
  points.forEach((p, i) => {
    xs[i] = (p.x / 100) * box.width - area.left;
    ys[i] = (p.y / 100) * box.height - area.top;
  });
  return { xs, ys };
}

/** The index of the topmost pin under the point (x, y) of the canvas, or -1. */
export function pinAt(places: PinPlaces, x: number, y: number): number {
  const r2 = PIN_OUTER_RADIUS * PIN_OUTER_RADIUS;
  for (let i = places.xs.length - 1; i >= 0; i--) {
    const dx = places.xs[i]! - x;
    const dy = places.ys[i]! - y;
    if (dx * dx + dy * dy <= r2) return i;
  }
  return -1;
}

/** The colours and font a pin is drawn with, read from the stylesheet's custom properties. */
export interface PinLook {
  fill: string;
  resolvedFill: string;
  /** The new-dot's colour. */
  accent: string;
  font: string;
}

/** What is drawn for one pin. */
export interface PaintedPin {
  number: number;
  resolved: boolean;
  unread: boolean;
}

/** A pin's disc, border and ring, drawn once per colour at the canvas's pixel ratio. */
function discSprite(fill: string, ratio: number): HTMLCanvasElement {
  const size = 2 * (PIN_OUTER_RADIUS + 1);
  const sprite = document.createElement('canvas');
  sprite.width = Math.ceil(size * ratio);
  sprite.height = Math.ceil(size * ratio);
  const ctx = sprite.getContext('2d')!;
  ctx.scale(ratio, ratio);
  const c = size / 2;
  dot(ctx, c, c, PIN_OUTER_RADIUS, 'rgb(0 0 0 / 35%)');
  dot(ctx, c, c, PIN_RADIUS, '#fff');
  dot(ctx, c, c, PIN_RADIUS - 2, fill);
  return sprite;
}

/** A rectangle in px of the canvas. */
export interface CanvasRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Which of the pins at `places` show some of themselves inside `rect` (`inside`), or
 * outside it: those a drawing clipped to that part must draw, in their order.
 */
export function pinsTouching(places: PinPlaces, rect: CanvasRect, inside: boolean): number[] {
  const touching: number[] = [];
  for (let i = 0; i < places.xs.length; i++) {
    const x = places.xs[i]!;
    const y = places.ys[i]!;
    const near =
      x >= rect.left - PIN_REACH &&
      x <= rect.right + PIN_REACH &&
      y >= rect.top - PIN_REACH &&
      y <= rect.bottom + PIN_REACH;
    const within =
      x > rect.left + PIN_REACH &&
      x < rect.right - PIN_REACH &&
      y > rect.top + PIN_REACH &&
      y < rect.bottom - PIN_REACH;
    if (inside ? near : !within) touching.push(i);
  }
  return touching;
}

/**
 * Draws the pins at `places` on a canvas of `ratio` device pixels per CSS pixel, in two
 * parts: `inside` clears the canvas and draws what falls inside `rect` (the view), the
 * other part what falls outside it (the margin), each clipped to its part, so the two
 * together are exactly one drawing of them all in order. Each disc is one copy of a
 * ready-made sprite, and its number one line of text.
 */
export function paintPins(
  ctx: CanvasRenderingContext2D,
  pins: readonly PaintedPin[],
  places: PinPlaces,
  look: PinLook,
  ratio: number,
  part: { rect: CanvasRect; inside: boolean },
): number {
  const { rect, inside } = part;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  if (inside) ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const drawn = pinsTouching(places, rect, inside);
  if (drawn.length === 0) return 0;
  ctx.save();
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.beginPath();
  if (!inside) ctx.rect(0, 0, ctx.canvas.width / ratio, ctx.canvas.height / ratio);
  ctx.rect(rect.left, rect.top, rect.right - rect.left, rect.bottom - rect.top);
  ctx.clip('evenodd');
  const open = discSprite(look.fill, ratio);
  const resolved = discSprite(look.resolvedFill, ratio);
  const half = PIN_OUTER_RADIUS + 1;
  const spriteSize = open.width / ratio;
  ctx.font = look.font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#fff';
  for (const i of drawn) {
    const pin = pins[i]!;
    const x = places.xs[i]!;
    const y = places.ys[i]!;
    // At whole device pixels and the sprite's own size, a copy is a plain blit.
    ctx.drawImage(
      pin.resolved ? resolved : open,
      Math.round((x - half) * ratio) / ratio,
      Math.round((y - half) * ratio) / ratio,
      spriteSize,
      spriteSize,
    );
    ctx.fillText(String(pin.number), x, y + 0.5);
    // Each pin is a layer of its own in the stylesheet, its new-dot included: the next pin
    // drawn covers it.
    if (pin.unread) {
      dot(ctx, x + 9, y - 9, 7, '#fff');
      dot(ctx, x + 9, y - 9, 5, look.accent);
      ctx.fillStyle = '#fff';
    }
  }
  ctx.restore();
  return drawn.length;
}

function dot(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, colour: string) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fillStyle = colour;
  ctx.fill();
}
