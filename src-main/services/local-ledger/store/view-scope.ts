// A query's scope resolved to parties: a `local:sql` query's as the SQL process takes it
// (store/party-scope.ts), a local view's (table, counterparties, flows, their exports) as
// leg-filters-sql.ts's addScope binds it. A portfolio's parties are read from the profile's
// portfolios file. `all`: no scope (every party in the store).
import type { Portfolio, SqlScope } from '../../../../src-shared/contract/party-scope.ts';
import type { ScopeData } from './party-scope.ts';

/** What resolving needs of the local ledger: its portfolios (not the ledger itself: no import circle). */
interface WithPortfolios {
  portfolios: { get(profileId: string, name: string): Promise<Portfolio> };
}

export async function resolveScope(
  local: WithPortfolios,
  profileId: string,
  scope: SqlScope | undefined,
): Promise<ScopeData | undefined> {
  if (!scope || scope.kind === 'all') return undefined;
  if (scope.kind === 'party') return { parties: [scope.party], portfolio: false };
  if (scope.kind === 'parties') return { parties: [...new Set(scope.parties)], portfolio: false };
  const portfolio = await local.portfolios.get(profileId, scope.name);
  return { parties: portfolio.parties, portfolio: true };
}

/** A local view's parties: its scope, or (none given) the party on screen alone. */
export async function resolveViewScope(
  local: WithPortfolios,
  profileId: string,
  party: string,
  scope: SqlScope | undefined,
): Promise<ScopeData | undefined> {
  return scope ? resolveScope(local, profileId, scope) : { parties: [party], portfolio: false };
}
