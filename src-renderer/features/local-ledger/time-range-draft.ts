// A time range as the user types it (the sync range, the table's filter, the counterparties and
// flows range): two texts read by the app's one time reader in the zone shown beside the fields
// (docs/times.md), turned into the contract's TimeRange and checked by its own schema, so a bad
// time or an inverted range is refused at the field, in the fields' own labels, before any call.
import { TimeRange } from '../../../src-shared/contract/local-ledger.ts';
import {
  readTimeRange,
  TIME_RANGE_LABELS,
  type TimeZoneChoice,
  timeInputText,
} from '../../../src-shared/time/time-text.ts';

export interface RangeDraft {
  /** From (inclusive), as typed; empty: no bound. */
  after: string;
  /** Before (exclusive), as typed; empty: no bound. */
  before: string;
}
export const emptyRange = (): RangeDraft => ({ after: '', before: '' });

export type RangeResult = { range: TimeRange; issues: null } | { range: null; issues: Partial<RangeDraft> };

/** The typed range as the contract's TimeRange (canonical UTC text), or the message for each field. */
export function parseRange(draft: RangeDraft, zone: TimeZoneChoice): RangeResult {
  const read = readTimeRange({ from: draft.after, before: draft.before }, zone, TIME_RANGE_LABELS);
  if (!read.ok) {
    const issues: Partial<RangeDraft> = {};
    if (read.issues.from) issues.after = read.issues.from;
    if (read.issues.before) issues.before = read.issues.before;
    return { range: null, issues };
  }
  const parsed = TimeRange.safeParse({ after: read.from, before: read.before });
  if (parsed.success) return { range: parsed.data, issues: null };
  const issues: Partial<RangeDraft> = {};
  for (const issue of parsed.error.issues) issues[issue.path[0] === 'after' ? 'after' : 'before'] ??= issue.message;
  return { range: null, issues };
}

/** A range (RFC 3339 bounds, as a link carries it) as the texts its fields show in `zone`. */
export function rangeDraftOf(range: { after: string | null; before: string | null }, zone: TimeZoneChoice): RangeDraft {
  return { after: timeInputText(range.after, zone), before: timeInputText(range.before, zone) };
}
