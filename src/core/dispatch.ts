import { z } from 'zod';
import { lookupChannel, type Handlers } from '../shared/contract.ts';
import { CritError, errorEnvelope, type Envelope } from '../shared/errors.ts';

/** Dispatches one bridge call: checks the channel, parses the arguments, runs the handler. */
export type Dispatch = (channel: string, args: unknown) => Promise<Envelope<unknown>>;

const fail = errorEnvelope;

/**
 * Builds the one entry point every transport (IPC, HTTP, tests) calls. It never throws:
 * unknown channels, bad arguments and failing handlers all come back as typed errors.
 */
export function createDispatch(
  handlers: Handlers,
  log: (error: unknown) => void = (e) => console.error(e),
): Dispatch {
  return async (channel, args) => {
    const def = typeof channel === 'string' ? lookupChannel(channel) : undefined;
    if (!def) return fail('unknown-channel', `Unknown call "${String(channel).slice(0, 80)}".`);
    const parsed = def.args.safeParse(args);
    if (!parsed.success) {
      const tooLarge = parsed.error.issues.find(
        (i) => i.code === 'custom' && i.params?.code === 'too-large',
      );
      if (tooLarge) return fail('too-large', tooLarge.message);
      return fail(
        'invalid-argument',
        `Bad arguments to ${channel}: ${z.prettifyError(parsed.error)}`,
      );
    }
    const [ns, method] = channel.split(':') as [string, string];
    const handler = (handlers as unknown as Record<string, Record<string, Function>>)[ns]?.[method];
    if (!handler) return fail('unknown-channel', `No handler for "${channel}".`);
    try {
      return { ok: true, value: await handler(...(parsed.data as unknown[])) };
    } catch (error) {
      if (error instanceof CritError) return fail(error.code, error.message);
      log(error);
      return fail('internal', `${channel} failed unexpectedly. Nothing was changed.`);
    }
  };
}
