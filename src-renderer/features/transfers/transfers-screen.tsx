import { useActiveProfile } from '../settings/settings-queries.ts';

/** Placeholder until the transfers explorer lands: says plainly what is and is not here yet. */
export function TransfersScreen() {
  const profile = useActiveProfile();
  return (
    <div>
      <h2>Transfers</h2>
      <p className="muted">
        Connected to <strong>{profile?.name ?? '…'}</strong>. The transfers explorer (party, asset and time filters,
        paging, export) is not built yet in this version.
      </p>
    </div>
  );
}
