// The transfers page is written as bytes (page-json.ts) for speed; these hold it to exactly what
// JSON.stringify of the same answer built as objects gives, and the sandbox's answers to a fixed
// set of requests to the digest they had before that writer existed.
import { afterAll, describe, expect, it } from 'vitest';
import { pageJson } from '../../../src-sandbox/ledger/page-json.ts';
import { legOf, transferPage } from '../../../src-sandbox/ledger/transfer-page.ts';
import { parseTransferQuery } from '../../../src-sandbox/ledger/transfer-query.ts';
import { appendTransfers, generateTransfers, type TransferStore } from '../../../src-sandbox/ledger/transfer-store.ts';
import { type SandboxInternals, startSandboxNetwork } from '../../../src-sandbox/sandbox-network.ts';
import { answersDigest } from '../../fixtures/sandbox-answers.ts';

function objectForm(store: TransferStore, party: string, partyIndex: number, params: Record<string, string>) {
  const page = transferPage(store, partyIndex, parseTransferQuery(party, new URLSearchParams(params)));
  const nextPageUrl = page.next ? `http://x/ledger?cursor=${page.next}&a="quoted"` : null;
  const legs = Array.from(page.transfers, (i) => legOf(store, partyIndex, i));
  const expected = JSON.stringify({
    party,
    transfers: legs,
    count: legs.length,
    hasNextPage: page.next !== null,
    nextPageUrl,
  });
  return { written: pageJson(store, party, page, nextPageUrl).toString('utf8'), expected };
}

describe('a page written as bytes', () => {
  it.each([
    ['plain names', false],
    ['hostile names (markup and quotes in ids, symbols, statuses)', true],
  ])('equals JSON.stringify of its legs as objects: %s', (_, hostileNames) => {
    const store = generateTransfers(23, 6_000, { hostileNames });
    appendTransfers(store, 50, Date.UTC(2026, 10, 3) * 1000);
    let legs = 0;
    for (let p = 0; p < store.parties.ids.length; p++) {
      // Hostile ids cannot be asked for (not Canton ids), but they are every other leg's counterparty.
      const party = p < 6 ? store.parties.ids[p] : store.parties.ids[p % 6];
      for (const params of [
        { pageSize: '1000' },
        { pageSize: '7', orderDesc: 'false' },
        { assetKind: 'ledger_coin' },
      ] as Array<Record<string, string>>) {
        const { written, expected } = objectForm(store, party, p, params);
        expect(written).toBe(expected);
        legs += JSON.parse(written).count;
      }
    }
    expect(legs).toBeGreaterThan(10_000);
  });

  it('writes an empty page (a party with no legs) as the object form does', () => {
    const store = generateTransfers(23, 100);
    const { written, expected } = objectForm(store, store.parties.dso, -1, {});
    expect(written).toBe(expected);
    expect(JSON.parse(written)).toMatchObject({ transfers: [], count: 0, hasNextPage: false, nextPageUrl: null });
  });
});

describe('the sandbox answers to a fixed set of requests', () => {
  let net: SandboxInternals | null = null;
  afterAll(() => net?.close());

  // Digests taken before page-json.ts (issue 17): the answers are byte for byte the same since.
  it.each([
    [5, 10_000, false, false, 'd8320f6650dc6a92855363ffa753432c405a9dc12dc1eabbe52fe71cbca52304', 819],
    [6, 3_000, true, false, 'bf301eae551d04d445ac963bc2e59968009adfe50ceade37984a15c74a130088', 464],
    [7, 2_000, false, true, '066d4a17366f9c139038a38ba5f36b96dadfe4410977e1e250d893492bfd5c44', 653],
  ])(
    'seed %i, %i transfers, hostile names %s, live arrivals %s',
    async (seed, transfers, hostileNames, append, digest, answers) => {
      net = await startSandboxNetwork({ seed, transfers, hostileNames, evm: false });
      if (append) appendTransfers(net.ledger.store, 300, Date.UTC(2026, 10, 2) * 1000);
      expect(await answersDigest(net)).toEqual({ digest, answers });
      await net.close();
      net = null;
    },
  );
});
