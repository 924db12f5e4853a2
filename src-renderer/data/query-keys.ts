// Every query key the renderer uses, from one factory: an invalidation names the same function as
// the query it targets, so it cannot miss by a spelling. Keys are hierarchical prefixes: clearing
// `transfers.all(profileId)` reaches every page, load-all, token info and node list of the profile.
import type { SqlScope } from '../../src-shared/contract/party-scope.ts';
import type { Profile } from '../../src-shared/contract/schemas.ts';
import type { TransferFilters } from '../../src-shared/contract/transfers.ts';

/** What stands for the party in the keys of views over several parties (no party id looks like it). */
export const SCOPED_VIEWS = '*scope';

export const queryKeys = {
  app: {
    info: () => ['app', 'info'] as const,
  },
  settings: {
    all: () => ['settings'] as const,
  },
  secrets: {
    all: () => ['secrets'] as const,
    status: (profileId: string) => ['secrets', profileId] as const,
  },
  chains: {
    listing: (profileId: string | undefined) => ['chains', profileId] as const,
  },
  transfers: {
    all: (profileId: string) => ['transfers', profileId] as const,
    page: (profileId: string, credential: string, filters: TransferFilters | null, cursor: string | null) =>
      ['transfers', profileId, credential, 'page', filters, cursor] as const,
    /** Every load-all of a profile and ledger JWT, whatever the filters (a prefix of `everything`). */
    allLoads: (profileId: string, credential: string) => ['transfers', profileId, credential, 'all'] as const,
    everything: (profileId: string, credential: string, filters: TransferFilters | null) =>
      ['transfers', profileId, credential, 'all', filters] as const,
    tokenInfo: (profileId: string, credential: string) => ['transfers', profileId, credential, 'token'] as const,
    nodes: (profileId: string) => ['transfers', profileId, 'nodes'] as const,
    knownParties: (profileId: string) => ['transfers', profileId, 'knownParties'] as const,
  },
  /** The last node comparison for a profile and filters (outside `transfers`: no invalidation blanks it). */
  nodeCompare: {
    last: (profileId: string, filters: unknown) => ['nodeCompare', profileId, filters] as const,
    /** Every comparison of the profile, whatever its filters (what the Local ledger knows of a lag). */
    profile: (profileId: string) => ['nodeCompare', profileId] as const,
  },
  export: {
    job: (jobId: string | null) => ['export', jobId] as const,
  },
  rpc: {
    /** Keyed by what decides the address, so an edited profile shows its new address at once. */
    endpoint: (profile: Profile | null) =>
      [
        'rpc',
        'endpoint',
        profile?.id,
        profile?.kind === 'remote' ? profile.rpcUrl : null,
        profile?.rpcSeparator,
        profile?.rpcKeyPlacement,
      ] as const,
    /** Every history search (a prefix of `history`). */
    histories: () => ['rpc', 'history'] as const,
    history: (search: string) => ['rpc', 'history', search] as const,
    answer: () => ['rpc', 'answer'] as const,
    /** The last side-by-side run (both answers). */
    compare: () => ['rpc', 'compare'] as const,
    /** A contract's decimals() and symbol(): once per profile, chain and address (lower case). */
    token: (profileId: string | undefined, chain: string, address: string) =>
      ['rpc', 'token', profileId, chain, address.toLowerCase()] as const,
  },
  /** The recent views (docs/links.md). */
  views: {
    recent: () => ['views', 'recent'] as const,
  },
  abi: {
    /** A profile's ABI library (built-ins, sandbox contracts, saved ABIs). */
    library: (profileId: string | undefined) => ['abi', profileId] as const,
  },
  workspace: {
    environments: () => ['workspace', 'environments'] as const,
    collections: () => ['workspace', 'collections'] as const,
  },
  local: {
    /** Every profile's store list (Settings). */
    stores: () => ['local', 'stores'] as const,
    /** Everything read from one profile's local store (another program changed it: this prefix). */
    profile: (profileId: string) => ['local', profileId] as const,
    /** Everything read from one party's local data: a sync or a forget invalidates this prefix. */
    party: (profileId: string, party: string) => ['local', profileId, party] as const,
    /**
     * The key's party for a view over a scope: the party when it reads one, else SCOPED_VIEWS, a
     * prefix of its own that any sync, forget or portfolio change of the profile invalidates.
     */
    viewParty: (party: string, scope: SqlScope | undefined) =>
      !scope ? party : scope.kind === 'party' ? scope.party : SCOPED_VIEWS,
    status: (profileId: string, party: string) => ['local', profileId, party, 'status'] as const,
    /** The lake the profile reads instead of its store (never a party id: those hold `::`). */
    lake: (profileId: string) => ['local', profileId, '#lake'] as const,
    facets: (profileId: string, party: string) => ['local', profileId, party, 'facets'] as const,
    /** `view`: the rest of what decides the answer (filters, sort, window; ranges; bucket), as one value. */
    view: (
      profileId: string,
      party: string,
      kind: 'legs' | 'counterparties' | 'relationship' | 'flows',
      view: unknown,
    ) => ['local', profileId, party, kind, view] as const,
    sync: (jobId: string | null) => ['local', 'sync', jobId] as const,
    /** SQL reads the whole store of a profile, whatever the party. */
    sql: (profileId: string, sql: string, rowCap: number) => ['local', profileId, 'sql', sql, rowCap] as const,
  },
};
