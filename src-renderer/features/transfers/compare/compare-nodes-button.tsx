// "Compare nodes" in the transfers view header: runs the filters on screen on every validator node
// and opens the panel. Also what the palette, the menu and a shortcut ask for ('transfers:compare-nodes').
import type { TransferFilters } from '../../../../src-shared/contract/transfers.ts';
import { useNodeComparison } from '../../../data/node-compare.ts';
import { useAppAction } from '../../../ui/app-action.ts';
import { useCompareOpen } from './compare-open.ts';

export function CompareNodesButton({ profileId, filters }: { profileId: string; filters: TransferFilters }) {
  const { start, pending } = useNodeComparison(profileId, filters);
  const setOpen = useCompareOpen((s) => s.setOpen);
  const run = () => {
    setOpen(true);
    if (!pending) start();
  };
  useAppAction('transfers:compare-nodes', run);
  return (
    <button
      type="button"
      onClick={run}
      disabled={pending}
      title="Run these filters on every validator node and show which node lags, starts or is quarantined"
    >
      {pending ? 'Comparing nodes…' : 'Compare nodes'}
    </button>
  );
}
