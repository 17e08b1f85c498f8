import { CritError } from '../../shared/errors.ts';
import { inspectImage } from '../store/image-intake.ts';

/** What the package reader needs to know of an accepted image. */
export interface CheckedImage {
  ext: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

/**
 * Puts an image from a package through the same checks as an imported image (the store's
 * intake check, which decodes every pixel), and checks that its bytes are of the kind its
 * name says. The one place the reader depends on the intake's API. Refusals keep the
 * intake's code and name the entry.
 */
export async function checkPackageImage(
  bytes: Uint8Array,
  entryName: string,
): Promise<CheckedImage> {
  let info: Awaited<ReturnType<typeof inspectImage>>;
  try {
    info = await inspectImage(bytes);
  } catch (error) {
    if (error instanceof CritError) {
      throw new CritError(
        error.code,
        `The package image ${entryName} is refused: ${error.message}`,
      );
    }
    throw error;
  }
  if (!entryName.endsWith(`.${info.ext}`)) {
    throw new CritError(
      'unsupported-file',
      `The package image ${entryName} is a ${info.ext.toUpperCase()} file under another extension.`,
    );
  }
  return { ext: info.ext, width: info.width, height: info.height };
}
