// What the transfers table's cells get from the screen (leg-table-features.ts): the time format
// and zone from the preferences, a clock for relative times, and the drill-down into a counterparty.
import { useMemo } from 'react';
import { useSettings } from '../../../data/settings.ts';
import { useNow } from '../../../ui/use-now.ts';
import { useTransfersStore } from '../transfers-store.ts';
import type { LegTableMeta } from './leg-table-features.ts';

export function useLegTableMeta(): LegTableMeta {
  const preferences = useSettings().data?.settings.preferences;
  const now = useNow(30_000);
  const { drillInto } = useTransfersStore.getState();
  return useMemo(
    () => ({
      timeFormat: preferences?.timeFormat ?? 'relative',
      timeZone: preferences?.timeZone ?? 'local',
      now,
      onDrill: (party: string) => drillInto(party),
    }),
    [preferences?.timeFormat, preferences?.timeZone, now, drillInto],
  );
}
