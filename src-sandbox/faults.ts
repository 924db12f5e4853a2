// Injected faults, for client tests and for support staff reproducing a case (only with --faults).
// Two ways to make a request meet one:
//   - a request header  x-sandbox-fault: latency=<ms> | status=500 | status=503 | status=429 | reset |
//     truncate | html502 | huge | huge-chunked | deep | drip | badutf8 | html200 | liar | redirect
//   - armed on the running sandbox through its control endpoint (the app's own clients never send
//     the header):  POST /__sandbox/faults {"interface":"ledger"|"chains"|"rpc","fault":"<as above>",
//     "times":N?,"match":"<path substring>"?};  GET lists what is armed and the faulted requests;
//     DELETE (?interface=...) disarms.
// applied to any of the sandbox's interfaces before the request is served. The bigger bodies and the
// redirect's other host live in faults/ (answers.ts, slow-bodies.ts, redirect-catcher.ts); the
// HTTPS listener with an untrusted certificate in faults/tls-listener.ts.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkTimesAndMatch, INTERFACES, isInterface, serveArming } from './arming-endpoint.ts';
import { BAD_UTF8, deepBody, HUGE_BYTES, HUGE_PARTS, type Interface, SIGN_IN_PAGE, VALID } from './faults/answers.ts';
import type { CaughtRequest, RedirectCatcher } from './faults/redirect-catcher.ts';
import { drip, streamHuge } from './faults/slow-bodies.ts';
import { problemDetails, sendJson } from './http-replies.ts';
import { startupStatusBody } from './ledger/startup-status.ts';

export type Fault =
  | { kind: 'latency'; ms: number }
  | { kind: 'status'; status: 500 | 503 | 429 }
  | { kind: SimpleFault };

/** The faults named by a word alone. */
const SIMPLE = [
  'reset',
  'truncate',
  'html502',
  'huge',
  'huge-chunked',
  'deep',
  'drip',
  'badutf8',
  'html200',
  'liar',
  'redirect',
] as const;
type SimpleFault = (typeof SIMPLE)[number];

export type { CaughtRequest, Interface };

/** The start of a plausible answer of each interface, cut off. */
const TRUNCATED: Record<Interface, string> = {
  ledger: '{"party":"alice::1220","transfers":[{"updateId":"12',
  chains: '[{"name":"ethereum","chainId":31',
  rpc: '{"jsonrpc":"2.0","id":1,"result":"0x1',
};

export function parseFault(header: string | string[] | undefined): Fault | 'invalid' | null {
  if (header === undefined) return null;
  const value = (Array.isArray(header) ? header[0] : header).trim();
  const latency = /^latency=(\d{1,6})$/.exec(value);
  if (latency) return { kind: 'latency', ms: Number(latency[1]) };
  if (value === 'status=500') return { kind: 'status', status: 500 };
  if (value === 'status=503') return { kind: 'status', status: 503 };
  if (value === 'status=429') return { kind: 'status', status: 429 };
  if ((SIMPLE as readonly string[]).includes(value)) return { kind: value as SimpleFault };
  return 'invalid';
}

/** What a fault did to one request. */
export type FaultOutcome =
  /** latency: the wait is over and the request is now served normally */
  | 'delayed'
  /** latency: the client gave up (closed the connection) while it waited */
  | 'abandoned'
  /** status=500/503/429, html502, html200, deep, badutf8, liar: the whole (bad) answer was sent */
  | 'answered'
  /** reset: the connection was reset (TCP RST) before any answer */
  | 'reset'
  /** truncate: headers and part of the body, then the connection closed */
  | 'truncated'
  /** huge, huge-chunked: all 200 MB went out (a client that stops reading makes it 'abandoned') */
  | 'streamed'
  /** drip: the last byte went out (the client waited for all of it) */
  | 'dripped'
  /** redirect: the 307 to the catcher was sent */
  | 'redirected';

/**
 * Applies a fault. 'delayed' means the request should now be served normally; every other
 * outcome means the fault answered (or killed) the request.
 */
