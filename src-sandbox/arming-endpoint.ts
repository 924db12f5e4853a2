// The control endpoint shared by faults (/__sandbox/faults) and variations (/__sandbox/variations):
// GET lists what is armed and the requests it met, POST arms one (a JSON body checked by the
// caller), DELETE disarms all or one interface. Both exist only when the sandbox runs with faults.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Interface } from './faults/answers.ts';
import { sendJson } from './http-replies.ts';
import { readBody } from './request-body.ts';

export const INTERFACES: readonly Interface[] = ['ledger', 'chains', 'rpc'];
/** At most this many armed at once, per endpoint. */
export const ARMED_LIMIT = 100;

export function isInterface(value: unknown): value is Interface {
  return typeof value === 'string' && (INTERFACES as readonly string[]).includes(value);
}

export interface Armable<Checked> {
  /** "faults" or "variations", for messages. */
  readonly kind: string;
  /** The POST body's shape, for the message when it is not JSON. */
  readonly bodyShape: string;
  /** What GET answers. */
  snapshot(): Record<string, unknown>;
  list(): unknown[];
  armedCount(): number;
  clear(where?: Interface): number;
  /** The POST body checked: what to arm, or the message saying what is wrong. */
  check(body: unknown): Checked | string;
  arm(checked: Checked): unknown;
}

export async function serveArming<Checked>(
  target: Armable<Checked>,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  if (req.method === 'GET') return sendJson(res, 200, target.snapshot());
  if (req.method === 'DELETE') {
    const where = url.searchParams.get('interface');
    if (where !== null && !isInterface(where)) {
      return sendJson(res, 400, { error: `unknown interface "${where}": use ${INTERFACES.join(', ')}` });
    }
    return sendJson(res, 200, { disarmed: target.clear(where ?? undefined), armed: target.list() });
  }
  if (req.method !== 'POST') {
    return sendJson(res, 405, { error: 'use GET, POST or DELETE' }, { allow: 'GET, POST, DELETE' });
  }
  const text = await readBody(req, 4096);
  if (text === null) return sendJson(res, 413, { error: 'the request body is over 4096 bytes' });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return sendJson(res, 400, { error: `the body is not JSON: send ${target.bodyShape}` });
  }
  const checked = target.check(body);
  if (typeof checked === 'string') return sendJson(res, 400, { error: checked });
  if (target.armedCount() >= ARMED_LIMIT) {
    return sendJson(res, 409, { error: `${ARMED_LIMIT} ${target.kind} are armed already: DELETE some first` });
  }
  return sendJson(res, 201, { armed: target.arm(checked), all: target.list() });
}

/** The optional "times" and "match" of a POST, checked alike for faults and variations. */
export function checkTimesAndMatch(
  times: unknown,
  match: unknown,
): string | { times: number | null; match: string | null } {
  if (
    times !== undefined &&
    times !== null &&
    !(Number.isInteger(times) && (times as number) >= 1 && (times as number) <= 1_000_000)
  ) {
    return '"times" must be an integer from 1 to 1000000 (leave it out: until disarmed)';
  }
  if (
    match !== undefined &&
    match !== null &&
    !(typeof match === 'string' && match.length >= 1 && match.length <= 500)
  ) {
    return '"match" must be a string of 1 to 500 characters (a part of the request path)';
  }
  return { times: typeof times === 'number' ? times : null, match: typeof match === 'string' ? match : null };
}
