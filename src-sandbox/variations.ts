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
// reading rule each one tests: docs/service-decisions.md, "Reading the answers".

import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkTimesAndMatch, INTERFACES, isInterface, serveArming } from './arming-endpoint.ts';
import type { Interface } from './faults.ts';
import { sendJson } from './http-replies.ts';
import { parseDateTimeMicros } from './ledger/date-time.ts';

export const VARIATIONS = {
  'omit-next-page-url': 'the transfer list leaves out nextPageUrl when it is null (the last page)',
  'omit-nullable': 'every nullable key whose value is null is left out, outside the legs (2.1 keeps all its keys)',
  'null-optional':
    'every nullable field is null, outside the legs and except the list’s transfers and nextPageUrl (they carry the data)',
  'null-empty-transfers': 'a transfer list without legs says "transfers": null instead of []',
  'extra-fields': 'a field this version does not know in every object, nested ones included',
  'reorder-keys': 'the keys of every object in reverse order',
  'number-forms': 'every integer written with a fraction and an exponent (25 as 25.0E+0): the same JSON number',
  'int64-max': 'the start-up body’s int64 fields at 9223372036854775807, beyond what a double holds exactly',
  'content-type-params': 'JSON content types carry "; charset=utf-8"',
  bom: 'JSON bodies start with a UTF-8 byte order mark',
  'empty-error-body': 'error answers (status 400 and above) have no body and no content type',
  'text-error-body': 'error answers are text/plain: the error’s words, not JSON',
  'problem-without-trace': 'problem details (500) without the sandbox’s extra traceId',
  'error-500': 'a 500 carries the error response (2.3, application/json) instead of problem details',
  'wrapped-chain-list': 'the chain listing as {"chains": [...]} instead of a bare array',
  'verbatim-cursor':
    'nextPageUrl’s cursor ends in "~"; a cursor that comes back altered (e.g. "%7E") is a 400: it must be passed back byte for byte',
  'next-page-url-path-absolute':
    'nextPageUrl is a path-absolute reference ("/api/v2/parties/…?…", no scheme or host): resolved against the request (RFC 3986)',
  'next-page-url-relative-path':
    'nextPageUrl is a relative-path reference ("tokenTransfers?…"): resolved against the request (RFC 3986)',
  'next-page-url-query-only': 'nextPageUrl is a query-only reference ("?…"): resolved against the request (RFC 3986)',
  'next-page-url-other-origin':
    'nextPageUrl names the sandbox under another host ("localhost" for "127.0.0.1", and back): another origin, which must never be sent the JWT',
  'long-amounts':
    'every leg’s amount has 48 digits (sign, fraction and decimals kept): past a double and a 128-bit integer; every other leg 38, which a 128-bit integer holds, so sums of them pass 2^127',
  'effective-at-forms':
    'every leg’s effectiveAt spelled another legal RFC 3339 way: 12 fraction digits (its six, then 999999: less than a microsecond later, so it sorts and filters the same) and, leg by leg, the offsets +05:30, -04:00, +00:00 and Z',
  'strict-requests':
    'requests are checked against the spec beyond what the sandbox needs (parameter names, RFC 3339 times, RFC 3986 encoding, no "+" in a query): a 400 names the rule',
} as const;
export type Variation = keyof typeof VARIATIONS;

export const VARIATIONS_PATH = '/__sandbox/variations';
const HEADER = 'x-sandbox-variation';
const LOG_LIMIT = 500;
const EXTRA = 'conformanceExtra';
const INT64_MAX = 9223372036854775807n;

/** The variations a header or an armed entry names, or the first unknown name. */
export function parseVariations(value: string): Variation[] | { unknown: string } {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) if (!(name in VARIATIONS)) return { unknown: name };
  return names.length > 0 ? (names as Variation[]) : { unknown: value };
}

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

type Headers = Record<string, string | number | readonly string[]>;
type Reply = { status: number; headers: Headers; body: Buffer };

/**
 * Holds back writeHead until the body is known, so the whole answer can be rewritten. An answer
 * written in parts (a fault's truncated body) passes untouched.
 */
function intercept(res: ServerResponse, transform: (status: number, headers: Headers, body: Buffer) => Reply): void {
  const writeHead = res.writeHead.bind(res) as (status: number, headers: Headers) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let pending: { status: number; headers: Headers } | null = null;
  const flush = () => {
    if (pending) writeHead(pending.status, pending.headers);
    pending = null;
  };
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = (typeof rest[0] === 'string' ? rest[1] : rest[0]) as Headers | undefined;
    pending = { status, headers: { ...headers } };
    return res;
  }) as typeof res.writeHead;
  res.write = ((...args: unknown[]) => {
    flush();
    return write(...args);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!pending || chunk === undefined || typeof chunk === 'function') {
      flush();
      return end(chunk, ...rest);
    }
    const out = transform(pending.status, pending.headers, Buffer.from(chunk as string | Uint8Array));
    pending = null;
    writeHead(out.status, { ...out.headers, 'content-length': out.body.length });
    return end(out.body);
  }) as typeof res.end;
}

