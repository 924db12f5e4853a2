// Before anything of the party is stored: what Sync now does, instead of views with nothing in
// them (no empty filter boxes, no empty table, no chart of nothing).
import { PartyName } from '../../ui/party-id.tsx';

export function FirstSync({ party, node, chosen }: { party: string; node: string | null; chosen: boolean }) {
  const from = chosen ? `node ${node}` : `the default node${node ? ` (${node})` : ''}`;
  return (
    <section className="panel local-first-sync" aria-label="Not synced yet">
      <p>
        Nothing of <PartyName party={party} /> is on this computer yet. <strong>Sync now</strong> copies its legs from{' '}
        {from} into the local store (the whole history, or only the Sync range under Options). Then Transfers,
        Counterparties, Flows and SQL read them here, offline and in milliseconds.
      </p>
    </section>
  );
}
