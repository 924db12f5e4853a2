// Main's single entry for every channel, whatever the transport (Electron IPC or the test bridge):
// unknown channel -> error; arguments validated against the contract; every outcome an envelope.
import type { z } from 'zod';
import {
  CHANNELS,
  type ChannelEntry,
  type Domain,
  type ParsedArgsOf,
  type ResultOf,
  type Verb,
} from '../../src-shared/contract/channels.ts';
import type { Envelope } from '../../src-shared/contract/errors.ts';
import { ServiceError } from './errors.ts';

export type Handlers = {
  [D in Domain]: { [V in Verb<D>]: (...args: ParsedArgsOf<D, V>) => Promise<ResultOf<D, V>> };
};

export type Dispatch = (channel: string, args: unknown) => Promise<Envelope<unknown>>;

const byName: ReadonlyMap<string, ChannelEntry> = new Map(CHANNELS.map((entry) => [entry.name, entry]));

export function createDispatch(handlers: Handlers, log: (line: string) => void = () => {}): Dispatch {
  return async (channel, args) => {
    const entry = typeof channel === 'string' ? byName.get(channel) : undefined;
    if (!entry) {
      return failure(
        'unknown_channel',
        `Unknown channel: ${typeof channel === 'string' ? channel.slice(0, 80) : `(${typeof channel})`}`,
      );
    }
    const parsed = safeParse(entry, args);
    if (!parsed) {
      // The schema itself threw: a BigInt or a cycle where JSON is expected, nesting deep enough to
      // exhaust the stack... IPC's structured clone carries all of these. Still a typed refusal.
      return failure('invalid_argument', 'The arguments are not plain JSON-like data and were refused.', {
        issues: [{ path: [], message: 'not plain JSON-like data' }],
      });
    }
    if (!parsed.success) {
      return failure('invalid_argument', describeIssues(parsed.error), {
        issues: parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
      });
    }
    const handler = (handlers[entry.domain] as Record<string, (...a: unknown[]) => Promise<unknown>>)[entry.verb];
    try {
      return { ok: true, value: await handler(...(parsed.data as unknown[])) };
    } catch (error) {
      if (error instanceof ServiceError) return failure(error.code, error.message, error.details);
      // Unexpected: neither the log nor the renderer gets the message, which could echo an argument (a secret).
      const name = (error as Error)?.name ?? 'Error';
      log(`${entry.name} failed: ${name}`);
      return failure('internal', `Internal error in ${entry.name} (${name}); the app log has the channel and time.`);
    }
  };
}

function safeParse(entry: ChannelEntry, args: unknown): ReturnType<ChannelEntry['args']['safeParse']> | null {
  try {
    return entry.args.safeParse(args);
  } catch {
    return null;
  }
}

function failure(code: ServiceError['code'], message: string, details?: Record<string, unknown>): Envelope<never> {
  return { ok: false, error: details ? { code, message, details } : { code, message } };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
