import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { TAGS, type ElementBox } from '../../shared/domain.ts';

const elementMap = z.array(
  z.object({
    tag: z.enum(TAGS),
    x: z.number().min(0).max(100),
    y: z.number().min(0).max(100),
    w: z.number().min(0).max(100),
    h: z.number().min(0).max(100),
  }),
);

/**
 * Reads the element map shipped next to a sample screenshot (`<name>.elements.json`),
 * once per file. A missing or malformed map means no suggestions, never an error.
 */
export function createSampleElements(resourcesDir: string) {
  const cache = new Map<string, Promise<ElementBox[] | undefined>>();
  return (imageAddress: string): Promise<ElementBox[] | undefined> => {
    const file = /^\/media\/samples\/([a-z0-9-]+)\.png$/.exec(imageAddress)?.[1];
    if (!file) return Promise.resolve(undefined);
    let entry = cache.get(file);
    if (!entry) {
      entry = readFile(path.join(resourcesDir, 'samples', `${file}.elements.json`), 'utf8')
        .then((text) => {
          const parsed = elementMap.safeParse(JSON.parse(text));
          return parsed.success ? parsed.data : undefined;
        })
        .catch(() => undefined);
      cache.set(file, entry);
    }
    return entry;
  };
}
