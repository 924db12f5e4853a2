// Recent views fill themselves: a transfers search, a local ledger view, a focused chain and the
// console opened on a chain are recorded as they happen (main keeps one entry per link, newest
// first). A view main refuses (it would hold a secret) is simply not recorded.
import { useEffect, useRef } from 'react';
import type { ViewTarget } from '../../src-shared/contract/views.ts';
import { useActiveProfile } from '../data/settings.ts';
import { useRecordView } from '../data/views.ts';
import { useTransfersStore } from '../features/transfers/transfers-store.ts';
import { useUiStore } from '../ui-store.ts';

export function useRecordVisits(): void {
  const profile = useActiveProfile()?.id;
  const filters = useTransfersStore((s) => s.view?.filters);
  const local = useUiStore((s) => s.localTarget);
  const chain = useUiStore((s) => s.chainFocus);
  const consoleTarget = useUiStore((s) => s.consoleTarget);
  const record = useRecordView().mutate;
  const last = useRef('');

  const visit = (target: ViewTarget | null) => {
    const key = JSON.stringify(target);
    if (!target || key === last.current) return;
    last.current = key;
    record(target);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: recorded when the view changes, not the profile
  useEffect(() => {
    if (profile && filters) visit({ kind: 'transfers', profile, filters, source: 'live' });
  }, [filters]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  useEffect(() => {
    if (profile && local && local.profile === profile) {
      const { party, nodeId, after, before } = local;
      const localFilters = { party, nodeId, effectiveAfter: after, effectiveBefore: before };
      const base = { asset: { kind: 'all' as const }, orderDesc: true, pageSize: 50 };
      visit({ kind: 'transfers', profile, source: 'local', filters: { ...base, ...localFilters } });
    }
  }, [local]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  useEffect(() => {
    if (profile && chain) visit({ kind: 'chain', profile, chain: chain.chain });
  }, [chain]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  useEffect(() => {
    if (profile && consoleTarget) visit({ kind: 'rpc', profile, nodeType: 'full', ...consoleTarget });
  }, [consoleTarget]);
}
