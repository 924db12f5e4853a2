// The manager's form: a portfolio's name and members, saved as a new portfolio or over the one
// being edited, with main's refusal (a name taken, a party id it cannot read) under it.
import { PartyName } from '../../../ui/party-id.tsx';
import type { PortfolioDraft } from './use-portfolio-draft.ts';

export function PortfolioForm({ draft, parties }: { draft: PortfolioDraft; parties: string[] }) {
  const { editing, name, members, setMembers, failure } = draft;
  return (
    <form
      aria-label={editing === null ? 'New portfolio' : `Edit portfolio ${editing}`}
      onSubmit={(e) => {
        e.preventDefault();
        draft.submit();
      }}
    >
      <label>
        Portfolio name{' '}
        <input
          value={name}
          maxLength={80}
          onChange={(e) => draft.setName(e.target.value)}
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
      <button type="submit" disabled={draft.saving}>
        {editing === null ? 'Save portfolio' : 'Save changes'}
      </button>
      {editing !== null && (
        <button type="button" onClick={() => draft.edit(null)}>
          New portfolio instead
        </button>
      )}
      {failure && (
        <p className="sql-error" role="alert">
          {failure.message}
        </p>
      )}
    </form>
  );
}
