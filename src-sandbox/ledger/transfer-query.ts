// The query of one transfers request, checked against the spec's rules and this sandbox's
// decisions (docs/service-decisions.md). Any problem is a 400 with a message naming the parameter.
import { type CursorPosition, decodeCursor } from './cursor.ts';
import { parseDateTimeMicros } from './date-time.ts';
import { PARTY_ID } from './parties.ts';

export interface TransferQuery {
  party: string;
  asset: { kind: 'all' } | { kind: 'ledgerCoin' } | { kind: 'instrument'; admin: string; id: string };
  pageSize: number;
  desc: boolean;
  after: number | null;
  before: number | null;
  cursor: CursorPosition | null;
  /** The filters as the client wrote them, to repeat in nextPageUrl. */
  echo: Array<[string, string]>;
}

export class BadRequest extends Error {}

const FILTER_PARAMS = [
  'assetKind',
  'instrumentAdmin',
  'instrumentId',
  'pageSize',
  'orderDesc',
  'effectiveAfter',
  'effectiveBefore',
];
const KNOWN = new Set([...FILTER_PARAMS, 'cursor', 'jwt', 'nodeId']);

export function parseTransferQuery(party: string, params: URLSearchParams): TransferQuery {
  for (const name of new Set(params.keys())) {
    if (KNOWN.has(name) && params.getAll(name).length > 1) throw new BadRequest(`${name} is given more than once`);
  }
  if (!PARTY_ID.test(party)) {
    throw new BadRequest('party is not a valid party id (expected <hint>::1220<64 hex digits>)');
  }
  const get = (name: string) => params.get(name);

  const assetKind = get('assetKind');
  const admin = get('instrumentAdmin');
  const id = get('instrumentId');
  if (assetKind !== null && assetKind !== 'ledger_coin') {
    throw new BadRequest(`assetKind must be "ledger_coin" (got "${truncate(assetKind)}")`);
  }
  if ((admin === null) !== (id === null)) {
    throw new BadRequest('instrumentAdmin and instrumentId must be given together');
  }
  if (assetKind !== null && admin !== null) {
    throw new BadRequest('assetKind=ledger_coin cannot be combined with instrumentAdmin/instrumentId');
  }
  if (admin !== null && (admin === '' || id === ''))
    throw new BadRequest('instrumentAdmin and instrumentId cannot be empty');

  let pageSize = 25;
  const rawSize = get('pageSize');
  if (rawSize !== null) {
    if (!/^\d{1,4}$/.test(rawSize) || +rawSize < 1 || +rawSize > 1000) {
      throw new BadRequest(`pageSize must be an integer from 1 to 1000 (got "${truncate(rawSize)}")`);
    }
    pageSize = +rawSize;
  }

  let desc = true;
  const rawOrder = get('orderDesc');
  if (rawOrder !== null) {
    if (rawOrder !== 'true' && rawOrder !== 'false')
      throw new BadRequest(`orderDesc must be true or false (got "${truncate(rawOrder)}")`);
    desc = rawOrder === 'true';
  }

  const after = dateParam(params, 'effectiveAfter');
  const before = dateParam(params, 'effectiveBefore');
  if (after !== null && before !== null && after >= before) {
    throw new BadRequest('effectiveAfter must be earlier than effectiveBefore');
  }

  let cursor: CursorPosition | null = null;
  const rawCursor = get('cursor');
  if (rawCursor !== null) {
    cursor = decodeCursor(rawCursor);
    if (!cursor) throw new BadRequest('cursor is malformed: pass the cursor of nextPageUrl unchanged');
    if (cursor.desc !== desc)
      throw new BadRequest('cursor belongs to the other orderDesc: keep the order while paging');
  }

  return {
    party,
    asset: assetKind
      ? { kind: 'ledgerCoin' }
      : admin !== null && id !== null
        ? { kind: 'instrument', admin, id }
        : { kind: 'all' },
    pageSize,
    desc,
    after,
    before,
    cursor,
    echo: FILTER_PARAMS.flatMap((name) =>
      params.has(name) ? [[name, params.get(name) as string] as [string, string]] : [],
    ),
  };
}

function dateParam(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (raw === null) return null;
  const micros = parseDateTimeMicros(raw);
  if (micros === null) {
    throw new BadRequest(`${name} is not an RFC 3339 date-time such as 2025-01-31T12:00:00Z (got "${truncate(raw)}")`);
  }
  return micros;
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
