// Which parties a local query reads: every party (the default: the store's synced parties, or with
// a lake open the lake's), one party, a chosen set, or a portfolio (a named set of the user's own
// parties: legs between its members are internal, `legs.internal`, and instrument_totals leaves
// them out). Portfolios are created, edited and deleted here too. Controlled: `value` and `onChange` (useQueryScope in scope-state.ts keeps
// one per profile). docs/notebook.md, "Parties, sets and portfolios".
import { useId, useState } from 'react';
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import type { Portfolio, SqlScope } from '../../../../src-shared/contract/party-scope.ts';
import { type PartySource, scopeTitle } from '../../../../src-shared/text/scope-text.ts';
import { useLake, useStores } from '../../../data/local-ledger.ts';
import { usePartyBook } from '../../../data/party-book.ts';
import { useDeletePortfolio, usePortfolios, useSavePortfolio } from '../../../data/sync-all.ts';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { PartyName, partyText } from '../../../ui/party-id.tsx';

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
  const chosen = value.kind === 'parties' ? value.parties : [];
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
      <label>
        {use === 'query' ? 'Parties' : 'View parties'}{' '}
        <select aria-label={`${name} parties`} value={value.kind} onChange={(e) => kind(e.target.value)}>
          <option value="all">{scopeTitle({ kind: 'all' }, from)}</option>
          <option value="party" disabled={!first}>
            {use === 'query' ? 'One party' : 'The party above'}
          </option>
          <option value="parties" disabled={!first}>
            A chosen set
          </option>
          <option value="portfolio" disabled={list.length === 0}>
            A portfolio
          </option>
        </select>
      </label>
      {/* The views' one party is the one the screen's header chooses: no second picker for it. */}
      {value.kind === 'party' && use === 'query' && (
        <label>
          Party{' '}
          <select
            aria-label={`${name} party`}
            value={value.party}
            onChange={(e) => onChange({ kind: 'party', party: e.target.value })}
          >
            {[...new Set([value.party, ...parties])].map((p) => (
              <option key={p} value={p} title={p}>
                {partyText(book, p)}
              </option>
            ))}
          </select>
        </label>
      )}
      {value.kind === 'parties' && (
        <fieldset className="scope-party-list" aria-label={`${name} party set`}>
          <legend>Parties in the set</legend>
          {[...new Set([...chosen, ...parties])].map((p) => (
            <label key={p}>
              <input
                type="checkbox"
                checked={chosen.includes(p)}
                // The last one stays: a set of no party reads nothing.
                disabled={chosen.length === 1 && chosen[0] === p}
                onChange={(e) =>
                  onChange({
                    kind: 'parties',
                    parties: e.target.checked ? [...chosen, p] : chosen.filter((x) => x !== p),
                  })
                }
              />{' '}
              <PartyName party={p} />
            </label>
          ))}
        </fieldset>
      )}
      {value.kind === 'portfolio' && (
        <label>
          {use === 'query' ? 'Portfolio' : 'View portfolio'}{' '}
          <select
            aria-label={`${name} portfolio`}
            value={value.name}
            onChange={(e) => onChange({ kind: 'portfolio', name: e.target.value })}
          >
            {list.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name} ({p.parties.length})
              </option>
            ))}
          </select>
        </label>
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

/** Create, edit (rename, members) and delete portfolios; main checks names and party ids and says where. */
export function PortfolioManager({
  profileId,
  portfolios,
  parties,
  onSaved,
  onDeleted,
}: {
  profileId: string;
  portfolios: Portfolio[];
  /** The parties offered as members (the scope's: the store's, or the open lake's). */
  parties: string[];
  onSaved?: (previousName: string | null, name: string) => void;
  onDeleted?: (name: string) => void;
}) {
  const save = useSavePortfolio();
  const remove = useDeletePortfolio();
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const edit = (p: Portfolio | null) => {
    save.reset();
    setEditing(p?.name ?? null);
    setName(p?.name ?? '');
    setMembers(p?.parties ?? []);
  };
  const failure = save.error ? asBridgeError(save.error) : null;
  return (
    <section className="panel" aria-label="Portfolios">
      <h3>Portfolios</h3>
      {portfolios.length === 0 && <p className="muted">No portfolio yet: name a set of your own parties below.</p>}
      <ul>
        {portfolios.map((p) => (
          <li key={p.name}>
            {p.name} <span className="muted">({p.parties.length} parties)</span>{' '}
            <button type="button" onClick={() => edit(p)} aria-label={`Edit portfolio ${p.name}`}>
              Edit
            </button>{' '}
            <button
              type="button"
              aria-label={`Delete portfolio ${p.name}`}
              onClick={() => remove.mutate({ profileId, name: p.name }, { onSuccess: () => onDeleted?.(p.name) })}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      {remove.error ? <ErrorMessage error={remove.error} title="The portfolio could not be deleted." /> : null}
      <form
        aria-label={editing === null ? 'New portfolio' : `Edit portfolio ${editing}`}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { profileId, previousName: editing, name, parties: members },
            {
              onSuccess: (list) => {
                onSaved?.(editing, list.find((p) => p.name === name.trim())?.name ?? name.trim());
                edit(null);
              },
            },
          );
        }}
      >
        <label>
          Portfolio name{' '}
          <input
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={failure !== null}
          />
        </label>
        <fieldset className="scope-party-list">
          <legend>Members</legend>
          {parties.length === 0 && members.length === 0 && <p className="muted">Sync your parties first.</p>}
          {[...new Set([...members, ...parties])].map((p) => (
            <label key={p}>
              <input
                type="checkbox"
                checked={members.includes(p)}
                onChange={(e) => setMembers(e.target.checked ? [...members, p] : members.filter((x) => x !== p))}
              />{' '}
              <PartyName party={p} />
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={save.isPending}>
          {editing === null ? 'Save portfolio' : 'Save changes'}
        </button>
        {editing !== null && (
          <button type="button" onClick={() => edit(null)}>
            New portfolio instead
          </button>
        )}
        {failure && (
          <p className="sql-error" role="alert">
            {failure.message}
          </p>
        )}
      </form>
    </section>
  );
}