export async function applyFault(
  fault: Fault,
  where: Interface,
  req: IncomingMessage,
  res: ServerResponse,
  catcher: RedirectCatcher | null = null,
): Promise<FaultOutcome> {
  switch (fault.kind) {
    case 'latency':
      return wait(fault.ms, req, res);
    case 'status':
      answerStatus(fault.status, where, req, res);
      return 'answered';
    case 'reset':
      // No answer at all: the connection is reset (RST), as a crashed upstream or a firewall does.
      req.socket.resetAndDestroy();
      return 'reset';
    case 'truncate': {
      // The start of a plausible answer, with a Content-Length that promises more; then the
      // connection closes, as when a proxy or the service dies mid-answer.
      const body = TRUNCATED[where];
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length + 200) });
      res.write(body, () => res.socket?.destroy());
      return 'truncated';
    }
    case 'html502': {
      const html =
        '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
      res.writeHead(502, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(html) });
      res.end(html);
      return 'answered';
    }
    case 'huge':
    case 'huge-chunked':
      return streamHuge(res, HUGE_PARTS[where], HUGE_BYTES, fault.kind === 'huge-chunked');
    case 'deep':
      return sendBytes(res, 200, deepBody());
    case 'drip':
      return drip(res, VALID[where]);
    case 'badutf8':
      return sendBytes(res, 200, BAD_UTF8[where]);
    case 'html200':
      return sendBytes(res, 200, SIGN_IN_PAGE, 'text/html; charset=utf-8');
    case 'liar': {
      // Declares half of what is sent, then closes: the client reads a JSON text cut in half and
      // must not take the rest (the start of "another answer") for anything.
      const body = VALID[where];
      res.strictContentLength = false;
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(Math.floor(body.length / 2)),
        connection: 'close',
      });
      res.end(body);
      return 'answered';
    }
    case 'redirect': {
      // To another host, same path and query: a client that follows sends its secret to a stranger.
      if (!catcher) throw new Error('the redirect fault needs the catcher (started with faults)');
      res.writeHead(307, { location: `${catcher.url}${req.url ?? '/'}`, 'content-length': '0' });
      res.end();
      return 'redirected';
    }
  }
}

/** latency: waits `ms`, or less if the client closes the connection first ('abandoned'). */
async function wait(ms: number, req: IncomingMessage, res: ServerResponse): Promise<'delayed' | 'abandoned'> {
  const gone = () => req.socket.destroyed || res.destroyed;
  if (!gone()) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      // A client that gives up (timeout, cancel) closes the socket: stop waiting.
      req.socket.once('close', done);
      function done() {
        clearTimeout(timer);
        req.socket.off('close', done);
        resolve();
      }
    });
  }
  return gone() ? 'abandoned' : 'delayed';
}

/** status=500/503/429: the error answer each interface gives (the ledger's in its own forms). */
function answerStatus(
  status: Extract<Fault, { kind: 'status' }>['status'],
  where: Interface,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  if (status === 500) {
    if (where === 'ledger') {
      const body = problemDetails((req.url ?? '').split('?')[0], 'injected fault: the ledger index query failed');
      sendJson(res, 500, body, {}, 'application/problem+json');
    } else {
      sendJson(res, 500, { error: 'injected fault: internal server error' });
    }
  } else if (status === 503 && where === 'ledger') {
    const now = Date.now();
    sendJson(res, 503, startupStatusBody(now - 4_000, now, 20), { 'retry-after': '1' });
  } else if (status === 503) {
    sendJson(res, 503, { error: 'injected fault: service unavailable' }, { 'retry-after': '1' });
  } else if (where === 'ledger') {
    // 429, as a gateway's rate limit says it: problem details (spec 2.4) and when to come back.
    const body = {
      ...problemDetails((req.url ?? '').split('?')[0], 'rate limited: too many requests'),
      type: 'https://docs.sandbox.invalid/problems/rate-limited',
      title: 'Too Many Requests',
      status: 429,
    };
    sendJson(res, 429, body, { 'retry-after': '2' }, 'application/problem+json');
  } else {
    sendJson(res, 429, { error: 'rate limited: too many requests' }, { 'retry-after': '2' });
  }
}

function sendBytes(res: ServerResponse, status: number, bytes: Buffer, type = 'application/json'): 'answered' {
  res.writeHead(status, { 'content-type': type, 'content-length': String(bytes.length) });
  res.end(bytes);
  return 'answered';
}

/** The fault a header value names, in its header form (for the control endpoint's answers). */
export function faultText(fault: Fault): string {
  return fault.kind === 'latency'
    ? `latency=${fault.ms}`
    : fault.kind === 'status'
      ? `status=${fault.status}`
      : fault.kind;
}

/** Every valid fault, as the 400s say them. */
export const FAULT_HELP = `latency=<ms>, status=500, status=503, ${SIMPLE.slice(0, 3).join(', ')}, status=429, ${SIMPLE.slice(3, -1).join(', ')} or ${SIMPLE.at(-1)}`;
/** Faulted requests kept for GET (newest last). */
const LOG_LIMIT = 500;

export interface ArmedFault {
  id: number;
  interface: Interface;
  fault: string;
  /** Requests it still applies to; null: until disarmed. */
  remaining: number | null;
  /** Only requests whose path (never the query) contains this. */
  match: string | null;
}

