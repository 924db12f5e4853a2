// The one CSV cell rule (src-main/files/csv-cell.ts) on its own: which text is guarded, how a cell
// is quoted, and that reading a cell back without its guard gives the very text that was written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, guardCell, needsGuard, unguardCell } from '../../../src-main/files/csv-cell.ts';

describe('the CSV cell rule', () => {
  it('guards what a spreadsheet would run, and not a number', () => {
    for (const text of ['=1+2', '+1', '-x', '@SUM(A1)', '\tTAB', '\rCR', "'=1", "''@x", '-', '-1e5', '--1'])
      expect(needsGuard(text), text).toBe(true);
    for (const text of ['', 'plain', '-12.5', '-3', '0', '12.000000000000000001', "'plain", 'a=b', ' =x'])
      expect(needsGuard(text), text).toBe(false);
    expect(csvCell(-1e-7)).toBe('-1e-7');
    expect(csvCell(123n)).toBe('123');
  });

  it('quotes a guarded cell and any holding a comma, a quote, CR or LF; spaces only when asked', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("'=1")).toBe(`"''=1"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(' padded ')).toBe(' padded ');
    expect(csvCell(' padded ', { quoteSpaces: true })).toBe('" padded "');
    expect(csvCell(null)).toBe('');
  });

  it('reads back exactly what was written: one guard added, one stripped', () => {
    const text = fc
      .array(fc.oneof(fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', '1', '.', 'a'), fc.string()), {
        maxLength: 6,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (s) => {
        expect(unguardCell(guardCell(s))).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });
});
