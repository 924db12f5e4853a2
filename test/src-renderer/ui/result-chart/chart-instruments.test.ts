// Which instrument a chart of amounts draws: instruments told apart by id, admin and scale (the
// same symbol under two admins is two), in order of first appearance with their rows; the spec's
// instrument by key, or by an id or symbol that names exactly one; else the one with the most rows.
import { describe, expect, it } from 'vitest';
import {
  drawnInstrument,
  instrumentsOf,
  namedInstrument,
} from '../../../../src-renderer/ui/result-chart/chart-instruments.ts';
import { BANK_A, BANK_B, DSO, MONTHLY, MONTHLY_SCALE, result } from './monthly-net-flow.ts';

describe('instrumentsOf', () => {
  it('tells instruments apart by id, admin and scale, in order of first appearance, with their rows', () => {
    const { list, rowInstrument } = instrumentsOf(MONTHLY, MONTHLY_SCALE);
    expect(list.map((i) => [i.key, i.rows, i.unit])).toEqual([
      [`Amulet · ${DSO} · scale 10`, 3, 'CC'],
      [`USDX · ${BANK_A} · scale 6`, 2, 'USDX'],
      [`USDX · ${BANK_B} · scale 6`, 1, 'USDX'],
    ]);
    expect(list[0].label).toBe('CC · Amulet · dso::1220aa…aaaa · scale 10');
    expect(rowInstrument).toEqual([0, 0, 1, 0, 1, 2]);
  });

  it('keys by symbol when the result has no id, and says what is missing', () => {
    const r = result(
      [
        ['symbol', 'VARCHAR'],
        ['amount_scale', 'INTEGER'],
        ['net_units', 'HUGEINT'],
      ],
      [
        ['CC', 10, '1'],
        [null, null, '2'],
      ],
    );
    expect(instrumentsOf(r, 1).list.map((i) => [i.key, i.unit])).toEqual([
      ['CC · scale 10', 'CC'],
      ['(no symbol) · scale (none)', null],
    ]);
  });
});

describe('the instrument drawn', () => {
  const { list } = instrumentsOf(MONTHLY, MONTHLY_SCALE);

  it('takes a key, or an id or symbol that names exactly one instrument', () => {
    expect(namedInstrument(list, `USDX · ${BANK_B} · scale 6`)).toBe(2);
    expect(namedInstrument(list, 'CC')).toBe(0);
    expect(namedInstrument(list, 'Amulet')).toBe(0);
    // USDX names two (two admins); NOPE names none.
    expect(namedInstrument(list, 'USDX')).toBe(-1);
    expect(namedInstrument(list, 'NOPE')).toBe(-1);
  });

  it('draws the one named, else the one with the most rows, saying when a name named none or several', () => {
    expect(drawnInstrument(MONTHLY, MONTHLY_SCALE, undefined)).toMatchObject({ shown: 0, note: null });
    expect(drawnInstrument(MONTHLY, MONTHLY_SCALE, `USDX · ${BANK_A} · scale 6`)).toMatchObject({
      shown: 1,
      note: null,
    });
    expect(drawnInstrument(MONTHLY, MONTHLY_SCALE, 'USDX')).toMatchObject({
      shown: 0,
      note: `The chart's instrument "USDX" is not one instrument of this result: CC · Amulet · dso::1220aa…aaaa · scale 10 is drawn.`,
    });
    expect(drawnInstrument({ ...MONTHLY, rows: [] }, MONTHLY_SCALE, 'CC')).toMatchObject({
      instruments: [],
      shown: -1,
      note: null,
    });
  });
});
