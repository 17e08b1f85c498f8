/** The capture engine: one CDP sequence, driven by whichever browser the host provides. */
export type { CdpSend, CdpOn, CdpSession, CaptureSessionHandle, CaptureTarget } from './cdp.ts';
export type { OpenCaptureSession } from './cdp.ts';
export { CaptureError, type CaptureFailure } from './capture-error.ts';
export { capturePage, type CaptureOptions, type CaptureResult } from './capture-page.ts';
export { COLLECT_ELEMENTS_SCRIPT, MAX_CAPTURED_ELEMENTS } from './collect-elements.ts';
export { relocatePins, type AnchoredPin, type RelocatedPin } from './relocate.ts';
export {
  checkCaptureWidth,
  isAllowedCaptureNavigation,
  isAllowedCaptureRequest,
  MAX_CAPTURE_HEIGHT,
  MAX_CAPTURE_WIDTH,
  MIN_CAPTURE_WIDTH,
  parseCaptureUrl,
} from './target.ts';
export { MAX_TILE_HEIGHT, planTiles, stitchTiles } from './tiles.ts';
export { captureWith } from './capture-with.ts';
