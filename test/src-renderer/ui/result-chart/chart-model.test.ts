// The result chart's pure parts: the spec proposed from the columns, exact values (units at their
// scale, stacks summed in BigInt past a double's precision), series and categories folded exactly
// into Other, and the readout's exact text.
import { describe, expect, it } from 'vitest';
import { compactAmount } from '../../../../src-renderer/ui/chart/axis-labels.ts';
import { niceTicks } from '../../../../src-renderer/ui/chart/nice-ticks.ts';
import { yTicksOf } from '../../../../src-renderer/ui/result-chart/chart-geometry.ts';
import {
  buildChart,
  type ChartModel,
  MAX_CATEGORIES,
  MAX_SERIES,
  proposeSpec,
  readout,
  scaleColumnOf,
  unitsAtScale,
  yColumns,
} from '../../../../src-renderer/ui/result-chart/chart-model.ts';
import type { SqlCell, SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import { decimalToString } from '../../../../src-shared/decimal.ts';
import { BANK_A, BANK_B, MONTHLY, result } from './monthly-net-flow.ts';

function model(r: SqlResult, spec: Parameters<typeof buildChart>[1]): ChartModel {
  const built = buildChart(r, spec);
  if (!built.ok) throw new Error(built.message);
  return built.model;
}

describe('proposeSpec', () => {
  it('takes the first time column as a time x and the first numeric column as y', () => {
    const columns = result(
      [
        ['counterparty', 'VARCHAR'],
        ['day', 'TIMESTAMP WITH TIME ZONE'],
        ['legs', 'BIGINT'],
        ['total', 'DECIMAL(38,0)'],
      ],
      [],
    ).columns;
    expect(proposeSpec(columns)).toEqual({ kind: 'line', x: 'day', xType: 'time', y: 'legs' });
  });

  it('takes the first text column as categories when there is no time, and a DATE counts as time', () => {
    const cols = result(
      [
        ['n', 'HUGEINT'],
        ['symbol', 'VARCHAR'],
      ],
      [],
    ).columns;
    expect(proposeSpec(cols)).toEqual({ kind: 'bar', x: 'symbol', xType: 'category', y: 'n' });
    expect(
      proposeSpec(
        result(
          [
            ['d', 'DATE'],
            ['v', 'DOUBLE'],
          ],
          [],
        ).columns,
      )?.xType,
    ).toBe('time');
  });

  it('proposes a measure as y: never a scale, decimals, an id or an hour (a user’s first chart drew amount_scale, a flat 6)', () => {
    const cols = result(
      [
        ['hour', 'INTEGER'],
        ['update_id', 'BIGINT'],
        ['decimals', 'INTEGER'],
        ['amount_scale', 'INTEGER'],
        ['symbol', 'VARCHAR'],
        ['legs', 'BIGINT'],
        ['net_units', 'DECIMAL(38,0)'],
      ],
      [],
    ).columns;
    expect(proposeSpec(cols)).toEqual({ kind: 'bar', x: 'symbol', xType: 'category', y: 'legs' });
    expect(yColumns(cols).map((c) => c.name)).toEqual(['hour', 'update_id', 'legs', 'net_units']);
    // The legs view as it is: its measure is the amount, at its scale.
    const legs = result(
      [
        ['party', 'VARCHAR'],
        ['effective_at', 'TIMESTAMP'],
        ['instrument_id', 'VARCHAR'],
        ['decimals', 'INTEGER'],
        ['amount', 'VARCHAR'],
        ['amount_units', 'DECIMAL(38,0)'],
        ['amount_scale', 'INTEGER'],
      ],
      [],
    ).columns;
    expect(proposeSpec(legs)).toEqual({ kind: 'line', x: 'effective_at', xType: 'time', y: 'amount_units' });
  });

  it('proposes nothing without a numeric column, and never the scale half of a units pair as y', () => {
    expect(proposeSpec(result([['symbol', 'VARCHAR']], []).columns)).toBeNull();
    const cols = result(
      [
        ['symbol', 'VARCHAR'],
        ['amount_scale', 'INTEGER'],
        ['amount_units', 'DECIMAL(38,0)'],
      ],
      [],
    ).columns;
    expect(yColumns(cols).map((c) => c.name)).toEqual(['amount_units']);
    expect(scaleColumnOf(cols, 'amount_units')).toBe('amount_scale');
    expect(proposeSpec(cols)).toEqual({ kind: 'bar', x: 'symbol', xType: 'category', y: 'amount_units' });
  });
});

describe('exact values', () => {
  it('reads units at their scale exactly', () => {
    expect(decimalToString(unitsAtScale('123456789012345678901234567890', 10) ?? { units: 0n, scale: 0 })).toBe(
      '12345678901234567890.1234567890',
    );
    expect(unitsAtScale('12', -1)).toBeNull();
    expect(unitsAtScale('12', 'x')).toBeNull();
  });

  it('adds rows sharing an x and a series exactly, and stacks beyond 2^53 without losing a unit', () => {
    const big = '9007199254740993'; // 2^53 + 1: a double cannot hold it
    const r = result(
      [
        ['day', 'DATE'],
        ['ccy', 'VARCHAR'],
        ['amount_units', 'HUGEINT'],
        ['amount_scale', 'INTEGER'],
      ],
      [
        ['2026-10-30', 'A', big, 2],
        ['2026-10-30', 'A', '1', 2],
        ['2026-10-30', 'B', big, 2],
        ['2026-10-31', 'B', '-500', 2],
      ],
    );
    const m = model(r, { kind: 'stacked', x: 'day', xType: 'time', y: 'amount_units', series: 'ccy' });
    expect(m.xText).toEqual(['2026-10-30', '2026-10-31']);
    expect(m.series.map((s) => s.name)).toEqual(['A', 'B']);
    expect(m.series[0].values).toEqual(['90071992547409.94', null]);
    expect(m.stack?.totals).toEqual(['180143985094819.87', '-5.00']);
    expect(readout(m, 'stacked', 0, 1)).toBe(
      '2026-10-30 · B: 90,071,992,547,409.93 (stack total 180,143,985,094,819.87)',
    );
    expect(readout(m, 'stacked', 1, 0)).toBe('2026-10-31 · A: no value (stack total -5.00)');
  });

  it('leaves out rows without a number or a time, and says how many', () => {
    const r = result(
      [
        ['t', 'VARCHAR'],
        ['v', 'DOUBLE'],
      ],
      [
        ['2026-10-30 14:30:00', 1.5],
        ['not a time', 2],
        ['2026-10-30 15:00:00', null],
      ],
    );
    const m = model(r, { kind: 'line', x: 't', xType: 'time', y: 'v' });
    expect(m.xText).toEqual(['2026-10-30T14:30:00Z']);
    expect(m.notes).toEqual(['1 row has no number in "v": not drawn.', '1 row has no time in "t": not drawn.']);
    expect(readout(m, 'line', 0, 0)).toBe('2026-10-30T14:30:00Z · v: 1.5');
  });

  it('refuses a spec whose columns are not in the result, in words', () => {
    const r = result(
      [
        ['a', 'VARCHAR'],
        ['n', 'INTEGER'],
      ],
      [],
    );
    expect(buildChart(r, { kind: 'bar', x: 'gone', xType: 'category', y: 'n' })).toEqual({
      ok: false,
      message: 'The chart\'s x column "gone" is not in this result.',
    });
    expect(buildChart(r, { kind: 'bar', x: 'n', xType: 'category', y: 'a' })).toMatchObject({ ok: false });
  });
});

describe('amounts: at their instrument’s scale, one instrument at a time', () => {
  const SPEC = { kind: 'bar', x: 'month', xType: 'time', y: 'net_units' } as const;

  it('draws net_units beside amount_scale as units / 10^scale, the unit in the axis label, the most rows first', () => {
    const m = model(MONTHLY, SPEC);
    expect(scaleColumnOf(MONTHLY.columns, 'net_units')).toBe('amount_scale');
    expect(m.instruments).toHaveLength(3);
    expect(m.instrument?.label).toBe('CC · Amulet · dso::1220aa…aaaa · scale 10');
    expect(m.yLabel).toBe('net (CC)');
    expect(m.series[0].values).toEqual(['800000000000000000.5000000000', '-12.2500000000', '1.0000000000']);
    expect(readout(m, 'bar', 1, 0)).toBe('2026-09-01 · net_units: -12.2500000000 CC');
  });

  it('draws the instrument the spec names: USDX at 500K and 1M, not 500B and 1T', () => {
    const m = model(MONTHLY, { ...SPEC, instrument: `USDX · ${BANK_A} · scale 6` });
    expect(m.yLabel).toBe('net (USDX)');
    expect(m.xText).toEqual(['2026-09-01', '2026-10-01']);
    expect(m.series[0].values).toEqual(['500000.000000', '1000000.000000']);
    const y = yTicksOf(m);
    expect(y.ticks.map((v) => compactAmount(v, y.step))).toEqual(['0', '200k', '400k', '600k', '800k', '1M']);
    // The same symbol and id under another admin is another instrument.
    expect(model(MONTHLY, { ...SPEC, instrument: `USDX · ${BANK_B} · scale 6` }).series[0].values).toEqual([
      '7.000001',
    ]);
  });

  it('says under the chart when the instrument named is not one of the result', () => {
    const both = model(MONTHLY, { ...SPEC, instrument: 'USDX' });
    expect(both.instrument?.unit).toBe('CC');
    expect(both.notes).toContain(
      `The chart's instrument "USDX" is not one instrument of this result: CC · Amulet · dso::1220aa…aaaa · scale 10 is drawn.`,
    );
  });

  it('reads any y at the scale the spec names, and says when units have no scale beside them', () => {
    const r = result(
      [
        ['day', 'DATE'],
        ['total', 'HUGEINT'],
        ['amount_scale', 'INTEGER'],
      ],
      [
        ['2026-10-30', '1234500', 2],
        ['2026-10-31', '10', 2],
      ],
    );
    const scaled = model(r, { kind: 'bar', x: 'day', xType: 'time', y: 'total', scale: 'amount_scale' });
    expect(scaled.series[0].values).toEqual(['12345.00', '0.10']);
    expect(scaled.yLabel).toBe('total');
    expect(buildChart(r, { kind: 'bar', x: 'day', xType: 'time', y: 'total', scale: 'nope' })).toEqual({
      ok: false,
      message: `The chart's scale column "nope" is not a numeric column of this result.`,
    });
    const raw = result(
      [
        ['day', 'DATE'],
        ['amount_units', 'HUGEINT'],
      ],
      [['2026-10-30', '1234500']],
    );
    expect(model(raw, { kind: 'bar', x: 'day', xType: 'time', y: 'amount_units' }).notes[0]).toMatch(
      /^"amount_units" looks like units of an amount, but the result has no scale beside it/,
    );
  });
});

describe('folding', () => {
  it(`keeps the ${MAX_SERIES - 1} largest series and adds the rest exactly into Other`, () => {
    const rows: SqlCell[][] = [];
    for (let s = 0; s < 20; s++) rows.push(['x', `s${s}`, `${(s + 1) * 10}.01`]);
    const r = result(
      [
        ['k', 'VARCHAR'],
        ['s', 'VARCHAR'],
        ['v', 'DECIMAL(10,2)'],
      ],
      rows,
    );
    const m = model(r, { kind: 'stacked', x: 'k', xType: 'category', y: 'v', series: 's' });
    expect(m.series).toHaveLength(MAX_SERIES);
    const other = m.series[MAX_SERIES - 1];
    expect(other.name).toBe('Other (9 series)');
    // s0..s8 (10.01 + … + 90.01) = 450.09
    expect(other.values).toEqual(['450.09']);
    expect(m.series.slice(0, -1).map((s) => s.name)).toEqual(Array.from({ length: 11 }, (_, i) => `s${i + 9}`));
    expect(m.stack?.totals).toEqual(['2100.20']);
    expect(m.notes[0]).toBe('20 series: the 11 largest are drawn, the other 9 added exactly into "Other (9 series)".');
  });

  it('never merges a real series named like Other into the fold', () => {
    const rows: SqlCell[][] = [['x', 'Other (2 series)', '1000']];
    for (let s = 0; s < 12; s++) rows.push(['x', `s${s}`, String(100 - s)]);
    const m = model(
      result(
        [
          ['k', 'VARCHAR'],
          ['s', 'VARCHAR'],
          ['v', 'BIGINT'],
        ],
        rows,
      ),
      { kind: 'bar', x: 'k', xType: 'category', y: 'v', series: 's' },
    );
    expect(m.series.map((s) => s.name)).toContain('Other (2 series)');
    expect(m.series.at(-1)?.name).toBe('Other (2 series)*');
    expect(m.series.at(-1)?.values).toEqual(['179']); // 90 + 89
  });

  it(`folds categories past ${MAX_CATEGORIES} into Other exactly, in the query's order`, () => {
    const rows: SqlCell[][] = Array.from({ length: 250 }, (_, i) => [`c${i}`, 1]);
    const m = model(
      result(
        [
          ['c', 'VARCHAR'],
          ['n', 'INTEGER'],
        ],
        rows,
      ),
      { kind: 'bar', x: 'c', xType: 'category', y: 'n' },
    );
    expect(m.xs).toHaveLength(MAX_CATEGORIES);
    expect(m.xText[0]).toBe('c0');
    expect(m.xText.at(-1)).toBe('Other (51 categories)');
    expect(m.series[0].values.at(-1)).toBe('51');
  });
});

describe('niceTicks', () => {
  it('covers the extent on round steps, with zero', () => {
    expect(niceTicks(0, 9.5)).toEqual({ min: 0, max: 10, step: 2, ticks: [0, 2, 4, 6, 8, 10] });
    expect(niceTicks(-0.3, 0.7).ticks).toContain(0);
    expect(niceTicks(0, 0).ticks.length).toBeGreaterThan(1);
  });
});
