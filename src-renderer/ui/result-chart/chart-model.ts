// What a result chart draws, from a SQL result and a ChartSpec (docs/notebook.md, "The chart"):
// the spec proposed from the columns when the query has none, the rows summed exactly per x and
// series, series beyond MAX_SERIES and categories beyond MAX_CATEGORIES folded exactly into
// "Other", stacks summed exactly (BigInt), and the exact text under the pointer. Pure: no DOM.
// Floats are pixel positions only (`heights`); every figure shown as text is exact decimal text.
//
// The one rule for amounts: a y that is units with a scale beside it is drawn at its instrument's
// scale (units / 10^scale), with the unit (the symbol) in the axis label, and one instrument at a
// time: two instruments (or scales) never share an axis (which instrument: chart-instruments.ts).
// The rows read, summed and folded into Other: chart-sums.ts.
import type { SqlResult } from '../../../src-shared/contract/local-ledger.ts';
import { addDecimal, type Decimal, decimalToString, formatAmount } from '../../../src-shared/decimal.ts';
import type { ChartKind, ChartSpec } from '../../../src-shared/notebook/query-file.ts';
import { type ChartInstrument, drawnInstrument, INSTRUMENT_COLUMNS } from './chart-instruments.ts';
import { exactValues, foldSeries, orderXs, sumRows } from './chart-sums.ts';

// The chart's names that the screens and tests read, from the one module they import.
export { MAX_CATEGORIES, MAX_SERIES, unitsAtScale } from './chart-sums.ts';

type Column = SqlResult['columns'][number];

const NUMERIC =
  /^(DECIMAL|NUMERIC|HUGEINT|UHUGEINT|BIGINT|UBIGINT|INTEGER|UINTEGER|SMALLINT|USMALLINT|TINYINT|UTINYINT|DOUBLE|FLOAT|REAL|INT(EGER)?\d*|VARINT)\b/i;
const TIME = /^(TIMESTAMP|DATE$|DATE\b)/i;

/** A DuckDB type whose values are numbers (as `SqlResult.columns[i].type` names it: "DECIMAL(38,0)", "HUGEINT", "DOUBLE"). */
export const isNumericType = (type: string) => NUMERIC.test(type.trim());
/** A DuckDB type whose values are instants or dates. */
export const isTimeType = (type: string) => TIME.test(type.trim());

/** A column that says how many decimals something has (`amount_scale`, `decimals`): never a y. */
const isScaleName = (name: string) => /(^|_)scale$|^decimals$/i.test(name);
/** A column that names a row rather than measures it (`update_id`, `id`, `seq`): a y only when picked. */
const isIdName = (name: string) => /(^|_)(id|seq)$/i.test(name);
/** A column that places a row in time or a calendar (`hour`, `weekday`): a y only when picked. */
const isCalendarName = (name: string) =>
  /^(year|quarter|month|week|weekday|isodow|dow|day|hour|minute|second)$/i.test(name);

/**
 * The scale column of a y: the spec's own (`scale=`), else `X_scale` beside `X_units`, else the
 * result's `amount_scale` beside any `X_units` (`net_units`, `volume_units`: sums of amount_units).
 * y is then an amount, drawn at units / 10^scale. null when y is a value on its own.
 */
export function scaleColumnOf(columns: readonly Column[], y: string, named?: string): string | null {
  const numeric = (name: string) => {
    const c = columns.find((column) => column.name.toLowerCase() === name.toLowerCase());
    return c && isNumericType(c.type) ? c.name : null;
  };
  if (named) return numeric(named);
  const m = /^(.*)_units$/i.exec(y);
  if (!m) return null;
  return numeric(`${m[1]}_scale`) ?? numeric('amount_scale');
}

/** Columns a y may be: numeric, and not a scale (a scale is never a measure: it drew a flat line at 6). */
export function yColumns(columns: readonly Column[]): Column[] {
  return columns.filter((c) => isNumericType(c.type) && !isScaleName(c.name));
}

/** The measures among them: what a chart proposes as y (not an id, not a calendar position). */
export function measureColumns(columns: readonly Column[]): Column[] {
  return yColumns(columns).filter((c) => !isIdName(c.name) && !isCalendarName(c.name));
}

