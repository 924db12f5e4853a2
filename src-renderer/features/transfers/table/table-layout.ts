// The transfers table's column visibility, order and widths, restored from the preferences and
// saved back (debounced) whenever the user changes them.
import { useEffect, useRef, useState } from 'react';
import type { TableLayout } from '../../../../src-shared/contract/schemas.ts';
import { useSavePreferences, useSettings } from '../../../data/settings.ts';
import { DEFAULT_HIDDEN, LEG_COLUMN_IDS } from './leg-columns.tsx';

const SAVE_AFTER_MS = 400;

/** A stored layout made safe for the current columns: unknown ids dropped, new columns appended. */
export function normalizeLayout(stored: TableLayout | undefined, ids: readonly string[] = LEG_COLUMN_IDS): TableLayout {
  const known = new Set(ids);
  const order = (stored?.columnOrder ?? []).filter((id) => known.has(id));
  for (const id of ids) if (!order.includes(id)) order.push(id);
  const pick = <T>(record: Record<string, T> | undefined) =>
    Object.fromEntries(Object.entries(record ?? {}).filter(([id]) => known.has(id)));
  const hasStoredVisibility = stored && Object.keys(stored.columnVisibility).length > 0;
  return {
    columnOrder: order,
    columnVisibility: hasStoredVisibility ? pick(stored.columnVisibility) : { ...DEFAULT_HIDDEN },
    columnSizing: pick(stored?.columnSizing),
  };
}

/** What the settings schema accepts: whole pixels from 24 to 2000. */
export function storableLayout(layout: TableLayout): TableLayout {
  return {
    ...layout,
    columnSizing: Object.fromEntries(
      Object.entries(layout.columnSizing).map(([id, size]) => [id, Math.min(2000, Math.max(24, Math.round(size)))]),
    ),
  };
}

export function useTableLayout() {
  const stored = useSettings().data?.settings.preferences.transfersTable;
  const save = useSavePreferences();
  const [layout, setLayout] = useState<TableLayout>(() => normalizeLayout(stored));
  const pending = useRef<TableLayout | null>(null);
  const mutate = useRef(save.mutate);
  mutate.current = save.mutate;

  const update = (change: (current: TableLayout) => TableLayout) =>
    setLayout((current) => {
      const next = change(current);
      pending.current = next;
      return next;
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each layout change restarts the debounce
  useEffect(() => {
    if (!pending.current) return;
    const timer = setTimeout(() => {
      if (pending.current) mutate.current({ transfersTable: storableLayout(pending.current) });
      pending.current = null;
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [layout]);

  // Leaving the screen within the debounce still saves the last change.
  useEffect(
    () => () => {
      if (pending.current) mutate.current({ transfersTable: storableLayout(pending.current) });
    },
    [],
  );

  return { layout, update };
}
