import { CritError, type ErrorCode } from '../../shared/errors.ts';

/** Why a capture ended without a result. */
export type CaptureFailure =
  'invalid-target' | 'navigation' | 'navigation-timeout' | 'timeout' | 'cancelled' | 'page-error';

const CODES: Record<CaptureFailure, ErrorCode> = {
  'invalid-target': 'invalid-argument',
  navigation: 'not-found',
  // A page that is too slow for the limits is refused like a file too large to take.
  'navigation-timeout': 'too-large',
  timeout: 'too-large',
  cancelled: 'conflict',
  'page-error': 'unsupported-file',
};

/** A CritError that also says which step of a capture gave up, for tests and progress. */
export class CaptureError extends CritError {
  readonly failure: CaptureFailure;
  constructor(failure: CaptureFailure, message: string) {
    super(CODES[failure], message);
    this.name = 'CaptureError';
    this.failure = failure;
  }
}
