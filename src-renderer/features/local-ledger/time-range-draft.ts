// A time range as the user types it: two text fields read as UTC ("2025-06-01" or
// "2025-06-01 12:30"), turned into the contract's TimeRange and checked by its own schema, so a
// bad date or an inverted range is refused at the field before any call.
import { TimeRange } from '../../../src-shared/contract/local-ledger.ts';

export interface RangeDraft {
  after: string;
  before: string;
}
export const emptyRange = (): RangeDraft => ({ after: '', before: '' });

const INPUT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** One field as ISO (UTC), null when empty, or the message for the field. */
function toIso(text: string): { iso: string | null } | { error: string } {
  const value = text.trim();
  if (value === '') return { iso: null };
  const m = INPUT.exec(value);
  if (!m) return { error: 'a UTC date like 2025-06-01 or 2025-06-01 12:30' };
  const [y, mo, d, h = '00', mi = '00', s = '00'] = m.slice(1);
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}Z`;
  const at = new Date(iso);
  // Date rolls 2025-02-30 over into March: a day that does not exist is refused, not moved.
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 19) !== iso.slice(0, 19)) {
    return { error: 'no such date or time' };
  }
  return { iso };
}

export type RangeResult = { range: TimeRange; issues: null } | { range: null; issues: Partial<RangeDraft> };

export function parseRange(draft: RangeDraft): RangeResult {
  const after = toIso(draft.after);
  const before = toIso(draft.before);
  const issues: Partial<RangeDraft> = {};
  if ('error' in after) issues.after = after.error;
  if ('error' in before) issues.before = before.error;
  if ('error' in after || 'error' in before) return { range: null, issues };
  const parsed = TimeRange.safeParse({ after: after.iso, before: before.iso });
  if (parsed.success) return { range: parsed.data, issues: null };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'after' ? 'after' : 'before';
    issues[field] ??= issue.message;
  }
  return { range: null, issues };
}
