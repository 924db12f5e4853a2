// ledger-explorer:// links: a ViewTarget as text and back (docs/links.md). Parsing is strict: a link
// comes from outside (a chat message, the OS, a URL fragment), so anything the app would not make
// itself (another scheme, an unknown view or key, a repeated key, a control character, 64 KB and
// more) is refused with a message naming the problem, and a parsed target passes the contract's
// own schema. A link names its profile; it never carries a URL, a key or a token. Times are RFC 3339,
// read generously (any offset, any fraction digits: links made before issue 24 kept the user's
// offset) and written canonically in UTC (docs/times.md).
import type { z } from 'zod';
import type { AssetFilter } from '../contract/transfers.ts';
import { MAX_LINK_CHARS, ViewTargetSchema } from '../contract/view-target.ts';
import type { ViewTarget } from '../contract/views.ts';
import { canonicalTime } from '../time/time-text.ts';
import { viewTargetProblem } from './view-target-check.ts';

export const LINK_SCHEME = 'ledger-explorer';
const PREFIX = `${LINK_SCHEME}://`;

/** `message` says why, to follow "This link could not be opened: ". */
export type ParsedLink = { ok: true; target: ViewTarget } | { ok: false; message: string };

const KEYS = {
  transfers: ['profile', 'party', 'asset', 'admin', 'id', 'after', 'before', 'order', 'size', 'node', 'source'],
  chain: ['profile', 'chain'],
  rpc: ['profile', 'chain', 'node', 'method', 'params', 'batch'],
} as const;

/** Keys a careless hand might add; refused with a message that says why. */
const SECRET_LIKE = /url|key|token|jwt|secret|password|auth|bearer/i;

export function formatViewLink(target: ViewTarget): string {
  const q = new Map<string, string>([['profile', target.profile]]);
  if (target.kind === 'transfers') {
    const f = target.filters;
    q.set('party', f.party);
    q.set('asset', f.asset.kind);
    if (f.asset.kind === 'instrument') {
      q.set('admin', f.asset.admin);
      q.set('id', f.asset.id);
    }
    // One spelling per instant (UTC, `Z`, every fraction digit kept): the same view makes the same link.
    if (f.effectiveAfter) q.set('after', canonicalTime(f.effectiveAfter));
    if (f.effectiveBefore) q.set('before', canonicalTime(f.effectiveBefore));
    q.set('order', f.orderDesc ? 'desc' : 'asc');
    q.set('size', String(f.pageSize));
    if (f.nodeId) q.set('node', f.nodeId);
    q.set('source', target.source);
  } else if (target.kind === 'chain') {
    q.set('chain', target.chain);
  } else {
    q.set('chain', target.chain);
    q.set('node', target.nodeType);
    if (target.batch !== undefined) q.set('batch', target.batch);
    if (target.method !== undefined) q.set('method', target.method);
    if (target.params !== undefined) q.set('params', target.params);
  }
  const query = [...q].map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `${PREFIX}${target.kind}?${query}`;
}

export function parseViewLink(input: unknown): ParsedLink {
  try {
    return parse(input);
  } catch {
    // Nothing above should throw; a link is never worth an uncaught error.
    return refuse('it could not be read');
  }
}

function parse(input: unknown): ParsedLink {
  if (typeof input !== 'string') return refuse('it is not text');
  const text = input.trim();
  if (text.length === 0) return refuse('it is empty');
  if (text.length >= MAX_LINK_CHARS)
    return refuse(`it is ${text.length.toLocaleString('en')} characters (at most 64 KB)`);
  if (/\p{Cc}/u.test(text)) return refuse('it contains a control character (a line break or tab?)');
  if (text.slice(0, PREFIX.length).toLowerCase() !== PREFIX) {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1];
    return refuse(scheme ? `it is a ${scheme}: link, not ${PREFIX}` : `it does not start with ${PREFIX}`);
  }
  const rest = text.slice(PREFIX.length);
  if (rest.includes('#')) return refuse('it has a "#" part, which no view uses');
  const question = rest.indexOf('?');
  // The OS may add a slash after the host (ledger-explorer://chain/?...).
  const view = (question < 0 ? rest : rest.slice(0, question)).replace(/\/$/, '').toLowerCase();
  if (!(view in KEYS)) return refuse(`"${clip(view)}" is not a view (transfers, chain or rpc)`);
  const kind = view as keyof typeof KEYS;
  const values = readQuery(question < 0 ? '' : rest.slice(question + 1), KEYS[kind]);
  if (!values.ok) return values;
  const q = values.map;
  const candidate = build(kind, q);
  if (typeof candidate === 'string') return refuse(candidate);
  const checked = ViewTargetSchema.safeParse(candidate);
  if (!checked.success) return refuse(describe(checked.error, kind));
  const target = checked.data as ViewTarget;
  const problem = viewTargetProblem(target);
  return problem ? refuse(problem.message) : { ok: true, target };
}

