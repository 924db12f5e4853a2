// How wide a virtualized table's column must be so that none of its values is cut (issue 37, item
// 2; docs/local-ledger.md, "Screens"): worked out from the values the table holds, never by
// rendering rows, as the amount column is (amount-cell.tsx). Times, update ids and party ids are
// drawn in the amounts' monospaced font, so they count in characters of it; a party's label is in
// a proportional font and is measured on a canvas in that font.
import { useMemo, useRef } from 'react';
import { effectiveTimeChars } from '../../src-shared/time/time-display.ts';
import type { TimeZoneChoice } from '../../src-shared/time/time-text.ts';
import { type PartyBook, usePartyBook } from '../data/party-book.ts';
import { useAmountCharPx } from './amount-cell.tsx';
import { CELL_PADDING_PX, COPY_ICON_PX } from './amount-text.ts';
import { shortenParty } from './party-format.ts';
import { shortUpdateId } from './update-id-format.ts';

/** What a column shows: a time (time-text.tsx), a party (PartyName) or an update id (UpdateId). */
export type WidthKind = 'time' | 'party' | 'updateId';

export interface WidthColumn<T> {
  id: string;
  kind: WidthKind;
  value: (row: T) => string | null;
}

/** A label's tag dot and the gap after it (party-tag.css). */
const TAG_PX = 14;
/** A character of a label's font when there is no canvas to measure on (component tests). */
const FALLBACK_LABEL_CHAR_PX = 9;

let canvas: CanvasRenderingContext2D | null | undefined;
const labelWidths = new Map<string, number>();

/** A label's width in px in the font `.party-label` has here (read once from a probe). */
export function labelPx(label: string): number {
  let px = labelWidths.get(label);
  if (px !== undefined) return px;
  if (canvas === undefined) {
    try {
      canvas = document.createElement('canvas').getContext('2d');
    } catch {
      canvas = null;
    }
    if (canvas) {
      const probe = document.createElement('span');
      probe.className = 'party-label';
      document.body.append(probe);
      canvas.font = getComputedStyle(probe).font;
      probe.remove();
    }
  }
  const measured = canvas?.measureText(label).width;
  px = measured && measured > 0 ? measured : label.length * FALLBACK_LABEL_CHAR_PX;
  labelWidths.set(label, px);
  return px;
}

/** The px a cell needs to show `value` whole, drawn as `kind` (its padding included). */
export function cellPx(
  kind: WidthKind,
  value: string | null,
  context: { charPx: number; zone: TimeZoneChoice; book: PartyBook },
): number {
  if (value === null) return 0;
  const { charPx } = context;
  let content: number;
  if (kind === 'time') content = effectiveTimeChars(value, context.zone) * charPx;
  else if (kind === 'updateId') content = shortUpdateId(value).length * charPx + COPY_ICON_PX;
  else {
    const entry = context.book.lookup(value);
    content = entry?.label
      ? labelPx(entry.label) + (entry.colour && entry.colour !== 'none' ? TAG_PX : 0)
      : shortenParty(value).length * charPx;
  }
  return Math.ceil(content) + CELL_PADDING_PX;
}

/**
 * Per column, the px its widest value among `rows` needs. With `growKey`, the widest seen under
 * the same key is kept: a table that holds only the windows in view never narrows a column the
 * user has already seen widen.
 */
export function useColumnFloors<T extends object>(
  rows: readonly T[],
  columns: readonly WidthColumn<T>[],
  zone: TimeZoneChoice,
  growKey?: string,
): Record<string, number> {
  const charPx = useAmountCharPx();
  const book = usePartyBook();
  // A row's time and update id measured once per zone (a page of legs is re-rendered on every
  // scroll step, Load all holds 100,000); a party once per party id and address book (a party's
  // legs have few counterparties, and the book changes with every settings answer).
  const byRow = useRef<{ key: unknown[]; rows: WeakMap<object, Record<string, number>> } | null>(null);
  const byParty = useRef<{ key: unknown[]; parties: Map<string, number> } | null>(null);
  const floors = useMemo(() => {
    const same = (a: unknown[], b: unknown[]) => a.every((k, i) => k === b[i]);
    const rowKey = [charPx, zone, columns];
    if (!byRow.current || !same(byRow.current.key, rowKey)) byRow.current = { key: rowKey, rows: new WeakMap() };
    const partyKey = [charPx, book];
    if (!byParty.current || !same(byParty.current.key, partyKey)) {
      byParty.current = { key: partyKey, parties: new Map() };
    }
    const { rows: seen } = byRow.current;
    const { parties } = byParty.current;
    const context = { charPx, zone, book };
    const partyPx = (party: string | null) => {
      if (party === null) return 0;
      let px = parties.get(party);
      if (px === undefined) {
        px = cellPx('party', party, context);
        parties.set(party, px);
      }
      return px;
    };
    const most: Record<string, number> = {};
    for (const row of rows) {
      let widths = seen.get(row);
      if (!widths) {
        widths = {};
        for (const c of columns) if (c.kind !== 'party') widths[c.id] = cellPx(c.kind, c.value(row), context);
        seen.set(row, widths);
      }
      for (const c of columns) {
        const px = c.kind === 'party' ? partyPx(c.value(row)) : (widths[c.id] ?? 0);
        if (px > (most[c.id] ?? 0)) most[c.id] = px;
      }
    }
    return most;
  }, [rows, columns, charPx, zone, book]);
  const kept = useRef<{ key: string | undefined; floors: Record<string, number> }>({ key: growKey, floors: {} });
  if (growKey === undefined) return floors;
  if (kept.current.key !== growKey) kept.current = { key: growKey, floors: {} };
  const wider = Object.entries(floors).filter(([id, px]) => px > (kept.current.floors[id] ?? 0));
  if (wider.length) kept.current.floors = { ...kept.current.floors, ...Object.fromEntries(wider) };
  return kept.current.floors;
}
