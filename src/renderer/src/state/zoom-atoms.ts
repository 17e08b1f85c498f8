import { atom } from 'jotai';

/**
 * How the screenshot is scaled. `fit` follows the canvas's width (the default); otherwise
 * the scale was chosen. `scale` is always the current one, in CSS pixels per image pixel
 * (1 = the screenshot's own size): in fit mode the screenshot measures it and writes it
 * here, so anything drawn over the image (pins, culling by what is in view) reads one value.
 */
export interface Zoom {
  fit: boolean;
  scale: number;
}

/** The screenshot's zoom, shared by the image box, the zoom control and the pin layer. */
export const zoomAtom = atom<Zoom>({ fit: true, scale: 1 });
