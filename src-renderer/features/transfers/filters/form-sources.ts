// What the filter form lays itself out from: the settings (time zone, saved parties), where the
// ledger JWT is kept, what that JWT names, the node choices and the sandbox's parties. Each arrives
// on its own after the window opens, and each adds or changes rows above the asset, time and order
// fields. The form is offered (and the app says it is ready) only once all of them have answered,
// so a field cannot move from under the pointer between a press and its release, and a choice made
// at once is never lost.
import { useEffect } from 'react';
import { useLedgerCredential, useSecretStatus } from '../../../data/secrets.ts';
import { useSettings } from '../../../data/settings.ts';
import { useKnownParties, useNodeChoices, useTokenInfo } from '../../../data/transfers.ts';
import { useTransfersStore } from '../transfers-store.ts';

/** Whether everything the form is built from has answered (with data or an error) for this profile. */
export function useFormSourcesArrived(profileId: string): boolean {
  const settings = useSettings();
  const status = useSecretStatus(profileId);
  const credential = useLedgerCredential(profileId);
  const token = useTokenInfo(profileId, credential);
  const nodes = useNodeChoices(profileId);
  const known = useKnownParties(profileId);
  return (
    !settings.isPending &&
    !status.isPending &&
    // Without a credential there is no token to read: the picker shows nothing for it.
    (credential === undefined || !token.isPending) &&
    !nodes.isPending &&
    !known.isPending
  );
}

/**
 * True once the form's sources have arrived for this profile, and from then on (a later refetch,
 * such as after a new JWT is saved, does not take the form away again). Marks the profile as
 * restored in the transfers store, which is what the app's ready signal waits for.
 */
export function useFormRestored(profileId: string): boolean {
  const arrived = useFormSourcesArrived(profileId);
  const restored = useTransfersStore((s) => s.restoredProfile === profileId);
  const markRestored = useTransfersStore((s) => s.markRestored);
  useEffect(() => {
    if (arrived) markRestored(profileId);
  }, [arrived, profileId, markRestored]);
  return arrived || restored;
}
