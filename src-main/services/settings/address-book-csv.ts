// The address book as CSV (RFC 4180: comma, double quotes, CRLF), read and written here and
// nowhere else: its records split by the app's one CSV reader (files/csv-read.ts), its
// cells written and formulas guarded by the one cell rule (src-main/files/csv-cell.ts). Reading
// never gives up on the whole file for one bad row: each row is checked with the same schema a party
// saved in the app gets, and a bad one is reported by its line number.
// docs/address-book.md

import { PARTY_COLOURS, type SavedParty, SavedPartyInput } from '../../../src-shared/contract/schemas.ts';
import { csvCell, unguardCell } from '../../files/csv-cell.ts';
import { type CsvProblem, type CsvRecord, csvRecords } from '../../files/csv-read.ts';

export const ADDRESS_BOOK_COLUMNS = ['party', 'label', 'colour', 'note'] as const;
type Column = (typeof ADDRESS_BOOK_COLUMNS)[number];
/** More rows than any address book a person keeps; the rest of a bigger file is reported, not read. */
export const IMPORT_MAX_ROWS = 5000;

export type { CsvProblem };

/** A cell longer than any party id, label or note: its row is a problem (the one splitter's budget). */
const MAX_CELL = 4_096;

/** A good row: colour or note undefined when the file has no such column (the entry keeps its own). */
export interface ImportRow {
  line: number;
  party: string;
  label: string;
  colour?: SavedParty['colour'];
  note?: string;
}

export function formatAddressBook(parties: ReadonlyArray<SavedParty>): string {
  // The one cell rule (src-main/files/csv-cell.ts), spaces at either end quoted too: reading back keeps them.
  const rows = parties.map((p) =>
    [p.party, p.label, p.colour, p.note].map((v) => csvCell(v, { quoteSpaces: true })).join(','),
  );
  return `${[ADDRESS_BOOK_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

export function parseAddressBook(text: string): { rows: ImportRow[]; problems: CsvProblem[] } {
  const problems: CsvProblem[] = [];
  const records = [...csvRecords(text, { delimiter: ',', maxCell: MAX_CELL, maxColumns: 200, unit: 'row', problems })];
  const header = records.shift();
  if (!header)
    return {
      rows: [],
      problems: [{ line: 1, message: 'the file is empty (expected the header party,label,colour,note)' }],
    };
  const columns = readHeader(header.cells, problems);
  if (!columns) return { rows: [], problems };
  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  for (const record of records) {
    if (rows.length + problems.length >= IMPORT_MAX_ROWS) {
      problems.push({
        line: record.line,
        message: `more than ${IMPORT_MAX_ROWS} rows: this row and the rest were not read`,
      });
      break;
    }
    const row = readRow(record, columns);
    if ('message' in row) problems.push(row);
    else if (seen.has(row.party)) {
      problems.push({
        line: row.line,
        message: `the same party as line ${seen.get(row.party)} (that row is the one kept)`,
      });
    } else {
      seen.set(row.party, row.line);
      rows.push(row);
    }
  }
  return { rows, problems: problems.sort((a, b) => a.line - b.line) };
}

function readHeader(cells: string[], problems: CsvProblem[]): Column[] | null {
  const names = cells.map((c) => c.trim().toLowerCase());
  const unknown = names.filter((n) => !(ADDRESS_BOOK_COLUMNS as readonly string[]).includes(n));
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  const message = !names.includes('party')
    ? 'the header has no party column (expected party,label,colour,note)'
    : unknown.length
      ? `unknown column ${JSON.stringify(unknown[0].slice(0, 40))} (the columns are party,label,colour,note)`
      : repeated.length
        ? `the column ${repeated[0]} appears twice`
        : null;
  if (message) problems.push({ line: 1, message });
  return message ? null : (names as Column[]);
}

function readRow(record: CsvRecord, columns: Column[]): ImportRow | CsvProblem {
  const { line, cells } = record;
  if (record.problem) return { line, message: record.problem };
  if (cells.length !== columns.length) {
    return { line, message: `expected ${columns.length} cells (${columns.join(',')}), found ${cells.length}` };
  }
  const value = (column: Column) => {
    const index = columns.indexOf(column);
    return index < 0 ? undefined : unguardCell(cells[index]);
  };
  const colour = value('colour')?.trim().toLowerCase();
  const checked = SavedPartyInput.safeParse({
    party: value('party'),
    label: value('label') ?? '',
    colour: colour === undefined ? undefined : colour || 'none',
    note: value('note'),
  });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = issue.path[0] === 'colour' ? `colour (one of ${PARTY_COLOURS.join(', ')})` : String(issue.path[0]);
    return {
      line,
      message: `${field}: ${issue.path[0] === 'colour' ? `"${colour?.slice(0, 20)}" is not a colour` : issue.message}`,
    };
  }
  return { line, ...checked.data };
}
