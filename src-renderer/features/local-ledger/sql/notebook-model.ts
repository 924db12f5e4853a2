// The notebook screen's pure parts (docs/notebook.md, "The notebook screen"): where the SQL starts in
// the file, a chart written into it, file names for Save as. The form's fields and what Run binds are
// src-shared/notebook/query-form.ts (the dashboard binds files the same way).

import { fileNameProblem } from '../../../../src-shared/contract/notebook.ts';
import type { ChartSpec, QueryFile } from '../../../../src-shared/notebook/query-file.ts';
import { parseQueryFile, writeQueryFile } from '../../../../src-shared/notebook/query-file.ts';

/** Lines of the file before its SQL: DuckDB's line numbers (of the SQL) plus this are the editor's. */
export function sqlLineOffset(text: string, file: QueryFile): number {
  const before = text.slice(0, text.length - file.sql.length);
  return (before.match(/\n/g) ?? []).length;
}

/** The file with another chart in its header; null when the header cannot be written as it is. */
export function withChart(text: string, chart: ChartSpec): string | null {
  const file = parseQueryFile(text);
  const header = { ...file.header, chart, name: file.header.name || 'Untitled query' };
  try {
    return writeQueryFile(header, file.sql);
  } catch {
    return null;
  }
}

/** A file name as typed in Save as or Rename, with ".sql" added when it lacks it (spaces around it trimmed). */
export function withSqlExtension(name: string): string {
  const trimmed = name.trim();
  return trimmed === '' || /\.sql$/i.test(trimmed) ? trimmed : `${trimmed}.sql`;
}

/** A file name for a query's name: letters, digits, spaces, dashes and underscores, then .sql. */
export function fileNameFor(name: string): string {
  const stem =
    name
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'query';
  const file = `${stem}.sql`;
  return fileNameProblem(file) ? `query ${stem.replace(/[^A-Za-z0-9_-]+/g, '-')}.sql` : file;
}

/** A new query's text. */
export const NEW_QUERY = `-- name: New query
-- description: What this query answers.

SELECT symbol, count(*) AS legs, decimal_text(sum(amount_units), amount_scale) AS volume
FROM legs
WHERE party = {{party}}
GROUP BY symbol, amount_scale
ORDER BY legs DESC
`;