export interface FaultedRequest {
  /** The armed fault's id, or null when the request carried the header. */
  armedId: number | null;
  interface: Interface;
  fault: string;
  method: string;
  /** The path only: a query may carry a JWT or an API key. */
  path: string;
  startedAt: string;
  /** Null while the fault is still running (latency). */
  outcome: FaultOutcome | null;
  elapsedMs: number | null;
}

/**
 * Faults armed on the running sandbox. A request of an interface takes the first armed fault for
 * that interface (and path) that has uses left, oldest first; a request that carries the
 * x-sandbox-fault header uses that instead and takes nothing.
 */
export class FaultControl {
  private armed: Array<ArmedFault & { parsed: Fault }> = [];
  private nextId = 1;
  private readonly log: FaultedRequest[] = [];

  /** `catcher`: the other host the redirect fault points to (null: redirect cannot be served). */
  private readonly catcher: RedirectCatcher | null;
  constructor(catcher: RedirectCatcher | null = null) {
    this.catcher = catcher;
  }

  arm(where: Interface, fault: Fault, times: number | null, match: string | null): ArmedFault {
    const entry = {
      id: this.nextId++,
      interface: where,
      fault: faultText(fault),
      remaining: times,
      match,
      parsed: fault,
    };
    this.armed.push(entry);
    return publicView(entry);
  }

  /** Disarms every fault, or those of one interface; answers how many were disarmed. */
  clear(where?: Interface): number {
    const before = this.armed.length;
    this.armed = where ? this.armed.filter((a) => a.interface !== where) : [];
    return before - this.armed.length;
  }

  list(): ArmedFault[] {
    return this.armed.map(publicView);
  }

  requests(): FaultedRequest[] {
    return this.log.map((entry) => ({ ...entry }));
  }

  /** The fault this request meets (header first, then armed), or null. Counts a use of an armed one. */
  take(where: Interface, path: string, header: Fault | null): { fault: Fault; armedId: number | null } | null {
    if (header) return { fault: header, armedId: null };
    const found = this.armed.find(
      (a) => a.interface === where && (a.match === null || path.includes(a.match)) && a.remaining !== 0,
    );
    if (!found) return null;
    if (found.remaining !== null) {
      found.remaining -= 1;
      if (found.remaining === 0) this.armed = this.armed.filter((a) => a !== found);
    }
    return { fault: found.parsed, armedId: found.id };
  }

  /** Applies the fault and records what it did. 'delayed': serve the request normally now. */
  async apply(
    taken: { fault: Fault; armedId: number | null },
    where: Interface,
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ): Promise<FaultOutcome> {
    const started = performance.now();
    const entry: FaultedRequest = {
      armedId: taken.armedId,
      interface: where,
      fault: faultText(taken.fault),
      method: req.method ?? 'GET',
      path,
      startedAt: new Date().toISOString(),
      outcome: null,
      elapsedMs: null,
    };
    this.log.push(entry);
    if (this.log.length > LOG_LIMIT) this.log.shift();
    const outcome = await applyFault(taken.fault, where, req, res, this.catcher);
    entry.outcome = outcome;
    entry.elapsedMs = Math.round(performance.now() - started);
    return outcome;
  }

  /** The control endpoint: GET, POST and DELETE on /__sandbox/faults (arming-endpoint.ts). */
  serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const catcher = this.catcher;
    return serveArming(
      {
        kind: 'faults',
        bodyShape: '{"interface", "fault", "times"?, "match"?}',
        snapshot: () => ({
          armed: this.list(),
          requests: this.requests(),
          catcher: catcher && { url: catcher.url, requests: catcher.requests() },
        }),
        list: () => this.list(),
        armedCount: () => this.armed.length,
        clear: (where) => this.clear(where),
        check: checkArmRequest,
        arm: (checked) => this.arm(checked.interface, checked.fault, checked.times, checked.match),
      },
      req,
      res,
      url,
    );
  }
}

function publicView(entry: ArmedFault): ArmedFault {
  return {
    id: entry.id,
    interface: entry.interface,
    fault: entry.fault,
    remaining: entry.remaining,
    match: entry.match,
  };
}

function checkArmRequest(
  body: unknown,
): string | { interface: Interface; fault: Fault; times: number | null; match: string | null } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return 'send a JSON object {"interface", "fault", "times"?, "match"?}';
  }
  const { interface: where, fault, times, match, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length) return `unknown field ${JSON.stringify(unknown[0])}: use interface, fault, times, match`;
  if (!isInterface(where)) return `"interface" must be one of ${INTERFACES.join(', ')}`;
  const parsed = typeof fault === 'string' ? parseFault(fault) : 'invalid';
  if (parsed === null || parsed === 'invalid') return `"fault" must be ${FAULT_HELP}`;
  const limits = checkTimesAndMatch(times, match);
  if (typeof limits === 'string') return limits;
  return { interface: where, fault: parsed, ...limits };
}
