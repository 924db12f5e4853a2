// The filter form as the user typed it, and its conversion into the contract's TransferFilters.
// The form runs the same zod schema main runs, so a half instrument pair, a pair with the coin,
// a malformed party id or an inverted time range is refused at the field, before any call. Times
// are typed text read by the app's one time reader (src-shared/time, docs/times.md).
import { PAGE_SIZES, TransferFilters } from '../../../../src-shared/contract/transfers.ts';
import {
  readTimeInput,
  readTimeRange,
  TIME_RANGE_LABELS,
  type TimeZoneChoice,
  timeInputText,
} from '../../../../src-shared/time/time-text.ts';

export type PageSize = (typeof PAGE_SIZES)[number];

export interface FilterDraft {
  party: string;
  /** The asset choice is one of three, so "a pair together with the coin" cannot be expressed (spec rule 4). */
  asset: 'all' | 'ledgerCoin' | 'instrument';
  instrumentAdmin: string;
  instrumentId: string;
  /** As typed: a date, a date and time (read in `zone`), or RFC 3339 with its own offset; empty: no bound. */
  after: string;
  before: string;
  /** Where `after`/`before` are read when they carry no offset: the preference in Settings, shown beside the fields. */
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

/**
 * The draft with its times read in another zone: a text that is a time is rewritten to name the
 * same instant in `zone` (the marker beside the field changes with it, so what is on screen stays
 * true); a text that is not a time is kept as typed, for its message on the next submit.
 */
export function rezoneDraft(draft: FilterDraft, zone: TimeZoneChoice): FilterDraft {
  if (draft.zone === zone) return draft;
  const rewrite = (text: string) => {
    const read = text.trim() ? readTimeInput(text, draft.zone) : null;
    return read?.ok ? timeInputText(read.iso, zone) : text;
  };
  return { ...draft, after: rewrite(draft.after), before: rewrite(draft.before), zone };
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

/** The draft as filters the contract accepts, or the message for each field that is wrong. */
export function draftToFilters(draft: FilterDraft): DraftResult {
  const issues: DraftIssues = {};
  const times: Record<'after' | 'before', string | null> = { after: null, before: null };
  const range = readTimeRange({ from: draft.after, before: draft.before }, draft.zone, TIME_RANGE_LABELS);
  if (range.ok) {
    times.after = range.from;
    times.before = range.before;
  } else {
    if (range.issues.from) issues.after = range.issues.from;
    if (range.issues.before) issues.before = range.issues.before;
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
    after: timeInputText(filters.effectiveAfter, zone),
    before: timeInputText(filters.effectiveBefore, zone),
    zone,
    orderDesc: filters.orderDesc,
    pageSize: size,
    nodeId: filters.nodeId ?? '',
  };
}
