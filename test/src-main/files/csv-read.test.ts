// The app's one CSV reader (csv-read.ts), as both its users meet it: the address book's import and a
// statement to reconcile read records the same way (the guard both ways: csv-cell.test.ts).
import { describe, expect, it } from 'vitest';
import { type CsvProblem, csvRecords } from '../../../src-main/files/csv-read.ts';
import { parseAddressBook } from '../../../src-main/services/settings/address-book-csv.ts';

const read = (text: string, delimiter = ',') => {
  const problems: CsvProblem[] = [];
  const records = [...csvRecords(text, { delimiter, maxCell: 10, maxColumns: 3, unit: 'row', problems })];
  return { records, problems };
};

describe('the one CSV reader', () => {
  it('splits RFC 4180 records with the line each starts on, a CR-only file too', () => {
    expect(read('\uFEFFa;"b;\r\nc"\r\n\r\nd;e\r', ';').records).toEqual([
      { line: 1, cells: ['a', 'b;\r\nc'], problem: undefined },
      { line: 4, cells: ['d', 'e'], problem: undefined },
    ]);
    expect(read('a,b\rc,"d\re"\rf,g').records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('keeps the budgets: a long cell or too many columns is a problem at its record, the rest read', () => {
    const { records } = read(`"${'x'.repeat(11)}""tail",b\n1,2,3,4\nok,1\n`);
    expect(records.map((r) => [r.line, r.problem ?? r.cells.join('|')])).toEqual([
      [1, 'cell 1 is longer than 10 characters'],
      [2, 'more than 3 columns'],
      [3, 'ok|1'],
    ]);
  });

  it('an unclosed quote ends the file at its record, named in the file’s own word', () => {
    expect(read('a,b\n"open,c\nd,e\n').problems).toEqual([
      { line: 2, message: 'a quoted cell is never closed: this row and the rest of the file were not read' },
    ]);
  });

  it('the address book gets the same budgets: an over-long cell is a problem at its row', () => {
    const party = `acme::1220${'0'.repeat(64)}`;
    const { rows, problems } = parseAddressBook(`party,label,colour,note\n${party},Acme,blue,"${'n'.repeat(5000)}"\n`);
    expect(rows).toEqual([]);
    expect(problems).toEqual([{ line: 2, message: 'cell 4 is longer than 4096 characters' }]);
  });
});
