// The filter form as the user typed it, and its conversion into the contract's TransferFilters.
// The form runs the same zod schema main runs, so a half instrument pair, a pair with the coin,
// a malformed party id or an inverted time range is refused at the field, before any call.
import { PAGE_SIZES, TransferFilters } from '../../../../src-shared/contract/transfers.ts';
import type { TimeZoneChoice } from '../table/leg-format.ts';

export type PageSize = (typeof PAGE_SIZES)[number];

export interface FilterDraft {
  party: string;
  /** The asset choice is one of three, so "a pair together with the coin" cannot be expressed (spec rule 4). */
  asset: 'all' | 'ledgerCoin' | 'instrument';
  instrumentAdmin: string;
  instrumentId: string;
  /** As a datetime-local input gives it: `YYYY-MM-DDTHH:mm[:ss[.sss]]`, or empty. */
  after: string;
  before: string;
  /** Whether `after`/`before` are read as local time or UTC. */
  zone: TimeZoneChoice;
  orderDesc: boolean;
  pageSize: PageSize;
  /** Empty: the profile's (or the deployment's) default node. */
  nodeId: string;
}

export type DraftField = keyof FilterDraft;
export type DraftIssues = Partial<Record<DraftField, string>>;

export const emptyDraft = (): FilterDraft => ({
  party: '',
  asset: 'all',
  instrumentAdmin: '',
  instrumentId: '',
  after: '',
  before: '',
  zone: 'local',
  orderDesc: true,
  pageSize: 25,
  nodeId: '',
});

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/**
 * A datetime-local value read in `zone`, as ISO-8601 with an explicit offset (what the service
 * takes). Returns an error text for a value that is not a time, or a local time that does not
 * exist (skipped by a daylight-saving change).
 */
export function toIsoWithOffset(value: string, zone: TimeZoneChoice): { iso: string } | { error: string } {
  const m = LOCAL_INPUT.exec(value.trim());
  if (!m) {
    // The browser's date field takes years up to 275760; the service's times have four digits.
    const year = /^\+?(\d{5,})-/.exec(value.trim());
    if (year) return { error: `year ${Number(year[1])} is too far ahead: the latest is 9999` };
    return { error: 'not a date and time (expected YYYY-MM-DD HH:MM)' };
  }
  const [y, mo, d, h, mi, s = 0] = m.slice(1, 7).map((part) => (part === undefined ? 0 : Number(part)));
  const fraction = m[7] ? `.${m[7]}` : '';
  const wall = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${pad(s)}${fraction}`;
  if (zone === 'utc') {
    // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
    const check = new Date(0);
    check.setUTCFullYear(y, mo - 1, d);
    if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
      return { error: 'no such date or time' };
    }
    return { iso: `${wall}Z` };
  }
  const local = new Date(0);
  local.setFullYear(y, mo - 1, d);
  local.setHours(h, mi, s, 0);
  if (local.getMonth() !== mo - 1 || local.getDate() !== d) return { error: 'no such date' };
  if (local.getHours() !== h || local.getMinutes() !== mi) {
    return { error: 'this local time does not exist (the clocks skip it); enter it in UTC or pick another time' };
  }
  const offset = -local.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  return { iso: `${wall}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}` };
}

/** An ISO time back into a datetime-local value in `zone` (for filling the form from filters). */
export function isoToInputValue(iso: string | null, zone: TimeZoneChoice): string {
  if (!iso) return '';
  const d = new Date(Date.parse(iso));
  if (Number.isNaN(d.getTime())) return '';
  const parts =
    zone === 'utc'
      ? [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]
      : [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()];
  const [y, mo, day, h, mi, s] = parts;
  return `${pad(y, 4)}-${pad(mo)}-${pad(day)}T${pad(h)}:${pad(mi)}:${pad(s)}`;
}

/** Which form field a TransferFilters issue path belongs to. */
function fieldOf(path: ReadonlyArray<PropertyKey>): DraftField {
  const [first, second] = path.map(String);
  if (first === 'asset') return second === 'admin' ? 'instrumentAdmin' : second === 'id' ? 'instrumentId' : 'asset';
  if (first === 'effectiveAfter') return 'after';
  if (first === 'effectiveBefore') return 'before';
  if (first === 'nodeId' || first === 'pageSize' || first === 'orderDesc' || first === 'party') return first;
  return 'party';
}

export type DraftResult = { ok: true; filters: TransferFilters } | { ok: false; issues: DraftIssues };

/**
 * Time fields the browser holds a value for that it cannot give (a date typed without its time, a
 * day 31 in a 30-day month): their value reads as empty, but the user did type something.
 */
export type UnreadableTimes = Partial<Record<'after' | 'before', boolean>>;

export const INCOMPLETE_TIME = 'incomplete date and time: fill in every part (date, hours, minutes) or clear the field';

/** The draft as filters the contract accepts, or the message for each field that is wrong. */
export function draftToFilters(draft: FilterDraft, unreadable: UnreadableTimes = {}): DraftResult {
  const issues: DraftIssues = {};
  const times: Record<'after' | 'before', string | null> = { after: null, before: null };
  for (const key of ['after', 'before'] as const) {
    // Never read as "no bound": the results would be unfiltered while the field shows a time.
    if (unreadable[key] && !draft[key].trim()) issues[key] = INCOMPLETE_TIME;
    if (!draft[key].trim()) continue;
    const converted = toIsoWithOffset(draft[key], draft.zone);
    if ('error' in converted) issues[key] = converted.error;
    else times[key] = converted.iso;
  }
  if (draft.asset === 'instrument') {
    // Spec rule 3: both halves or neither. Say which half is missing rather than a generic message.
    const admin = draft.instrumentAdmin.trim();
    const id = draft.instrumentId.trim();
    if (!admin && id)
      issues.instrumentAdmin = 'an instrument is its administrator and its id: enter the administrator too';
    if (admin && !id) issues.instrumentId = 'an instrument is its administrator and its id: enter the id too';
    if (!admin && !id) {
      issues.instrumentAdmin =
        'an instrument is its administrator and its id: enter both, pick one seen, or choose All assets';
    }
  }
  const candidate = {
    party: draft.party,
    asset:
      draft.asset === 'instrument'
        ? { kind: 'instrument' as const, admin: draft.instrumentAdmin, id: draft.instrumentId }
        : { kind: draft.asset },
    effectiveAfter: times.after,
    effectiveBefore: times.before,
    orderDesc: draft.orderDesc,
    pageSize: draft.pageSize,
    nodeId: draft.nodeId.trim() || null,
  };
  const parsed = TransferFilters.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      issues[field] ??= issue.message;
    }
  }
  if (Object.keys(issues).length > 0 || !parsed.success) return { ok: false, issues };
  return { ok: true, filters: parsed.data };
}

/** Filters back into a draft (after a drill-down or Back), times shown in `zone`. */
export function filtersToDraft(filters: TransferFilters, zone: TimeZoneChoice): FilterDraft {
  const size = PAGE_SIZES.find((s) => s === filters.pageSize) ?? 25;
  return {
    party: filters.party,
    asset: filters.asset.kind,
    instrumentAdmin: filters.asset.kind === 'instrument' ? filters.asset.admin : '',
    instrumentId: filters.asset.kind === 'instrument' ? filters.asset.id : '',
    after: isoToInputValue(filters.effectiveAfter, zone),
    before: isoToInputValue(filters.effectiveBefore, zone),
    zone,
    orderDesc: filters.orderDesc,
    pageSize: size,
    nodeId: filters.nodeId ?? '',
  };
}
