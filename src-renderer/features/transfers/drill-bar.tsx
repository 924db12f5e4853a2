// After a drill-down into a counterparty: the way back to the party it was opened from (the
// trail in the transfers store), named by its saved label when it has one.
import { usePartyBook } from '../../data/party-book.ts';
import { partyText } from '../../ui/party-id.tsx';
import { useTransfersStore } from './transfers-store.ts';

export function DrillBar() {
  const trail = useTransfersStore((s) => s.trail);
  const book = usePartyBook();
  const previous = trail.at(-1);
  if (!previous) return null;
  return (
    <nav className="drill-bar" aria-label="Drill-down">
      <button type="button" onClick={useTransfersStore.getState().returnFromDrill}>
        ← Back to {partyText(book, previous.filters.party)}
      </button>
      <span className="muted">Counterparty opened from {partyText(book, previous.filters.party)}, same filters</span>
    </nav>
  );
}
