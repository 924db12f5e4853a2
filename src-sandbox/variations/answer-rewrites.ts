// The answer side of the variations: the answer, whoever writes it, is held back until its body is
// known, then rewritten as the active variations say (still a legal answer of the spec; see
// variations.ts and docs/service-decisions.md, "Reading the answers").
import type { ServerResponse } from 'node:http';
import type { Interface } from '../faults.ts';
import { parseDateTimeMicros } from '../ledger/date-time.ts';
import type { Variation } from './catalogue.ts';

const EXTRA = 'conformanceExtra';
const INT64_MAX = 9223372036854775807n;

type Headers = Record<string, string | number | readonly string[]>;
type Reply = { status: number; headers: Headers; body: Buffer };

/**
 * Holds back writeHead until the body is known, so the whole answer can be rewritten. An answer
 * written in parts (a fault's truncated body) passes untouched.
 */
export function intercept(
  res: ServerResponse,
  transform: (status: number, headers: Headers, body: Buffer) => Reply,
): void {
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

export function vary(active: Set<Variation>, where: Interface, status: number, headers: Headers, raw: Buffer): Reply {
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

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
