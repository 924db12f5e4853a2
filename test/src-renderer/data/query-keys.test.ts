// Query keys are hierarchical prefixes: clearing a profile's transfers reaches every page,
// load-all, token info and node list of that profile, and nothing of another profile.
import { matchQuery, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../src-renderer/data/query-keys.ts';
import type { Profile } from '../../../src-shared/contract/schemas.ts';
import type { TransferFilters } from '../../../src-shared/contract/transfers.ts';
import { acmeProfile } from '../../fixtures/acme-profile.ts';

const FILTERS: TransferFilters = {
  party: 'alice::1220',
  asset: { kind: 'all' },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 25,
  nodeId: null,
};

/** Does an invalidation under `prefix` reach a query under `key`? (TanStack's own matching.) */
function reaches(prefix: readonly unknown[], key: readonly unknown[]): boolean {
  const client = new QueryClient();
  const query = client.getQueryCache().build(client, { queryKey: key });
  const hit = matchQuery({ queryKey: prefix }, query);
  client.clear();
  return hit;
}

describe('queryKeys', () => {
  it("a profile's transfers prefix reaches all of its transfer queries and none of another profile", () => {
    const all = queryKeys.transfers.all('acme');
    for (const key of [
      queryKeys.transfers.page('acme', 'keychain:abcd', FILTERS, null),
      queryKeys.transfers.page('acme', 'keychain:abcd', FILTERS, 'cursor-2'),
      queryKeys.transfers.everything('acme', 'keychain:abcd', FILTERS),
      queryKeys.transfers.tokenInfo('acme', 'keychain:abcd'),
      queryKeys.transfers.nodes('acme'),
    ])
      expect(reaches(all, key)).toBe(true);
    expect(reaches(all, queryKeys.transfers.nodes('beta'))).toBe(false);
  });

  it('the load-all prefix reaches every load-all of a credential, not its pages or another credential', () => {
    const loads = queryKeys.transfers.allLoads('acme', 'keychain:abcd');
    expect(reaches(loads, queryKeys.transfers.everything('acme', 'keychain:abcd', FILTERS))).toBe(true);
    expect(reaches(loads, queryKeys.transfers.everything('acme', 'keychain:abcd', null))).toBe(true);
    expect(reaches(loads, queryKeys.transfers.page('acme', 'keychain:abcd', FILTERS, null))).toBe(false);
    expect(reaches(loads, queryKeys.transfers.everything('acme', 'keychain:wxyz', FILTERS))).toBe(false);
  });

  it('secrets, histories: the all-prefix reaches each entry', () => {
    expect(reaches(queryKeys.secrets.all(), queryKeys.secrets.status('acme'))).toBe(true);
    expect(reaches(queryKeys.rpc.histories(), queryKeys.rpc.history('eth'))).toBe(true);
    expect(reaches(queryKeys.rpc.histories(), queryKeys.rpc.answer())).toBe(false);
  });

  it('the rpc endpoint key changes with what decides the address', () => {
    const acme: Profile = acmeProfile();
    const key = (p: Profile | null) => JSON.stringify(queryKeys.rpc.endpoint(p));
    expect(key({ ...acme, name: 'Renamed' })).toBe(key(acme));
    expect(key({ ...acme, rpcUrl: 'https://rpc2.acme.example' })).not.toBe(key(acme));
    expect(key({ ...acme, rpcSeparator: '-' })).not.toBe(key(acme));
    expect(key({ ...acme, rpcKeyPlacement: 'query' })).not.toBe(key(acme));
    expect(queryKeys.rpc.endpoint(null)).toEqual(['rpc', 'endpoint', undefined, null, undefined, undefined]);
  });
});
