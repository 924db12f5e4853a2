// What main's clients put on the wire, byte for byte, against a server that only records: the
// request rules of docs/service-decisions.md ("Sending requests"). The same requests pass the
// sandbox's strict-requests variation in ledger-reading.test.ts and chains-and-rpc-reading.test.ts.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchChainListing } from '../../src-main/services/chains/chains-client.ts';
import { fetchTransferPage, type TransferPageCall } from '../../src-main/services/ledger/ledger-client.ts';
import { callRpcNode } from '../../src-main/services/rpc/rpc-client.ts';
import type { TransferFilters } from '../../src-shared/contract/transfers.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let server: Server;
let origin: string;
const seen: Seen[] = [];
/** The nextPageUrl the recording server hands out (its cursor spelled as another server might). */
let nextPageUrl: string | null = null;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url?.includes('/tokenTransfers')) {
        res.end(
          JSON.stringify({ party: null, transfers: [], count: 0, hasNextPage: nextPageUrl !== null, nextPageUrl }),
        );
      } else if (req.url?.endsWith('/evm/chains')) res.end('[{"name":"ethereum"}]');
      else res.end('{"jsonrpc":"2.0","id":1,"result":"0x1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const party = `alice-1::1220${'ab'.repeat(32)}`;
const filters = (over: Partial<TransferFilters> = {}): TransferFilters => ({
  party,
  asset: { kind: 'all' },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 25,
  nodeId: null,
  ...over,
});
const call = (over: Partial<TransferPageCall> = {}): TransferPageCall => ({
  baseUrl: `${origin}/ledger`,
  jwt: 'header.payload.signature',
  placement: 'header',
  filters: filters(),
  defaultNodeId: null,
  next: null,
  retries: 0,
  ...over,
});
const last = () => seen[seen.length - 1];

describe('the transfers request (4.1)', () => {
  it('GET without a body; the party one path segment (RFC 6570: "::" as %3A%3A); JWT and nodeId as headers', async () => {
    await fetchTransferPage(call({ defaultNodeId: 'validator-1' }));
    const r = last();
    expect(r.method).toBe('GET');
    expect(r.body).toBe('');
    expect(r.url).toBe(
      `/ledger/api/v2/parties/alice-1%3A%3A1220${'ab'.repeat(32)}/tokenTransfers?pageSize=25&orderDesc=true`,
    );
    expect(r.headers).toMatchObject({ jwt: 'header.payload.signature', nodeid: 'validator-1' });
    expect(r.headers.accept).toBe('application/json, application/problem+json');
    expect(r.headers['content-type']).toBeUndefined();
  });

  it('query values RFC 3986-encoded (a space is %20 and a plus %2B: never a bare "+"), times as given (RFC 3339)', async () => {
    await fetchTransferPage(
      call({
        filters: filters({
          asset: { kind: 'instrument', admin: party, id: 'Note A+B' },
          effectiveAfter: '2026-01-01T00:00:00.123456789+05:30',
          effectiveBefore: '2026-02-01T00:00:00Z',
          orderDesc: false,
          pageSize: 1000,
        }),
      }),
    );
    const query = last().url.split('?')[1];
    expect(query).toBe(
      [
        `instrumentAdmin=alice-1%3A%3A1220${'ab'.repeat(32)}`,
        'instrumentId=Note%20A%2BB',
        'pageSize=1000',
        'orderDesc=false',
        'effectiveAfter=2026-01-01T00%3A00%3A00.123456789%2B05%3A30',
        'effectiveBefore=2026-02-01T00%3A00%3A00Z',
      ].join('&'),
    );
    expect(query).not.toContain('+');
  });

  it('the coin alone as assetKind=ledger_coin; JWT and nodeId as query parameters when the profile says so', async () => {
    await fetchTransferPage(
      call({ placement: 'query', filters: filters({ asset: { kind: 'ledgerCoin' }, nodeId: 'node 2' }) }),
    );
    expect(last().url.split('?')[1]).toBe(
      'assetKind=ledger_coin&pageSize=25&orderDesc=true&jwt=header.payload.signature&nodeId=node%202',
    );
    expect(last().headers.jwt).toBeUndefined();
  });

  it('nextPageUrl is followed byte for byte: its cursor and other parameters unchanged, only jwt and nodeId replaced', async () => {
    const cursor = 'a~b%2Fc%20d*e!';
    nextPageUrl = `${origin}/ledger/api/v2/parties/x%3A%3Ay/tokenTransfers?pageSize=25&jwt=old&cursor=${cursor}&nodeId=n1&z=%7E`;
    const first = await fetchTransferPage(call());
    nextPageUrl = null;
    // The renderer never sees a JWT the service echoed; everything else stays as the service wrote it.
    expect(first.next).toBe(
      `${origin}/ledger/api/v2/parties/x%3A%3Ay/tokenTransfers?pageSize=25&cursor=${cursor}&nodeId=n1&z=%7E`,
    );
    for (const placement of ['header', 'query'] as const) {
      await fetchTransferPage(call({ placement, next: first.next, filters: filters({ nodeId: 'n2' }) }));
      const expected = `/ledger/api/v2/parties/x%3A%3Ay/tokenTransfers?pageSize=25&cursor=${cursor}&z=%7E`;
      expect(last().url).toBe(placement === 'header' ? expected : `${expected}&jwt=header.payload.signature&nodeId=n2`);
    }
  });
});

describe('the chain listing (4.2) and node access (4.3)', () => {
  it('GET /evm/chains with the apiKey header, or Authorization: Bearer at partner_url; no body', async () => {
    await fetchChainListing({ auth: { kind: 'apiKey', apiKey: 'k1', translateUrl: `${origin}/translate` } });
    expect(last()).toMatchObject({ method: 'GET', url: '/translate/evm/chains', body: '' });
    expect(last().headers.apikey).toBe('k1');
    await fetchChainListing({ auth: { kind: 'partnerBearer', token: 't1', partnerUrl: `${origin}/partner` } });
    expect(last()).toMatchObject({ method: 'GET', url: '/partner/evm/chains' });
    expect(last().headers).toMatchObject({ authorization: 'Bearer t1' });
    expect(last().headers.apikey).toBeUndefined();
  });

  it('POST <chain>_<node_type> with an application/json JSON-RPC body (2.7); the key as header or ?apiKey=', async () => {
    const body = { jsonrpc: '2.0' as const, id: 1, method: 'eth_blockNumber', params: [] };
    const base = { rpcUrl: `${origin}/rpc`, chain: 'ethereum', nodeType: 'archive', apiKey: 'k+1' } as const;
    await callRpcNode({ ...base, separator: '_', keyPlacement: 'header', body });
    expect(last()).toMatchObject({ method: 'POST', url: '/rpc/ethereum_archive', body: JSON.stringify(body) });
    expect(last().headers).toMatchObject({ apikey: 'k+1', 'content-type': 'application/json' });
    await callRpcNode({ ...base, separator: '-', keyPlacement: 'query', body });
    expect(last().url).toBe('/rpc/ethereum-archive?apiKey=k%2B1');
    expect(last().headers.apikey).toBeUndefined();
  });
});
