// A result's rows summed for its chart (chart-model.ts builds the chart from them): each row's x,
// series and exact value read from its cells (units at their scale for an amount), the values
// added exactly per x and series, series beyond MAX_SERIES and categories beyond MAX_CATEGORIES
// added exactly into "Other", and each series' exact value per x. Pure: no DOM. What was left out
// or folded is said in the notes, in the order the steps run.
import type { SqlCell, SqlResult } from '../../../src-shared/contract/local-ledger.ts';
import { addDecimal, type Decimal, parseDecimal } from '../../../src-shared/decimal.ts';
import type { ChartSpec } from '../../../src-shared/notebook/query-file.ts';
import { readTimeInput } from '../../../src-shared/time/time-text.ts';

/** Series drawn at most, "Other" included: more would be colours nobody tells apart. */
export const MAX_SERIES = 12;
/** Categories on a category axis at most, "Other" included: beyond that a bar is thinner than a pixel's worth of meaning. */
export const MAX_CATEGORIES = 200;
/** Scales a units + scale pair may carry (DuckDB's DECIMAL goes to 38; a ledger instrument's decimals far less). */
const MAX_SCALE = 76;

/** An exact decimal from a cell: a safe integer, or text DuckDB wrote (DECIMAL, HUGEINT, a DOUBLE's digits). */
export function cellDecimal(cell: SqlCell): Decimal | null {
  if (typeof cell === 'number') {
    if (Number.isSafeInteger(cell)) return { units: BigInt(cell), scale: 0 };
    return Number.isFinite(cell) ? parseDecimal(String(cell)) : null;
  }
  if (typeof cell === 'string') return parseDecimal(cell.trim());
  return null;
}

/** A units cell at a scale cell's scale, exactly: 12345 at 2 is 123.45. */
export function unitsAtScale(units: SqlCell, scale: SqlCell): Decimal | null {
  const u = cellDecimal(units);
  const s = cellDecimal(scale);
  if (!u || !s || s.scale !== 0 || s.units < 0n || s.units > BigInt(MAX_SCALE)) return null;
  return { units: u.units, scale: u.scale + Number(s.units) };
}

const cellText = (cell: SqlCell) => (cell === null ? '(null)' : String(cell));

/** A time cell as ms and as the text the chart shows ("2026-10-30", or "2026-10-30T14:30:00Z"). */
export function timeOf(cell: SqlCell): { ms: number; text: string } | null {
  if (typeof cell !== 'string') return null;
  const read = readTimeInput(cell, 'utc');
  if (!read.ok) return null;
  const text = read.iso.endsWith('T00:00:00Z') ? read.iso.slice(0, 10) : read.iso;
  return { ms: read.instant.ms, text };
}

const abs = (d: Decimal): Decimal => (d.units < 0n ? { units: -d.units, scale: d.scale } : d);

