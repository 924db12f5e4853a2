// Variations: legal answers (and checks of requests) that the sandbox does not give by itself, so
// a client can be tested against what another implementation of the spec may do (only with
// --faults or the `variations` option). Where faults break an answer, a variation keeps it legal,
// or, for `extra-fields`, what a newer service may send. Two ways to ask for one:
//   - a request header  x-sandbox-variation: <name>[,<name>...]
//   - armed on the running sandbox (the app's own clients never send the header):
//     POST /__sandbox/variations {"interface":"ledger"|"chains"|"rpc","variation":"<name>[,<name>...]",
//     "times":N?,"match":"<path substring>"?};  GET lists what is armed and the varied requests;
//     DELETE (?interface=...) disarms.
// A request meets every armed variation of its interface (and path) plus its header's. The
// reading rule each one tests: docs/service-decisions.md, "Reading the answers". The list of
// variations is in variations/catalogue.ts, the rewriting of answers in variations/answer-rewrites.ts
// and the checks of requests in variations/request-checks.ts.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkTimesAndMatch, INTERFACES, isInterface, serveArming } from './arming-endpoint.ts';
import type { Interface } from './faults.ts';
import { sendJson } from './http-replies.ts';
import { intercept, isObject, vary } from './variations/answer-rewrites.ts';
import { parseVariations, VARIATIONS, type Variation } from './variations/catalogue.ts';
import { checkRequest } from './variations/request-checks.ts';

export { parseVariations, VARIATIONS, type Variation };

export const VARIATIONS_PATH = '/__sandbox/variations';
const HEADER = 'x-sandbox-variation';
const LOG_LIMIT = 500;

export interface ArmedVariation {
  id: number;
  interface: Interface;
  variations: Variation[];
  /** Requests it still applies to; null: until disarmed. */
  remaining: number | null;
  /** Only requests whose path (never the query) contains this. */
  match: string | null;
}

export interface VariedRequest {
  interface: Interface;
  variations: Variation[];
  method: string;
  /** The path only: a query may carry a JWT or an API key. */
  path: string;
  status: number | null;
}

export class VariationControl {
  private armed: ArmedVariation[] = [];
  private nextId = 1;
  private readonly log: VariedRequest[] = [];

  arm(where: Interface, variations: Variation[], times: number | null = null, match: string | null = null) {
    const entry: ArmedVariation = { id: this.nextId++, interface: where, variations, remaining: times, match };
    this.armed.push(entry);
    return { ...entry };
  }

  clear(where?: Interface): number {
    const before = this.armed.length;
    this.armed = where ? this.armed.filter((a) => a.interface !== where) : [];
    return before - this.armed.length;
  }

  list(): ArmedVariation[] {
    return this.armed.map((a) => ({ ...a, variations: [...a.variations] }));
  }

  requests(): VariedRequest[] {
    return this.log.map((r) => ({ ...r }));
  }

  /**
   * The hook of the sandbox's router, called before a request is served: checks the request for
   * the request-side variations (answering 400 itself when it breaks one: then true) and makes
   * the answer, whoever writes it, go through the response-side ones.
   */
  wrap(where: Interface, req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    const header = req.headers[HEADER];
    const named = typeof header === 'string' ? parseVariations(header) : [];
    if (!Array.isArray(named)) {
      sendJson(res, 400, { error: `unknown ${HEADER} "${named.unknown}": use ${Object.keys(VARIATIONS).join(', ')}` });
      return true;
    }
    const active = new Set<Variation>(named);
    for (const a of this.armed) {
      if (a.interface !== where || a.remaining === 0 || (a.match !== null && !url.pathname.includes(a.match))) continue;
      for (const v of a.variations) active.add(v);
      if (a.remaining !== null) a.remaining -= 1;
    }
    this.armed = this.armed.filter((a) => a.remaining !== 0);
    if (active.size === 0) return false;
    const entry: VariedRequest = {
      interface: where,
      variations: [...active],
      method: req.method ?? 'GET',
      path: url.pathname,
      status: null,
    };
    this.log.push(entry);
    if (this.log.length > LOG_LIMIT) this.log.shift();

    const refused = checkRequest(active, where, req, url);
    if (refused) {
      entry.status = 400;
      sendJson(res, 400, { error: refused });
      return true;
    }
    intercept(res, (status, headers, body) => {
      entry.status = status;
      return vary(active, where, status, headers, body);
    });
    return false;
  }

  /** The control endpoint: GET, POST and DELETE on /__sandbox/variations (arming-endpoint.ts). */
  serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    return serveArming(
      {
        kind: 'variations',
        bodyShape: '{"interface", "variation", "times"?, "match"?}',
        snapshot: () => ({ armed: this.list(), requests: this.requests(), known: VARIATIONS }),
        list: () => this.list(),
        armedCount: () => this.armed.length,
        clear: (where) => this.clear(where),
        check: checkArmRequest,
        arm: (checked) => this.arm(checked.interface, checked.variations, checked.times, checked.match),
      },
      req,
      res,
      url,
    );
  }
}

function checkArmRequest(
  body: unknown,
): string | { interface: Interface; variations: Variation[]; times: number | null; match: string | null } {
  if (!isObject(body)) return 'send a JSON object {"interface", "variation", "times"?, "match"?}';
  const { interface: where, variation, times, match, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length) return `unknown field ${JSON.stringify(unknown[0])}: use interface, variation, times, match`;
  if (!isInterface(where)) return `"interface" must be one of ${INTERFACES.join(', ')}`;
  const parsed = typeof variation === 'string' ? parseVariations(variation) : { unknown: String(variation) };
  if (!Array.isArray(parsed)) return `unknown variation "${parsed.unknown}": use ${Object.keys(VARIATIONS).join(', ')}`;
  const limits = checkTimesAndMatch(times, match);
  if (typeof limits === 'string') return limits;
  return { interface: where, variations: parsed, ...limits };
}
