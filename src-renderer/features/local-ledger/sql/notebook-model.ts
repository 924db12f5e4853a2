// The notebook screen's pure parts (docs/notebook.md, "The notebook screen"): the form's fields for
// an open query, what Run sends, where the SQL starts in the file, file names for Save as.
import { fileNameProblem } from '../../../../src-shared/contract/notebook.ts';
import type { ChartSpec, QueryFile } from '../../../../src-shared/notebook/query-file.ts';
import { parseQueryFile, writeQueryFile } from '../../../../src-shared/notebook/query-file.ts';
import {
  type BindResult,
  BUILT_IN_PARAMS,
  bindQuery,
  type ParamType,
  scanPlaceholders,
} from '../../../../src-shared/notebook/query-params.ts';
import type { TimeZoneChoice } from '../../../../src-shared/time/time-text.ts';

export interface ParamField {
  name: string;
  type: ParamType;
  label: string;
  default?: string;
}

const BUILT_IN_LABELS: Record<string, string> = { party: 'Party', from: 'From', to: 'To', instrument: 'Instrument' };

/** One field per declared parameter (header order), then per built-in placeholder the SQL uses undeclared. */
export function paramFields(file: QueryFile): ParamField[] {
  const fields: ParamField[] = file.header.parameters.map((p) => ({
    name: p.name,
    type: p.type,
    label: p.label ?? BUILT_IN_LABELS[p.name] ?? p.name,
    ...(p.default !== undefined ? { default: p.default } : {}),
  }));
  const named = new Set(fields.map((f) => f.name));
  for (const p of scanPlaceholders(file.sql).placeholders) {
    const type = BUILT_IN_PARAMS[p.name];
    if (named.has(p.name) || !Object.hasOwn(BUILT_IN_PARAMS, p.name) || !type) continue;
    named.add(p.name);
    fields.push({ name: p.name, type, label: BUILT_IN_LABELS[p.name] ?? p.name });
  }
  return fields;
}

/** What a field holds before the user types: its default, else the screen's party for a party. */
export function initialValue(field: ParamField, party: string): string {
  return field.default ?? (field.type === 'party' ? party : '');
}

/**
 * The values bindQuery reads: what was typed, else each field's initial value. An empty field is
 * left out (its default, else "enter a value"), except text, where empty is a value.
 */
export function formValues(
  fields: readonly ParamField[],
  typed: Readonly<Record<string, string>>,
  party: string,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of fields) {
    const value = Object.hasOwn(typed, f.name) ? typed[f.name] : initialValue(f, party);
    if (value !== '' || f.type === 'text') values[f.name] = value;
  }
  return values;
}

/** The file's SQL bound for Run: `$n` markers and typed values, never spliced text. */
export function bindFile(
  file: QueryFile,
  typed: Readonly<Record<string, string>>,
  party: string,
  zone: TimeZoneChoice,
): BindResult {
  return bindQuery(file.sql, file.header.parameters, formValues(paramFields(file), typed, party), { zone });
}

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