/** a < b, a = b, a > b as -1, 0, 1, exactly. */
export function compareDecimal(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = a.units * 10n ** BigInt(scale - a.scale);
  const y = b.units * 10n ** BigInt(scale - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

const n = (count: number) => count.toLocaleString('en-US');

/** The rows' sums: x key -> series key -> exact sum, with x keys and series in order of first appearance. */
export interface RowSums {
  cells: Map<string, Map<string, Decimal>>;
  xInfo: Map<string, { ms: number; text: string }>;
  /** Series in order of first appearance; their size (the sum of absolute values) only when folding. */
  seriesOrder: Map<string, Decimal>;
}

/** Where a row's parts are: the x, y, series and scale columns (-1: none), and the instrument drawn. */
export interface RowColumns {
  xi: number;
  yi: number;
  si: number;
  ki: number;
  /** The instrument drawn (-1: not an amount), and each row's instrument. */
  shown: number;
  rowInstrument: number[];
}

/**
 * The rows of the instrument drawn, added exactly per x and series; a row whose y is not a number,
 * or whose x is not a time on a time axis, is left out and counted in `notes`.
 */
export function sumRows(result: SqlResult, spec: ChartSpec, at: RowColumns, notes: string[]): RowSums {
  const { xi, yi, si, ki, shown, rowInstrument } = at;
  const cells = new Map<string, Map<string, Decimal>>();
  const xInfo = new Map<string, { ms: number; text: string }>();
  const seriesOrder = new Map<string, Decimal>();
  let noY = 0;
  let noX = 0;
  // A result repeats its times (a row per series per day): each text is read once.
  const times = new Map<SqlCell, { ms: number; text: string } | null>();
  const readTime = (cell: SqlCell) => {
    let time = times.get(cell);
    if (time === undefined) {
      time = timeOf(cell);
      times.set(cell, time);
    }
    return time;
  };
  result.rows.forEach((row, rowIndex) => {
    if (shown >= 0 && rowInstrument[rowIndex] !== shown) return;
    const value = ki >= 0 ? unitsAtScale(row[yi], row[ki]) : cellDecimal(row[yi]);
    if (!value) {
      noY++;
      return;
    }
    let key: string;
    if (spec.xType === 'time') {
      const time = readTime(row[xi]);
      if (!time) {
        noX++;
        return;
      }
      key = String(time.ms);
      if (!xInfo.has(key)) xInfo.set(key, time);
    } else {
      key = cellText(row[xi]);
      if (!xInfo.has(key)) xInfo.set(key, { ms: xInfo.size, text: key });
    }
    const series = si >= 0 ? cellText(row[si]) : spec.y;
    if (!seriesOrder.has(series)) seriesOrder.set(series, { units: 0n, scale: 0 });
    let bySeries = cells.get(key);
    if (!bySeries) {
      bySeries = new Map();
      cells.set(key, bySeries);
    }
    const seen = bySeries.get(series);
    bySeries.set(series, seen ? addDecimal(seen, value) : value);
  });

  if (noY > 0) notes.push(`${n(noY)} ${noY === 1 ? 'row has' : 'rows have'} no number in "${spec.y}": not drawn.`);
  if (noX > 0) notes.push(`${n(noX)} ${noX === 1 ? 'row has' : 'rows have'} no time in "${spec.x}": not drawn.`);
  return { cells, xInfo, seriesOrder };
}

/** Series: the largest (by the sum of absolute values, exactly) are kept, the rest added into Other. */
export function foldSeries(
  { cells, seriesOrder }: RowSums,
  notes: string[],
): { seriesNames: string[]; fold: Map<string, string> } {
  let seriesNames = [...seriesOrder.keys()];
  const fold = new Map<string, string>();
  if (seriesNames.length > MAX_SERIES) {
    for (const bySeries of cells.values()) {
      for (const [name, v] of bySeries) seriesOrder.set(name, addDecimal(seriesOrder.get(name) as Decimal, abs(v)));
    }
    const ranked = [...seriesOrder].sort((a, b) => compareDecimal(b[1], a[1]) || (a[0] < b[0] ? -1 : 1));
    const kept = new Set(ranked.slice(0, MAX_SERIES - 1).map(([name]) => name));
    const folded = seriesNames.length - kept.size;
    const other = otherName(`Other (${n(folded)} series)`, seriesNames);
    for (const name of seriesNames) if (!kept.has(name)) fold.set(name, other);
    seriesNames = [...seriesNames.filter((s) => kept.has(s)), other];
    notes.push(
      `${n(seriesOrder.size)} series: the ${MAX_SERIES - 1} largest are drawn, the other ${n(folded)} added exactly into "${other}".`,
    );
  }
  return { seriesNames, fold };
}

/** x in order: times ascending; categories as the query ordered them, beyond the cap added into Other. */
export function orderXs({ cells, xInfo }: RowSums, xType: ChartSpec['xType'], notes: string[]): string[] {
  let xKeys = [...cells.keys()];
  if (xType === 'time') xKeys.sort((a, b) => Number(a) - Number(b));
  if (xType === 'category' && xKeys.length > MAX_CATEGORIES) {
    const kept = xKeys.slice(0, MAX_CATEGORIES - 1);
    const folded = xKeys.length - kept.length;
    const other = otherName(`Other (${n(folded)} categories)`, xKeys);
    const merged = new Map<string, Decimal>();
    for (const key of xKeys.slice(MAX_CATEGORIES - 1)) {
      for (const [s, v] of cells.get(key) ?? []) {
        const seen = merged.get(s);
        merged.set(s, seen ? addDecimal(seen, v) : v);
      }
    }
    cells.set(other, merged);
    xInfo.set(other, { ms: kept.length, text: other });
    xKeys = [...kept, other];
    notes.push(
      `${n(kept.length + folded)} categories: the first ${MAX_CATEGORIES - 1} are drawn, the other ${n(folded)} added exactly into "${other}".`,
    );
  }
  return xKeys;
}

/** Each series' exact value per x (null: no row), folded series added into Other. */
export function exactValues(
  cells: RowSums['cells'],
  xKeys: readonly string[],
  seriesNames: readonly string[],
  fold: ReadonlyMap<string, string>,
): (Decimal | null)[][] {
  const exact: (Decimal | null)[][] = seriesNames.map(() => xKeys.map(() => null));
  const seriesIndex = new Map(seriesNames.map((s, i) => [s, i]));
  xKeys.forEach((key, xIndex) => {
    for (const [s, v] of cells.get(key) ?? []) {
      const i = seriesIndex.get(fold.get(s) ?? s) ?? 0;
      const seen = exact[i][xIndex];
      exact[i][xIndex] = seen ? addDecimal(seen, v) : v;
    }
  });
  return exact;
}

/** "Other (3 series)", or with a mark when a real series already has that name. */
function otherName(name: string, taken: readonly string[]): string {
  let other = name;
  while (taken.includes(other)) other = `${other}*`;
  return other;
}
