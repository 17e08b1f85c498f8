import fc from 'fast-check';
import type { z } from 'zod';
import { lookupChannel, type Channel } from '../../../src/shared/contract.ts';
import { POLLUTING_OBJECTS, anyHostileValue, nestedJunk } from './hostile-values.ts';
import { arbitrariesFor, type ArbitraryContext } from './schema-arbitraries.ts';

/** Generators of whole calls to one channel, derived from its argument schema. */
export interface CallArbitraries {
  /** Argument lists the channel's schema refuses. */
  malformed: fc.Arbitrary<unknown>;
  /**
   * Argument lists the schema accepts whose ids name nothing, or null when the channel
   * takes no id (then a valid call would really do something).
   */
  missingTarget: fc.Arbitrary<unknown[]> | null;
}

/** Builds a channel's call generators. Throws when some argument has no generator. */
export function callArbitraries(channel: Channel, ctx: ArbitraryContext): CallArbitraries {
  const schema = lookupChannel(channel)?.args;
  if (!schema) throw new Error(`${channel} has no argument schema.`);
  const def = (schema as unknown as { _zod: { def: { items: z.ZodType[]; rest: unknown } } })._zod
    .def;
  if (def.rest) throw new Error(`${channel} takes rest arguments; add a generator for them.`);
  const items = def.items.map((item, i) => {
    try {
      return arbitrariesFor(item, ctx);
    } catch (error) {
      throw new Error(`${channel}, argument ${i + 1}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  });
  const valid = fc.tuple(...items.map((a) => a.valid));

  const candidates: fc.Arbitrary<unknown>[] = [
    // Too many arguments.
    fc
      .tuple(valid, fc.array(anyHostileValue, { minLength: 1, maxLength: 3 }))
      .map(([args, extra]) => [...args, ...extra]),
    // Not an argument list at all.
    fc.oneof(anyHostileValue, fc.constantFrom(...POLLUTING_OBJECTS)),
    // A list of junk of about the right length.
    fc.array(nestedJunk, { minLength: items.length, maxLength: items.length + 1 }),
  ];
  if (items.length > 0) {
    candidates.push(
      // Too few arguments.
      fc
        .tuple(valid, fc.integer({ min: 0, max: items.length - 1 }))
        .map(([args, n]) => args.slice(0, n)),
      // One argument wrong, the others right: the likeliest mistake, so the likeliest case.
      fc
        .integer({ min: 0, max: items.length - 1 })
        .chain((i) =>
          fc
            .tuple(valid, items[i]!.invalid)
            .map(([args, bad]) => args.map((arg, j) => (j === i ? bad : arg))),
        ),
      // Holes where arguments should be.
      valid.map((args) => {
        const sparse: unknown[] = [];
        sparse.length = args.length;
        return sparse;
      }),
    );
  }
  const weighted = candidates.map((arbitrary, i) => ({ arbitrary, weight: i === 4 ? 4 : 1 }));
  const malformed = fc.oneof(...weighted).filter((args) => !schema.safeParse(args).success);
  const namesRecord = items.some((a) => a.namesRecord);
  return { malformed, missingTarget: namesRecord ? valid : null };
}
