// The request side of the variations: what a request must do to pass verbatim-cursor and
// strict-requests, checked before it is served (a 400 names the rule it broke).
import type { IncomingMessage } from 'node:http';
import type { Interface } from '../faults.ts';
import type { Variation } from './catalogue.ts';

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
export function checkRequest(active: Set<Variation>, where: Interface, req: IncomingMessage, url: URL): string | null {
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