function readQuery(
  query: string,
  allowed: readonly string[],
): { ok: true; map: Map<string, string> } | { ok: false; message: string } {
  const map = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const key = decode(rawKey);
    const value = decode(eq < 0 ? '' : pair.slice(eq + 1));
    if (key === null || value === null) return refuse(`"${clip(rawKey)}" is not correctly percent-encoded`);
    if (SECRET_LIKE.test(key))
      return refuse(`it has a "${clip(key)}" field: a link never carries URLs, keys or tokens`);
    if (!allowed.includes(key)) return refuse(`"${clip(key)}" is not a field of this view`);
    if (map.has(key)) return refuse(`"${key}" appears more than once`);
    if (/\p{Cc}/u.test(value) && key !== 'params' && key !== 'batch') {
      return refuse(`"${key}" contains a control character`);
    }
    map.set(key, value);
  }
  return { ok: true, map };
}

/** The target as the link states it (types checked by the schema afterwards), or why not. */
function build(kind: keyof typeof KEYS, q: Map<string, string>): unknown {
  const profile = q.get('profile');
  if (profile === undefined) return 'it does not name a profile';
  if (kind === 'chain') return { kind, profile, chain: q.get('chain') ?? '' };
  if (kind === 'rpc') {
    const node = q.get('node') ?? 'full';
    if (node !== 'full' && node !== 'archive') return `node "${clip(node)}" is not full or archive`;
    const target: Record<string, string> = { kind, profile, chain: q.get('chain') ?? '', nodeType: node };
    for (const key of ['method', 'params', 'batch'] as const) {
      const value = q.get(key);
      if (value !== undefined) target[key] = value;
    }
    return target;
  }
  if (q.get('party') === undefined) return 'it does not name a party';
  const asset = readAsset(q);
  if (typeof asset === 'string') return asset;
  const order = q.get('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc') return `order "${clip(order)}" is not asc or desc`;
  const size = q.get('size') ?? '50';
  if (!/^\d{1,4}$/.test(size)) return `page size "${clip(size)}" is not a whole number from 1 to 1000`;
  return {
    kind,
    profile,
    source: q.get('source') ?? 'live',
    filters: {
      party: q.get('party'),
      asset,
      effectiveAfter: q.get('after') ?? null,
      effectiveBefore: q.get('before') ?? null,
      orderDesc: order === 'desc',
      pageSize: Number(size),
      nodeId: q.get('node') ?? null,
    },
  };
}

function readAsset(q: Map<string, string>): AssetFilter | string {
  const kind = q.get('asset') ?? 'all';
  const admin = q.get('admin');
  const id = q.get('id');
  if (kind === 'instrument') {
    if (admin === undefined || id === undefined) return 'an instrument asset needs both admin and id';
    return { kind, admin, id };
  }
  if (kind !== 'all' && kind !== 'ledgerCoin') return `asset "${clip(kind)}" is not all, ledgerCoin or instrument`;
  if (admin !== undefined || id !== undefined) return `admin and id belong to asset=instrument only`;
  return { kind };
}

/** The zod issue, named by the link's own field ("party: not a Canton party id…"). */
function describe(error: z.ZodError, kind: keyof typeof KEYS): string {
  const issue = error.issues[0];
  if (!issue) return 'it is not a valid view';
  const path = issue.path.map(String);
  const field = FIELD_NAMES[path[path.length - 1] ?? ''] ?? path[path.length - 1] ?? kind;
  // Nested union issues (an instrument's admin) carry the innermost message.
  const message =
    'errors' in issue && Array.isArray(issue.errors)
      ? (issue.errors.flat()[0]?.message ?? issue.message)
      : issue.message;
  return field && !message.toLowerCase().startsWith(field) ? `${field}: ${message}` : message;
}

const FIELD_NAMES: Record<string, string> = {
  effectiveAfter: 'after',
  effectiveBefore: 'before',
  pageSize: 'size',
  nodeId: 'node',
  orderDesc: 'order',
  nodeType: 'node',
};

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function refuse(why: string): { ok: false; message: string } {
  return { ok: false, message: why };
}
