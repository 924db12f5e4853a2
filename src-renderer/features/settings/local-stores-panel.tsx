// Settings: what the local ledger keeps on this computer, per profile (parties, legs, last sync,
// node, size on disk, the file), and "Forget local data" per party or per profile, confirmed first.
import { useState } from 'react';
import type { LocalStoreInfo } from '../../../src-shared/contract/local-ledger.ts';
import { useForget, useStores } from '../../data/local-ledger.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { useKeyboardGrid } from '../../ui/keyboard-grid.ts';
import { bytes, count } from '../../ui/local-format.ts';
import { shortenParty } from '../../ui/party-format.ts';
import { PartyName } from '../../ui/party-id.tsx';

type Target = { profileId: string; party: string | null; label: string };

/**
 * What a forget is doing while main does it: a party's is a rewrite of the store without it (so no
 * byte of it stays; seconds for a large store), a profile's a deletion of its files. The button only
 * greyed for 5-10 s.
 */
function forgetting(target: Target): string {
  return target.party === null
    ? `Forgetting ${target.label.replace(' (the files)', '')}: deleting its files.`
    : `Forgetting ${target.label}: the store is written again without them, so none of their bytes stay on this computer. A large store takes a few seconds.`;
}

export function LocalStoresPanel() {
  const stores = useStores();
  const forget = useForget();
  const [confirming, setConfirming] = useState<Target | null>(null);

  const ask = (target: Target) => {
    forget.reset();
    setConfirming(target);
  };
  const confirm = () => {
    if (!confirming) return;
    forget.mutate(
      { profileId: confirming.profileId, party: confirming.party },
      { onSuccess: () => setConfirming(null) },
    );
  };

  return (
    <section className="panel" aria-labelledby="local-stores-heading">
      <h2 id="local-stores-heading">Local ledger data</h2>
      <p className="muted">
        Transfers synced to this computer, one database file per profile (readable by your user only).
      </p>
      {stores.error && <ErrorMessage error={stores.error} title="The local stores could not be listed." />}
      {stores.data && stores.data.length === 0 && <p data-testid="no-local-stores">Nothing is stored locally.</p>}
      {stores.data?.map((store) => (
        <StoreRow key={store.profileId} store={store} onForget={ask} />
      ))}
      {confirming && (
        <div className="confirm" role="alertdialog" aria-label="Forget local data">
          <p>
            Delete {confirming.label} from this computer? The ledger itself is not touched; a later sync fetches it
            again.
          </p>
          <button type="button" className="danger" onClick={confirm} disabled={forget.isPending}>
            {forget.isPending ? 'Forgetting…' : 'Forget'}
          </button>
          {/* Closing the question would not stop main: it is answered once main is done. */}
          <button type="button" onClick={() => setConfirming(null)} disabled={forget.isPending}>
            Keep
          </button>
          {forget.isPending && (
            <p className="muted" role="status">
              {forgetting(confirming)}
            </p>
          )}
          {forget.error && <ErrorMessage error={forget.error} title="The local data could not be deleted." />}
        </div>
      )}
    </section>
  );
}

function StoreRow({ store, onForget }: { store: LocalStoreInfo; onForget: (target: Target) => void }) {
  const grid = useKeyboardGrid();
  return (
    <div className="local-store" data-testid={`local-store-${store.profileId}`}>
      <h3 className="subheading">
        {store.profileName} <span className="muted">· {bytes(store.sizeBytes)} on disk</span>
      </h3>
      <p className="mono muted" title="The database file">
        {store.path}
      </p>
      <table ref={grid} className="data-table" aria-label={`Parties stored for ${store.profileName}`}>
        <thead>
          <tr>
            <th scope="col">Party</th>
            <th scope="col">Legs</th>
            <th scope="col">Last sync</th>
            <th scope="col">Node</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {store.parties.map((p) => (
            <tr key={p.party}>
              <td>
                <PartyName party={p.party} />
              </td>
              <td>{count(p.legs)}</td>
              <td>{p.lastSyncAt ?? 'not finished'}</td>
              <td>{p.nodeId ?? 'default'}</td>
              <td>
                <button
                  type="button"
                  onClick={() =>
                    onForget({
                      profileId: store.profileId,
                      party: p.party,
                      label: `the legs of ${shortenParty(p.party)}`,
                    })
                  }
                >
                  Forget local data
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="danger"
        onClick={() =>
          onForget({
            profileId: store.profileId,
            party: null,
            label: `every party of ${store.profileName} (the files)`,
          })
        }
      >
        Forget all local data of {store.profileName}
      </button>
    </div>
  );
}