type Kind = 'list' | 'error' | 'problem' | 'startup' | 'quarantine' | 'chains' | 'rpc';
type Json = null | boolean | number | bigint | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function vary(active: Set<Variation>, where: Interface, status: number, headers: Headers, raw: Buffer): Reply {
  const out: Headers = { ...headers };
  const typeKey = Object.keys(out).find((k) => k.toLowerCase() === 'content-type');
  const contentType = typeKey ? String(out[typeKey]) : '';
  if (typeKey) delete out[typeKey];
  let body: Json;
  try {
    body = /json/i.test(contentType) ? (JSON.parse(raw.toString('utf8')) as Json) : null;
  } catch {
    body = null;
  }
  if (body === null) return { status, headers: { ...out, 'content-type': contentType }, body: raw };
  let type = contentType;
  const kind = kindOf(where, status, type, body);

  if (kind === 'problem' && isObject(body)) {
    if (active.has('problem-without-trace')) delete body.traceId;
    if (active.has('error-500')) {
      body = { error: (body.detail ?? body.title ?? 'internal server error') as Json };
      type = 'application/json';
    }
  }
  if (status >= 400 && active.has('empty-error-body')) return { status, headers: out, body: Buffer.alloc(0) };
  if (status >= 400 && active.has('text-error-body')) {
    return { status, headers: { ...out, 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from(words(body)) };
  }

  if (active.has('null-optional'))
    forNullable(kind, body, (_o, key) => key !== 'transfers' && key !== 'nextPageUrl', setNull);
  if (kind === 'list' && isObject(body)) {
    if (active.has('null-empty-transfers') && Array.isArray(body.transfers) && body.transfers.length === 0) {
      body.transfers = null;
    }
    if (active.has('omit-next-page-url') && body.nextPageUrl === null) delete body.nextPageUrl;
    if (active.has('long-amounts') && Array.isArray(body.transfers)) lengthenAmounts(body.transfers);
    if (active.has('effective-at-forms') && Array.isArray(body.transfers)) {
      body.transfers.forEach((leg, k) => {
        if (isObject(leg) && typeof leg.effectiveAt === 'string') leg.effectiveAt = respelled(leg.effectiveAt, k);
      });
    }
    if (active.has('verbatim-cursor') && typeof body.nextPageUrl === 'string') {
      body.nextPageUrl = body.nextPageUrl.replace(/([?&]cursor=[^&#]*)/, '$1~');
    }
    if (typeof body.nextPageUrl === 'string') body.nextPageUrl = referenced(active, body.nextPageUrl);
  }
  if (active.has('omit-nullable'))
    forNullable(
      kind,
      body,
      (o, key) => o[key] === null,
      (o, key) => delete o[key],
    );
  if (kind === 'chains' && active.has('wrapped-chain-list') && Array.isArray(body)) body = { chains: body };
  if (kind === 'startup' && active.has('int64-max') && isObject(body)) setInt64Max(body);
  if (active.has('extra-fields')) addExtraFields(body);
  if (active.has('reorder-keys')) body = reversed(body);

  if (active.has('content-type-params')) type = `${type}; charset=utf-8`;
  let bytes = Buffer.from(writeJson(body, active.has('number-forms')));
  if (active.has('bom')) bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
  return { status, headers: { ...out, 'content-type': type }, body: bytes };
}

/** The absolute nextPageUrl as the reference a next-page-url-* variation writes. */
function referenced(active: Set<Variation>, absolute: string): string {
  const url = new URL(absolute);
  const at = absolute.indexOf('?');
  const query = at < 0 ? '' : absolute.slice(at);
  // The path and query as sent (not re-encoded by URL): the cursor goes out byte for byte.
  const pathAndQuery = absolute.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  if (active.has('next-page-url-path-absolute')) return pathAndQuery;
  if (active.has('next-page-url-relative-path'))
    return `${url.pathname.slice(url.pathname.lastIndexOf('/') + 1)}${query}`;
  if (active.has('next-page-url-query-only')) return query;
  if (active.has('next-page-url-other-origin')) {
    const host = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}${pathAndQuery}`;
  }
  return absolute;
}

function kindOf(where: Interface, status: number, contentType: string, body: Json): Kind {
  if (status >= 200 && status < 300) return where === 'ledger' ? 'list' : where;
  if (where === 'ledger' && isObject(body)) {
    if (/problem\+json/i.test(contentType)) return 'problem';
    if (status === 503 && 'phaseNumber' in body) return 'startup';
    if (status === 503 && 'nodeId' in body) return 'quarantine';
  }
  return 'error';
}

/** Where each body has nullable fields (spec section 2), legs left out (2.1 keeps every key). */
const NULLABLE: Record<Kind, readonly string[]> = {
  list: ['party', 'transfers', 'nextPageUrl'],
  error: ['error'],
  problem: ['type', 'title', 'status', 'detail', 'instance'],
  quarantine: ['error', 'nodeId', 'status', 'network', 'detail'],
  startup: [
    'status',
    'phase',
    'startedAt',
    'error',
    'schemaVersion',
    'targetSchemaVersion',
    'bootstrapSource',
    'bootstrapVersion',
    'lastMigrationDurationMs',
    'dataMigrations',
    'lifecycleIndexes',
  ],
  chains: [],
  rpc: [],
};

function forNullable(
  kind: Kind,
  body: Json,
  when: (o: JsonObject, key: string) => boolean,
  act: (o: JsonObject, key: string) => void,
): void {
  if (!isObject(body)) return;
  const visit = (o: Json, keys: readonly string[]) => {
    if (!isObject(o)) return;
    for (const key of keys) if (key in o && when(o, key)) act(o, key);
  };
  if (kind === 'startup') {
    const replay = body.replay;
    if (isObject(replay) && Array.isArray(replay.nodes)) for (const n of replay.nodes) visit(n, ['nodeId', 'status']);
    if (Array.isArray(body.lifecycleIndexes)) {
      for (const ix of body.lifecycleIndexes) visit(ix, ['nodeId', 'definitionFingerprint']);
    }
    visit(replay, ['nodes']);
  }
  visit(body, NULLABLE[kind]);
}

const setNull = (o: JsonObject, key: string) => {
  o[key] = null;
};

function setInt64Max(body: JsonObject): void {
  body.lastMigrationDurationMs = INT64_MAX;
  const replay = body.replay;
  if (isObject(replay) && Array.isArray(replay.nodes)) {
    for (const n of replay.nodes)
      if (isObject(n)) Object.assign(n, { currentOffset: INT64_MAX, targetOffset: INT64_MAX });
  }
  if (Array.isArray(body.lifecycleIndexes)) {
    for (const ix of body.lifecycleIndexes)
      if (isObject(ix)) Object.assign(ix, { cursor: INT64_MAX, remainingSourceRows: 0 });
  }
}

/** Leading digits put before a leg's own: never a leading zero, and distinct legs stay distinct. */
const LEADING_DIGITS = '123456789'.repeat(8);

/** Each leg's amount widened to 48 digits (even positions) or 38 (odd): leading digits before its own. */
function lengthenAmounts(legs: Json[]): void {
  legs.forEach((leg, i) => {
    if (!isObject(leg) || typeof leg.amount !== 'string') return;
    const m = /^(-?)(\d+)((?:\.\d+)?)$/.exec(leg.amount);
    if (!m) return;
    const [, sign, whole, fraction] = m;
    const own = whole.replace(/^0+/, '');
    const lead = (i % 2 === 0 ? 48 : 38) - own.length - Math.max(0, fraction.length - 1);
    if (lead > 0) leg.amount = `${sign}${LEADING_DIGITS.slice(0, lead)}${own}${fraction}`;
  });
}

function addExtraFields(value: Json): void {
  if (Array.isArray(value)) for (const item of value) addExtraFields(item);
  else if (isObject(value)) {
    for (const key of Object.keys(value)) addExtraFields(value[key]);
    value[EXTRA] = { note: 'a field this version does not know', level: [1, 'two', null] };
  }
}

function reversed(value: Json): Json {
  if (Array.isArray(value)) return value.map(reversed);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((key) => [key, reversed(value[key])]),
  );
}

/** JSON text; with `numberForms` every integer is written as <n>.0E+0 (the same number, another spelling). */
function writeJson(value: Json, numberForms: boolean): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number')
    return numberForms && Number.isInteger(value) ? `${value}.0E+0` : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => writeJson(v, numberForms)).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${writeJson(v, numberForms)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Offsets (minutes east of UTC; null: `Z`) that effective-at-forms cycles through, leg by leg. */
const RESPELL_OFFSETS = [330, -240, 0, null] as const;

/** A leg's time in another spelling: the same wall-clock instant at an offset, with 12 fraction digits. */
function respelled(text: string, k: number): string {
  const micros = parseDateTimeMicros(text);
  if (micros === null) return text;
  const offset = RESPELL_OFFSETS[k % RESPELL_OFFSETS.length];
  const seconds = Math.floor(micros / 1_000_000);
  const sub = String(micros - seconds * 1_000_000).padStart(6, '0');
  const wall = new Date(seconds * 1000 + (offset ?? 0) * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offset ?? 0);
  const zone =
    offset === null
      ? 'Z'
      : `${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${wall}.${sub}999999${zone}`;
}

/** The human words of an error body, for text-error-body. */
function words(body: Json): string {
  if (isObject(body)) {
    const parts = [body.error, body.title, body.detail].filter((p): p is string => typeof p === 'string' && p !== '');
    if (parts.length > 0) return parts.join(': ');
  }
  return 'error';
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---- request side -------------------------------------------------------------------------

const LEDGER_PARAMS = new Set([
  'assetKind',
  'instrumentAdmin',
  'instrumentId',
  'pageSize',
  'orderDesc',
  'effectiveAfter',
  'effectiveBefore',
  'cursor',
  'jwt',
  'nodeId',
]);
/** RFC 3339 date-time (section 5.6): seconds required, a fraction optional, Z or an offset. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Why a request breaks a request-side variation, or null. May fix up `url` (verbatim-cursor). */
function checkRequest(active: Set<Variation>, where: Interface, req: IncomingMessage, url: URL): string | null {
  const rawQuery = (req.url ?? '').split('?')[1] ?? '';
  if (where === 'ledger' && active.has('verbatim-cursor')) {
    const raw = /(?:^|&)cursor=([^&#]*)/.exec(rawQuery)?.[1];
    if (raw !== undefined) {
      if (!raw.endsWith('~')) {
        return `verbatim-cursor: the cursor came back altered (${raw.slice(-12)}): pass nextPageUrl back byte for byte`;
      }
      url.searchParams.set('cursor', decodeURIComponent(raw.slice(0, -1)));
    }
  }
  if (!active.has('strict-requests')) return null;
  const strict = (why: string) => `strict-requests: ${why}`;
  // A cursor means the query is the server's own nextPageUrl, passed back as it was given.
  if (rawQuery.includes('+') && !/(?:^|&)cursor=/.test(rawQuery))
    return strict('a "+" in the query is a space to some servers and a plus to others: send %2B or %20');
  if (where === 'chains') {
    if (req.method !== 'GET') return strict('the chain listing is GET (4.2)');
    if (!req.headers.apikey && !/^Bearer \S+$/.test(req.headers.authorization ?? '')) {
      return strict('the chain listing needs the apiKey header or Authorization: Bearer (5)');
    }
    return null;
  }
  if (where === 'rpc') {
    if (req.method !== 'POST') return strict('node access is POST (4.3)');
    if (!/^application\/json(\s*;\s*charset=utf-8)?$/i.test(req.headers['content-type'] ?? '')) {
      return strict('the JSON-RPC request body is application/json (4.3)');
    }
    return null;
  }
  if (req.method !== 'GET') return strict('the transfers endpoint is GET (4.1)');
  const segment = /\/parties\/([^/]+)\/tokenTransfers$/.exec(url.pathname)?.[1];
  if (segment !== undefined) {
    let party: string;
    try {
      party = decodeURIComponent(segment);
    } catch {
      return strict('the party segment is not valid percent-encoding');
    }
    if (segment !== encodeURIComponent(party)) {
      return strict(`the party is not one segment as RFC 6570 expands {party} (${segment.slice(0, 40)})`);
    }
  }
  const seen = new Set<string>();
  for (const [name, value] of url.searchParams) {
    if (!LEDGER_PARAMS.has(name)) return strict(`"${name}" is not a query parameter of 4.1`);
    if (seen.has(name)) return strict(`"${name}" is given twice`);
    seen.add(name);
    if (name === 'pageSize' && !(/^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= 1000)) {
      return strict(`pageSize ${value}: an integer from 1 to 1000 (8)`);
    }
    if (name === 'orderDesc' && value !== 'true' && value !== 'false')
      return strict(`orderDesc ${value}: true or false`);
    if ((name === 'effectiveAfter' || name === 'effectiveBefore') && !RFC3339.test(value)) {
      return strict(`${name} ${value}: not an RFC 3339 date-time`);
    }
    if (name === 'assetKind' && value !== 'ledger_coin') return strict(`assetKind ${value}: only ledger_coin`);
  }
  if (seen.has('instrumentAdmin') !== seen.has('instrumentId'))
    return strict('an instrument pair is given whole (rule 3)');
  if (seen.has('assetKind') && seen.has('instrumentId'))
    return strict('assetKind and an instrument pair together (rule 4)');
  const jwtHeader = typeof req.headers.jwt === 'string';
  if (jwtHeader === seen.has('jwt')) return strict('the JWT goes in the jwt header or the jwt query parameter, once');
  return null;
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
