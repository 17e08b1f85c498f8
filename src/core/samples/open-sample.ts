import type { ElementBox, Review } from '../../shared/domain.ts';
import { buildSample, type SampleOptions } from './build-sample.ts';
import { resolveSample } from './catalogue.ts';

/**
 * A sample as the workspace opens it: fresh mock data whose pins are placed on the
 * screenshots' element maps, and each page with its map (for the composer's tag
 * suggestion). `elementsFor` reads a screenshot's shipped map; a missing one means
 * pins placed anywhere and no suggestions, never an error.
 */
export async function openSample(
  name: string | undefined,
  elementsFor: (img: string) => Promise<ElementBox[] | undefined>,
  options: Omit<SampleOptions, 'elementsOf'> = {},
): Promise<Review> {
  const images = resolveSample(name).pages.map((p) => p.img);
  const maps = new Map(
    await Promise.all(images.map(async (img) => [img, await elementsFor(img)] as const)),
  );
  const review = buildSample(name, { ...options, elementsOf: (img) => maps.get(img) });
  return { ...review, pages: review.pages.map((p) => ({ ...p, elements: maps.get(p.img) })) };
}
