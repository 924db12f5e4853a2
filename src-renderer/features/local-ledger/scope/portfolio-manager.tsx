// Create, edit (rename, members) and delete portfolios: the list with each one's Edit and Delete,
// and the form (portfolio-form.tsx) that writes a new one or the one being edited.
import type { Portfolio } from '../../../../src-shared/contract/party-scope.ts';
import { useDeletePortfolio } from '../../../data/sync-all.ts';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { PortfolioForm } from './portfolio-form.tsx';
import { usePortfolioDraft } from './use-portfolio-draft.ts';

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
  const draft = usePortfolioDraft(profileId, onSaved);
  const remove = useDeletePortfolio();
  return (
    <section className="panel" aria-label="Portfolios">
      <h3>Portfolios</h3>
      {portfolios.length === 0 && <p className="muted">No portfolio yet: name a set of your own parties below.</p>}
      <ul>
        {portfolios.map((p) => (
          <li key={p.name}>
            {p.name} <span className="muted">({p.parties.length} parties)</span>{' '}
            <button type="button" onClick={() => draft.edit(p)} aria-label={`Edit portfolio ${p.name}`}>
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
      <PortfolioForm draft={draft} parties={parties} />
    </section>
  );
}
