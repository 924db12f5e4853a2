// Which parties a local query reads: every party (the default: the store's synced parties, or with
// a lake open the lake's), one party, a chosen set, or a portfolio (a named set of the user's own
// parties: legs between its members are internal, `legs.internal`, and instrument_totals leaves
// them out). Portfolios are created, edited and deleted here too (portfolio-manager.tsx).
// Controlled: `value` and `onChange` (useQueryScope in scope-state.ts keeps one per profile).
// docs/notebook.md, "Parties, sets and portfolios".
import { useId, useState } from 'react';
import type { Portfolio, SqlScope } from '../../../../src-shared/contract/party-scope.ts';
import { type PartySource, scopeTitle } from '../../../../src-shared/text/scope-text.ts';
import { useLake, useStores } from '../../../data/local-ledger.ts';
import { type PartyBook, usePartyBook } from '../../../data/party-book.ts';
import { usePortfolios } from '../../../data/sync-all.ts';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { partyText } from '../../../ui/party-id.tsx';
import { PartySetChoice } from './party-set-choice.tsx';
import { PortfolioManager } from './portfolio-manager.tsx';

export { scopeForRequest, useQueryScope, useViewScope } from './scope-state.ts';

/**
 * The parties a scope picks from: those the profile's views read, which are the store's synced
 * parties in the store's order, or with a lake open the lake's (the views read the lake then: a
 * store party would show nothing). `from` says which.
 */
function useScopeParties(profileId: string): { parties: string[]; from: PartySource } {
  const stores = useStores();
  const lake = useLake(profileId).data;
  if (lake) return { parties: lake.parties.map((p) => p.party), from: 'lake' };
  return {
    parties: stores.data?.find((s) => s.profileId === profileId)?.parties.map((p) => p.party) ?? [],
    from: 'store',
  };
}

/** What the picker says a portfolio does, where it picks for the SQL tab (`query`) or the views (`view`). */
const PORTFOLIO_NOTE = {
  query: 'Legs between its members are internal (legs.internal) and left out of instrument_totals.',
  view: 'Counterparties and Flows leave out legs between its members; the table marks them internal.',
};

export function ScopePicker({
  profileId,
  value,
  onChange,
  use = 'query',
  home,
}: {
  profileId: string;
  value: SqlScope;
  onChange: (scope: SqlScope) => void;
  /** `view`: the local views' picker (its own labels: both may be on the page, one hidden). */
  use?: 'query' | 'view';
  /** The party on screen, where there is one. */
  home?: string;
}) {
  const name = use === 'query' ? 'Query' : 'View';
  const { parties, from } = useScopeParties(profileId);
  const portfolios = usePortfolios(profileId);
  const book = usePartyBook();
  const [managing, setManaging] = useState(false);
  const id = useId();
  const list = portfolios.data ?? [];
  // "One party" and "A chosen set" start from the party on screen (the views), else the first offered.
  const first = home ?? parties[0];
  const kind = (next: string) => {
    if (next === 'all') onChange({ kind: 'all' });
    else if (next === 'party' && first) onChange({ kind: 'party', party: first });
    else if (next === 'parties' && first) onChange({ kind: 'parties', parties: [first] });
    else if (next === 'portfolio' && list[0]) onChange({ kind: 'portfolio', name: list[0].name });
  };
  return (
    <div className="scope-picker" data-testid={use === 'query' ? 'scope-picker' : 'view-scope-picker'}>
      <KindChoice
        use={use}
        label={`${name} parties`}
        kind={value.kind}
        onKind={kind}
        from={from}
        hasParty={!!first}
        hasPortfolio={list.length > 0}
      />
      {/* The views' one party is the one the screen's header chooses: no second picker for it. */}
      {value.kind === 'party' && use === 'query' && (
        <OnePartyChoice label={`${name} party`} party={value.party} parties={parties} book={book} onChange={onChange} />
      )}
      {value.kind === 'parties' && (
        <PartySetChoice label={`${name} party set`} chosen={value.parties} parties={parties} onChange={onChange} />
      )}
      {value.kind === 'portfolio' && (
        <PortfolioChoice use={use} label={`${name} portfolio`} name={value.name} list={list} onChange={onChange} />
      )}
      <button
        type="button"
        aria-expanded={managing}
        aria-controls={managing ? id : undefined}
        onClick={() => setManaging(!managing)}
      >
        Portfolios…
      </button>
      {value.kind === 'portfolio' && <span className="muted">{PORTFOLIO_NOTE[use]}</span>}
      {portfolios.error ? <ErrorMessage error={portfolios.error} title="The portfolios could not be read." /> : null}
      {managing && (
        <div id={id} className="scope-portfolios">
          <PortfolioManager
            profileId={profileId}
            portfolios={list}
            parties={parties}
            onDeleted={(name) => {
              if (value.kind === 'portfolio' && value.name === name) onChange({ kind: 'all' });
            }}
            onSaved={(previous, name) => {
              if (value.kind === 'portfolio' && value.name === previous) onChange({ kind: 'portfolio', name });
            }}
          />
        </div>
      )}
    </div>
  );
}

/** Which kind of scope: every party, one, a chosen set, or a portfolio (each offered when there is one to pick). */
function KindChoice({
  use,
  label,
  kind,
  onKind,
  from,
  hasParty,
  hasPortfolio,
}: {
  use: 'query' | 'view';
  label: string;
  kind: SqlScope['kind'];
  onKind: (kind: string) => void;
  from: PartySource;
  hasParty: boolean;
  hasPortfolio: boolean;
}) {
  return (
    <label>
      {use === 'query' ? 'Parties' : 'View parties'}{' '}
      <select aria-label={label} value={kind} onChange={(e) => onKind(e.target.value)}>
        <option value="all">{scopeTitle({ kind: 'all' }, from)}</option>
        <option value="party" disabled={!hasParty}>
          {use === 'query' ? 'One party' : 'The party above'}
        </option>
        <option value="parties" disabled={!hasParty}>
          A chosen set
        </option>
        <option value="portfolio" disabled={!hasPortfolio}>
          A portfolio
        </option>
      </select>
    </label>
  );
}

/** The SQL tab's one party: any party offered (and the one chosen, if no longer offered). */
function OnePartyChoice({
  label,
  party,
  parties,
  book,
  onChange,
}: {
  label: string;
  party: string;
  parties: string[];
  book: PartyBook;
  onChange: (scope: SqlScope) => void;
}) {
  return (
    <label>
      Party{' '}
      <select aria-label={label} value={party} onChange={(e) => onChange({ kind: 'party', party: e.target.value })}>
        {[...new Set([party, ...parties])].map((p) => (
          <option key={p} value={p} title={p}>
            {partyText(book, p)}
          </option>
        ))}
      </select>
    </label>
  );
}

function PortfolioChoice({
  use,
  label,
  name,
  list,
  onChange,
}: {
  use: 'query' | 'view';
  label: string;
  name: string;
  list: Portfolio[];
  onChange: (scope: SqlScope) => void;
}) {
  return (
    <label>
      {use === 'query' ? 'Portfolio' : 'View portfolio'}{' '}
      <select aria-label={label} value={name} onChange={(e) => onChange({ kind: 'portfolio', name: e.target.value })}>
        {list.map((p) => (
          <option key={p.name} value={p.name}>
            {p.name} ({p.parties.length})
          </option>
        ))}
      </select>
    </label>
  );
}