/**
 * A chart for a result whose query says none: the first TIMESTAMP/DATE column as a time x, else
 * the first text column as categories (one that is not an instrument's name when y is an amount:
 * one instrument is drawn at a time), else the first other column; y the first measure (a count, a
 * sum: never a scale, an id or an hour). null when the result has no numeric column (or nothing
 * else to put on x).
 */
export function proposeSpec(columns: readonly Column[]): ChartSpec | null {
  const y = measureColumns(columns)[0] ?? yColumns(columns)[0];
  if (!y) return null;
  const time = columns.find((c) => isTimeType(c.type));
  if (time) return { kind: 'line', x: time.name, xType: 'time', y: y.name };
  const amount = scaleColumnOf(columns, y.name) !== null;
  const texts = columns.filter((c) => !isNumericType(c.type) && c.name !== y.name);
  const text =
    (amount ? texts.find((c) => !(INSTRUMENT_COLUMNS as readonly string[]).includes(c.name)) : undefined) ?? texts[0];
  const other = text ?? columns.find((c) => c.name !== y.name && !isScaleName(c.name));
  if (!other) return null;
  return { kind: 'bar', x: other.name, xType: 'category', y: y.name };
}

export interface ChartSeries {
  name: string;
  /** Exact decimal text per x (null: no row for this x). */
  values: (string | null)[];
  /** The drawn height per x: the nearest double of the value, for pixels only. */
  heights: (number | null)[];
}

export interface ChartModel {
  /** The y axis's label: the y column, or for an amount the measure and its unit ("net (USDX)"). */
  yLabel: string;
  /** The unit after each value in the readout (an amount's symbol), or null. */
  unit: string | null;
  /** An amount's instruments in the result (one is drawn), and the one drawn; empty and null otherwise. */
  instruments: ChartInstrument[];
  instrument: ChartInstrument | null;
  xType: 'time' | 'category';
  /** Positions on x: ms for time, the category's index for categories. Ascending. */
  xs: number[];
  /** What each x is called in the readout and the axis. */
  xText: string[];
  series: ChartSeries[];
  /** Whether the result had a series column (the readout names the series then). */
  split: boolean;
  /** The y column's name ("total"), for the readout with a single series. */
  yName: string;
  /** Stacked: each series' bottom and top per x (pixels), and the exact total per x. */
  stack: { bottoms: (number | null)[][]; tops: (number | null)[][]; totals: string[] } | null;
  /** What was left out or folded, said under the chart. */
  notes: string[];
}

export type BuiltChart = { ok: true; model: ChartModel } | { ok: false; message: string };

/** The nearest double of an exact value, for pixels only (never shown). */
const height = (d: Decimal | null): number | null => {
  if (!d) return null;
  const n = d.scale === 0 ? Number(d.units) : Number(d.units) / 10 ** d.scale;
  return Number.isFinite(n) ? n : null;
};

/**
 * The chart of `result` as `spec` says. Rows sharing an x and a series are added exactly; a row
 * whose y is not a number, or whose x is not a time on a time axis, is left out and counted.
 */
