// A scope of parties in words, in one place for every screen and file that names one: the pickers
// and headings (scopeTitle), a dashboard panel and its report (scopeText), and the `scope` column of
// a counterparty or flow export (scopeColumn). One wording: every party is "synced" only when the
// views read the profile's store; with a lake open they are the lake's (docs/lake.md, "In the app").
// A set is counted by its distinct parties, written as en-US numbers ("1,000 parties").
import type { SqlScope } from '../contract/party-scope.ts';

/** Where the views read their parties: the profile's store, or the lake open on it. */
export type PartySource = 'store' | 'lake';

type Several = Exclude<SqlScope, { kind: 'party' }>;

/** The words, lower case, for running text and the export's column. */
function words(scope: Several, from: PartySource): string {
  if (scope.kind === 'all') return from === 'lake' ? "all the lake's parties" : 'all synced parties';
  if (scope.kind === 'portfolio') return `portfolio ${scope.name}`;
  return `${new Set(scope.parties).size.toLocaleString('en-US')} parties`;
}

/** A scope of several parties as a title: "All synced parties", "All the lake's parties", "Portfolio Treasury", "3 parties". */
export function scopeTitle(scope: Several, from: PartySource): string {
  const text = words(scope, from);
  return `${text[0].toUpperCase()}${text.slice(1)}`;
}

/** A set's ids are written out up to this many; a larger set is named by its count and first ids. */
const SET_IDS_SHOWN = 20;

/**
 * Any scope in words (a set names its parties, up to 20 of them): a dashboard panel and its report say
 * over whom it ran. Bounded: a report value is at most 10,000 characters, a set up to 1,000 ids.
 */
export function scopeText(scope: SqlScope, from: PartySource): string {
  if (scope.kind === 'party') return scope.party;
  if (scope.kind !== 'parties') return scopeTitle(scope, from);
  const { parties } = scope;
  if (parties.length <= SET_IDS_SHOWN) return parties.join(', ');
  return `${scopeTitle(scope, from)}: ${parties.slice(0, SET_IDS_SHOWN).join(', ')}, …`;
}

/**
 * The `scope` column of a counterparty or flow export (docs/local-ledger.md): `party` for one party
 * (its id is in the `party` column), else the scope's words; a portfolio's sums are of its external
 * legs only, which the column says: `portfolio NAME (external)`.
 */
export function scopeColumn(scope: SqlScope | undefined, from: PartySource): string {
  if (!scope || scope.kind === 'party') return 'party';
  return scope.kind === 'portfolio' ? `${words(scope, from)} (external)` : words(scope, from);
}
