// A `local:sql` query's scope as the SQL process takes it (sql-sandbox/sql-scope.ts): the parties
// themselves, a portfolio's read from the profile's portfolios file. `all` (or none): no scope.
import type { SqlScope } from '../../../src-shared/contract/party-scope.ts';
import type { LocalLedger } from './local-ledger.ts';
import type { ScopeData } from './sql-sandbox/sql-scope.ts';

export async function resolveScope(
  local: LocalLedger,
  profileId: string,
  scope: SqlScope | undefined,
): Promise<ScopeData | undefined> {
  if (!scope || scope.kind === 'all') return undefined;
  if (scope.kind === 'party') return { parties: [scope.party], portfolio: false };
  if (scope.kind === 'parties') return { parties: [...new Set(scope.parties)], portfolio: false };
  const portfolio = await local.portfolios.get(profileId, scope.name);
  return { parties: portfolio.parties, portfolio: true };
}
