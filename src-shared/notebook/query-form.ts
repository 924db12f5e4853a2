// The form of a notebook query file: its fields (declared parameters, then the built-in placeholders
// its SQL uses), what each holds before anyone types, and the file's SQL bound with what was typed.
// Pure, and shared: the notebook screen's parameter form and the dashboard's tiles bind a file the
// same way (docs/notebook.md, "The notebook screen").

import type { LocalFacets } from '../contract/local-ledger.ts';
import { type TimeZoneChoice, wallClock } from '../time/time-text.ts';
import type { QueryFile } from './query-file.ts';
import { type BindResult, BUILT_IN_PARAMS, bindQuery, type ParamType, scanPlaceholders } from './query-params.ts';

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

/** Days From starts before today when the query gives it no default. */
export const DEFAULT_DAYS = 365;

/** Where a form's fields start: the screen's party, and today in the form's zone (the clock, for tests). */
export interface FormStart {
  party: string;
  zone: TimeZoneChoice;
  now?: Date;
}

/**
 * The built-in From and To without a default: the last 365 days, as dates in the form's zone. From
 * is the start of the day 365 days ago, To the start of tomorrow (To is excluded: today counts whole).
 */
export function defaultTime(name: string, zone: TimeZoneChoice, now: Date = new Date()): string | undefined {
  if (name !== 'from' && name !== 'to') return undefined;
  const [y, m, d] = wallClock(now, zone);
  // Calendar days, whatever the zone: a UTC date is only arithmetic on year, month and day here.
  const day = new Date(Date.UTC(y, m - 1, name === 'from' ? d - DEFAULT_DAYS : d + 1));
  return day.toISOString().slice(0, 10);
}

/** What a field holds before the user types: its default, else the screen's party for a party, else From/To's. */
export function initialValue(field: ParamField, start: FormStart): string {
  if (field.default !== undefined) return field.default;
  if (field.type === 'party') return start.party;
  if (field.type === 'time') return defaultTime(field.name, start.zone, start.now) ?? '';
  return '';
}

/**
 * The values bindQuery reads: what was typed, else each field's initial value. An empty field is
 * left out (its default, else "enter a value"), except text, where empty is a value.
 */
export function formValues(
  fields: readonly ParamField[],
  typed: Readonly<Record<string, string>>,
  start: FormStart,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of fields) {
    const value = Object.hasOwn(typed, f.name) ? typed[f.name] : initialValue(f, start);
    if (value !== '' || f.type === 'text') values[f.name] = value;
  }
  return values;
}

/**
 * The file's SQL bound for Run: `$n` markers and typed values, never spliced text. With the
 * instruments seen, an instrument field's symbol runs as its id (resolveInstruments).
 */
export function bindFile(
  file: QueryFile,
  typed: Readonly<Record<string, string>>,
  party: string,
  zone: TimeZoneChoice,
  seen: readonly InstrumentSeen[] | null = null,
): BindResult {
  const fields = paramFields(file);
  const { values, errors } = resolveInstruments(fields, formValues(fields, typed, { party, zone }), seen);
  const bound = bindQuery(file.sql, file.header.parameters, values, { zone });
  if (Object.keys(errors).length === 0) return bound;
  return bound.ok
    ? { ok: false, fields: errors, problems: [] }
    : { ok: false, fields: { ...bound.fields, ...errors }, problems: bound.problems };
}

/** An instrument id the store holds: its symbols, administrators and legs (the facets, by id). */
export interface InstrumentSeen {
  id: string;
  symbols: string[];
  admins: number;
  legs: number;
}

/** The facets' instruments by id (an id under two administrators is one id to type), most legs first. */
export function instrumentsSeen(facets: LocalFacets | undefined): InstrumentSeen[] {
  const byId = new Map<string, InstrumentSeen>();
  for (const i of facets?.instruments ?? []) {
    if (i.instrumentId === null) continue;
    const seen = byId.get(i.instrumentId) ?? { id: i.instrumentId, symbols: [], admins: 0, legs: 0 };
    if (i.symbol !== null && !seen.symbols.includes(i.symbol)) seen.symbols.push(i.symbol);
    seen.admins++;
    seen.legs += i.legs;
    byId.set(i.instrumentId, seen);
  }
  return [...byId.values()].sort((a, b) => b.legs - a.legs || (a.id < b.id ? -1 : 1));
}

/** What the list under an instrument field says of one ("CC · 40 legs", "USDX · 23 legs, 2 administrators"). */
export function instrumentLabel(i: InstrumentSeen): string {
  const legs = `${i.legs.toLocaleString('en-US')} leg${i.legs === 1 ? '' : 's'}`;
  const admins = i.admins > 1 ? `, ${i.admins} administrators` : '';
  return `${i.symbols.join(', ') || '(no symbol)'} · ${legs}${admins}`;
}

/**
 * What an instrument field's text means against the instruments seen: an id as it is; else a
 * symbol (or an id in another case) that names one id, which runs as that id, said at the field; a
 * symbol of several ids is refused, naming them; text that names none runs as typed, with a hint
 * (the store may lack it, the query then finds no legs). Unknown while the list has not loaded.
 */
export type InstrumentReading =
  | { kind: 'as-typed'; hint: string | null }
  | { kind: 'resolved'; id: string; hint: string }
  | { kind: 'ambiguous'; message: string };

export function readInstrument(text: string, seen: readonly InstrumentSeen[] | null): InstrumentReading {
  const typed = text.trim();
  if (!seen || seen.length === 0 || typed === '' || seen.some((i) => i.id === typed)) {
    return { kind: 'as-typed', hint: null };
  }
  const folded = typed.toLowerCase();
  const matches = seen.filter(
    (i) => i.id.toLowerCase() === folded || i.symbols.some((s) => s.toLowerCase() === folded),
  );
  if (matches.length === 1) {
    const [only] = matches;
    const what = only.symbols.some((s) => s.toLowerCase() === folded) ? 'the symbol of' : 'the id';
    return { kind: 'resolved', id: only.id, hint: `${typed} is ${what} ${only.id}: the query runs with ${only.id}.` };
  }
  if (matches.length > 1) {
    return {
      kind: 'ambiguous',
      message: `${typed} is the symbol of ${matches.length} instruments: ${matches.map((i) => i.id).join(', ')}. Type one id.`,
    };
  }
  const ids = seen
    .slice(0, 8)
    .map((i) => (i.symbols.length > 0 && i.symbols[0] !== i.id ? `${i.id} (${i.symbols[0]})` : i.id));
  return {
    kind: 'as-typed',
    hint: `No instrument has the id or symbol "${typed}" in the legs read here: the query finds none. Ids: ${ids.join(', ')}${seen.length > ids.length ? ', …' : ''}.`,
  };
}

/**
 * The form's values with each instrument field's symbol taken to its id; the fields whose text names
 * several instruments, with their messages.
 */
export function resolveInstruments(
  fields: readonly ParamField[],
  values: Readonly<Record<string, string>>,
  seen: readonly InstrumentSeen[] | null,
): { values: Record<string, string>; errors: Record<string, string> } {
  const out = { ...values };
  const errors: Record<string, string> = {};
  for (const f of fields) {
    if (f.type !== 'instrument' || out[f.name] === undefined) continue;
    const read = readInstrument(out[f.name], seen);
    if (read.kind === 'resolved') out[f.name] = read.id;
    if (read.kind === 'ambiguous') errors[f.name] = read.message;
  }
  return { values: out, errors };
}
