// Which instrument a chart of amounts draws (docs/notebook.md, "The chart"): a result whose y is
// units beside a scale may hold several instruments, and two instruments (or scales) never share
// an axis. The instruments are told apart by id (else symbol), admin and scale, as the result has
// them; the one drawn is the spec's `instrument=`, else the one with the most rows. Pure: no DOM.
import type { SqlCell, SqlResult } from '../../../src-shared/contract/local-ledger.ts';
import { shortenParty } from '../party-format.ts';

/** The columns that name an instrument in a result, as the `legs` view names them. */
export const INSTRUMENT_COLUMNS = ['symbol', 'instrument_id', 'instrument_admin'] as const;

/** One instrument (and scale) of a result whose y is an amount. */
export interface ChartInstrument {
  /** Its id (else symbol), admin and scale as the result has them: what a spec's `instrument=` holds. */
  key: string;
  /** What the picker says: symbol, id, the admin short, the scale. */
  label: string;
  /** The unit in the axis label and the readout: the symbol, else the id; null when the result names neither. */
  unit: string | null;
  rows: number;
}

/** The instruments of the rows, in order of first appearance, and each row's instrument (its index). */
export function instrumentsOf(
  result: SqlResult,
  scaleIndex: number,
): { list: ChartInstrument[]; rowInstrument: number[] } {
  const at = (name: string) => result.columns.findIndex((c) => c.name === name);
  const [si, ii, ai] = INSTRUMENT_COLUMNS.map(at);
  const list: ChartInstrument[] = [];
  const byKey = new Map<string, number>();
  const rowInstrument: number[] = [];
  const text = (row: SqlCell[], i: number) => (i < 0 || row[i] === null ? null : String(row[i]));
  for (const row of result.rows) {
    const [symbol, id, admin, scale] = [text(row, si), text(row, ii), text(row, ai), text(row, scaleIndex)];
    const parts = [ii >= 0 ? (id ?? '(no id)') : si >= 0 ? (symbol ?? '(no symbol)') : null];
    if (ai >= 0) parts.push(admin ?? '(no admin)');
    parts.push(`scale ${scale ?? '(none)'}`);
    const key = parts.filter((p) => p !== null).join(' · ');
    let index = byKey.get(key);
    if (index === undefined) {
      index = list.length;
      byKey.set(key, index);
      const named = [symbol, id !== symbol ? id : null, admin === null ? null : shortenParty(admin)];
      list.push({
        key,
        label: [...named.filter((p) => p !== null), `scale ${scale ?? '(none)'}`].join(' · '),
        unit: symbol ?? id,
        rows: 0,
      });
    }
    list[index].rows++;
    rowInstrument.push(index);
  }
  return { list, rowInstrument };
}

/**
 * The instrument a spec's `instrument=` names: its key, else the one instrument whose id or symbol
 * it is (a header written by hand: `instrument=USDX`). -1 when it names none or several.
 */
export function namedInstrument(list: readonly ChartInstrument[], named: string): number {
  const exact = list.findIndex((i) => i.key === named);
  if (exact >= 0) return exact;
  const matches = list.filter((i) => i.key.split(' · ')[0] === named || i.unit === named);
  return matches.length === 1 ? list.indexOf(matches[0]) : -1;
}

/**
 * The instruments of a result whose y is an amount (its scale column at `scaleIndex`), and the one
 * drawn (`shown`, -1 when the result has no rows): the one `named` names, else the one with the
 * most rows, with a note when `named` names none or several.
 */
export function drawnInstrument(
  result: SqlResult,
  scaleIndex: number,
  named: string | undefined,
): { instruments: ChartInstrument[]; rowInstrument: number[]; shown: number; note: string | null } {
  const { list: instruments, rowInstrument } = instrumentsOf(result, scaleIndex);
  if (instruments.length === 0) return { instruments, rowInstrument, shown: -1, note: null };
  const asked = named ? namedInstrument(instruments, named) : -1;
  if (asked >= 0) return { instruments, rowInstrument, shown: asked, note: null };
  const shown = instruments.reduce((best, i, index) => (i.rows > instruments[best].rows ? index : best), 0);
  const note = named
    ? `The chart's instrument "${named}" is not one instrument of this result: ${instruments[shown].label} is drawn.`
    : null;
  return { instruments, rowInstrument, shown, note };
}
