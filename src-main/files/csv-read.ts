// Reading CSV, in one place: the RFC 4180 record splitter with its budgets. Every CSV the app reads
// goes through here (the address book's import, a statement to reconcile); the formula guard, both
// ways, is the one cell rule's (src-main/files/csv-cell.ts), which every writer uses. A file is hostile input: a bad record becomes a problem naming the line it
// starts on (1-based, counted as an editor shows them), and every other record is still read.
// docs/address-book.md, docs/reconcile.md

export interface CsvProblem {
  line: number;
  message: string;
}

export interface CsvRecord {
  /** The line the record starts on. */
  line: number;
  cells: string[];
  /** Set when the record broke a budget: its cells are not to be read. */
  problem?: string;
}

export interface CsvReadOptions {
  /** One character: `,` `;` or tab. */
  delimiter: string;
  /** A longer cell makes its record a problem (the cell reads as ''). */
  maxCell: number;
  /** More cells make the record a problem. */
  maxColumns: number;
  /** What the file's records are called in a message ("line", "row"). */
  unit: string;
  /** Where an unclosed quote is reported (it ends the file: there is no telling where the cell ends). */
  problems: CsvProblem[];
}

/**
 * The records of `text` (a byte-order mark dropped), lazily: the caller stops when it has enough, and
 * may yield to the event loop between records. Blank lines are skipped. A quoted cell may hold the
 * delimiter, `""` for a quote, and line breaks; text after its closing quote up to the delimiter is
 * kept (as spreadsheets do). A cell over `maxCell` is scanned to its end but never kept, in part or
 * in whole: its record is a problem. An unclosed quote ends the file with a problem at its record.
 */
export function* csvRecords(text: string, options: CsvReadOptions): Generator<CsvRecord> {
  const { maxCell, maxColumns, unit, problems } = options;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const n = body.length;
  const d = options.delimiter.charCodeAt(0);
  let line = 1;
  let i = 0;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    let problem: string | undefined;
    let ended = false;
    while (!ended) {
      let cell: string;
      let over = false;
      if (body.charCodeAt(i) === 34) {
        // Quoted: up to the closing quote, "" for a quote.
        let parts = '';
        let from = i + 1;
        for (;;) {
          const close = body.indexOf('"', from);
          if (close < 0) {
            problems.push({
              line: start,
              message: `a quoted cell is never closed: this ${unit} and the rest of the file were not read`,
            });
            return;
          }
          const piece = body.slice(from, close);
          for (let k = piece.indexOf('\n'); k >= 0; k = piece.indexOf('\n', k + 1)) line++;
          if (!piece.includes('\n')) for (let k = piece.indexOf('\r'); k >= 0; k = piece.indexOf('\r', k + 1)) line++;
          // Past the budget the cell is only scanned for its end: a problem, never a piece of it.
          if (!over && parts.length + piece.length > maxCell) over = true;
          if (!over) parts += piece;
          if (body.charCodeAt(close + 1) === 34) {
            if (!over) parts += '"';
            from = close + 2;
          } else {
            i = close + 1;
            break;
          }
        }
        cell = parts;
        // Text after the closing quote up to the delimiter is kept (lenient, as spreadsheets are).
        let j = i;
        while (j < n && body.charCodeAt(j) !== d && body.charCodeAt(j) !== 10 && body.charCodeAt(j) !== 13) j++;
        if (j > i && !over) cell += body.slice(i, Math.min(j, i + maxCell + 1));
        i = j;
      } else {
        let j = i;
        while (j < n) {
          const c = body.charCodeAt(j);
          if (c === d || c === 10 || c === 13) break;
          j++;
        }
        cell = body.slice(i, j);
        i = j;
      }
      over ||= cell.length > maxCell;
      if (over && !problem) problem = `cell ${cells.length + 1} is longer than ${maxCell} characters`;
      if (cells.length < maxColumns) cells.push(over ? '' : cell);
      else if (!problem) problem = `more than ${maxColumns} columns`;
      const c = body.charCodeAt(i);
      if (c === d) {
        i++;
        continue;
      }
      if (c === 13 && body.charCodeAt(i + 1) === 10) i += 2;
      else if (i < n) i++;
      line++;
      ended = true;
    }
    if (!(cells.length === 1 && cells[0].trim() === '' && !problem)) yield { line: start, cells, problem };
  }
}
