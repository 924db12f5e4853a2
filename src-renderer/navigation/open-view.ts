// Shows the view a link names (docs/links.md). App-level, so it may set feature stores: transfers
// filters and search, the local ledger's party, the chain to focus, the console's request. Nothing
// here sends an RPC request: a link fills the console and the user presses Send.
import type { Profile } from '../../src-shared/contract/schemas.ts';
import type { ViewTarget } from '../../src-shared/contract/views.ts';
import { filtersToDraft } from '../features/transfers/filters/filter-draft.ts';
import { useTransfersStore } from '../features/transfers/transfers-store.ts';
import { useUiStore } from '../ui-store.ts';

/** Why the link's profile cannot be used here, or null. */
export function profileProblem(target: ViewTarget, profiles: readonly Profile[]): string | null {
  return profiles.some((p) => p.id === target.profile)
    ? null
    : `it names the profile "${target.profile}", which does not exist in this app (profiles are named, never sent in a link)`;
}

/** What a link opens, in the words of the banner that asks before switching profiles. */
export function viewTitle(target: ViewTarget): string {
  if (target.kind === 'chain') return `the chain "${target.chain}"`;
  if (target.kind === 'rpc') return `the RPC console on "${target.chain}"`;
  return target.source === 'local' ? 'the Local ledger' : 'Transfers';
}

/** Shows the view; the active profile must already be the link's. */
export function showView(target: ViewTarget): void {
  const ui = useUiStore.getState();
  if (target.kind === 'chain') {
    ui.focusChain(target.chain);
    return;
  }
  if (target.kind === 'rpc') {
    const { chain, nodeType, method, params, batch } = target;
    ui.openConsoleOn(chain, { nodeType, method, params, batch });
    return;
  }
  const { filters } = target;
  if (target.source === 'local') {
    ui.openLocal({
      profile: target.profile,
      party: filters.party,
      nodeId: filters.nodeId,
      after: filters.effectiveAfter,
      before: filters.effectiveBefore,
    });
    return;
  }
  const transfers = useTransfersStore.getState();
  transfers.setDraft(filtersToDraft(filters, transfers.draft.zone));
  transfers.search(filters);
  ui.showSection('transfers');
}