export function buildChart(result: SqlResult, spec: ChartSpec): BuiltChart {
  const columns = result.columns;
  const at = (name: string) => columns.findIndex((c) => c.name === name);
  const xi = at(spec.x);
  const yi = at(spec.y);
  const si = spec.series ? at(spec.series) : -1;
  const problem = specProblem(columns, spec, xi, yi, si);
  if (problem) return { ok: false, message: problem };
  const scaleName = scaleColumnOf(columns, spec.y, spec.scale);
  const ki = scaleName ? at(scaleName) : -1;
  const notes: string[] = [];

  // An amount: one instrument (and scale) is drawn, the spec's or the one with the most rows.
  const { instruments, rowInstrument, shown, note } =
    ki >= 0
      ? drawnInstrument(result, ki, spec.instrument)
      : { instruments: [], rowInstrument: [] as number[], shown: -1, note: null };
  if (note) notes.push(note);
  if (instruments.length === 0 && /_units$/i.test(spec.y)) {
    notes.push(
      `"${spec.y}" looks like units of an amount, but the result has no scale beside it (amount_scale): drawn as raw units. Select amount_scale (and the instrument) to draw it at its scale.`,
    );
  }
  const instrument = shown >= 0 ? instruments[shown] : null;

  const sums = sumRows(result, spec, { xi, yi, si, ki, shown, rowInstrument }, notes);
  const { seriesNames, fold } = foldSeries(sums, notes);
  const xKeys = orderXs(sums, spec.xType, notes);
  const exact = exactValues(sums.cells, xKeys, seriesNames, fold);
  const { xInfo } = sums;
  const measure = ki >= 0 ? spec.y.replace(/_units$/i, '') || spec.y : spec.y;
  const model: ChartModel = {
    yLabel: instrument?.unit ? `${measure} (${instrument.unit})` : measure,
    unit: instrument?.unit ?? null,
    instruments,
    instrument,
    xType: spec.xType,
    xs: xKeys.map((k, i) => (spec.xType === 'time' ? (xInfo.get(k)?.ms ?? 0) : i)),
    xText: xKeys.map((k) => xInfo.get(k)?.text ?? k),
    series: seriesNames.map((name, i) => ({
      name,
      values: exact[i].map((d) => (d ? decimalToString(d) : null)),
      heights: exact[i].map(height),
    })),
    split: si >= 0,
    yName: spec.y,
    stack: spec.kind === 'stacked' ? stackOf(exact) : null,
    notes,
  };
  return { ok: true, model };
}

/** Why `spec` cannot be drawn from these columns (given the x, y and series columns' places), or null. */
function specProblem(columns: readonly Column[], spec: ChartSpec, xi: number, yi: number, si: number): string | null {
  if (xi < 0) return `The chart's x column "${spec.x}" is not in this result.`;
  if (yi < 0) return `The chart's y column "${spec.y}" is not in this result.`;
  if (spec.series && si < 0) return `The chart's series column "${spec.series}" is not in this result.`;
  if (!isNumericType(columns[yi].type)) {
    return `The y column "${spec.y}" is ${columns[yi].type}, not a number: pick a numeric column.`;
  }
  if (spec.scale && scaleColumnOf(columns, spec.y, spec.scale) === null) {
    return `The chart's scale column "${spec.scale}" is not a numeric column of this result.`;
  }
  return null;
}

/**
 * Stacks in series order, per x: each series from the running total to the running total plus
 * its value, summed exactly (a negative value stacks downward from where the stack stands).
 */
export function stackOf(exact: (Decimal | null)[][]): NonNullable<ChartModel['stack']> {
  const xCount = exact[0]?.length ?? 0;
  const bottoms = exact.map(() => new Array<number | null>(xCount).fill(null));
  const tops = exact.map(() => new Array<number | null>(xCount).fill(null));
  const totals: string[] = [];
  for (let x = 0; x < xCount; x++) {
    let sum: Decimal = { units: 0n, scale: 0 };
    exact.forEach((values, s) => {
      const v = values[x];
      if (!v) return;
      bottoms[s][x] = height(sum);
      sum = addDecimal(sum, v);
      tops[s][x] = height(sum);
    });
    totals.push(decimalToString(sum));
  }
  return { bottoms, tops, totals };
}

/** The y extent to draw: every bar's or line's height and zero. */
export function yExtent(model: ChartModel): [number, number] {
  let low = 0;
  let high = 0;
  const lists = model.stack ? [...model.stack.tops, ...model.stack.bottoms] : model.series.map((s) => s.heights);
  for (const list of lists) {
    for (const v of list) {
      if (v === null) continue;
      if (v < low) low = v;
      if (v > high) high = v;
    }
  }
  return [low, high];
}

/** "2026-10-30 · USD: 1,234.50 (stack 2,000.00)": the exact value of one series at one x. */
export function readout(model: ChartModel, kind: ChartKind, xIndex: number, seriesIndex: number): string {
  const series = model.series[seriesIndex];
  const x = model.xText[xIndex];
  if (!series || x === undefined) return '';
  const value = series.values[xIndex];
  const name = model.split ? series.name : model.yName;
  const unit = model.unit ? ` ${model.unit}` : '';
  const shown = value === null ? 'no value' : `${formatAmount(value, null)}${unit}`;
  const total =
    kind === 'stacked' && model.stack ? ` (stack total ${formatAmount(model.stack.totals[xIndex], null)}${unit})` : '';
  return `${x} · ${name}: ${shown}${total}`;
}
