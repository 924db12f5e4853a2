// The local table's filters as the user set them, and their conversion into the contract's
// LocalLegFilters. Amount bounds and the time range run the contract's own schemas, so a bad
// value is refused at its field and the table keeps its last good filters meanwhile.
import { DecimalText, type InstrumentKey, type LocalLegFilters } from '../../../../src-shared/contract/local-ledger.ts';
import type { TimeZoneChoice } from '../../../../src-shared/time/time-text.ts';
import { emptyRange, parseRange, type RangeDraft } from '../time-range-draft.ts';

export interface LegsFilterDraft {
  /** Keys `admin|id` of the chosen instruments; empty: every instrument. */
  instruments: InstrumentKey[];
  range: RangeDraft;
  direction: 'in' | 'out' | null;
  statuses: string[];
  counterparty: string;
  amountMin: string;
  amountMax: string;
}

export type FilterIssues = Partial<Record<'after' | 'before' | 'amountMin' | 'amountMax', string>>;

export const emptyFilterDraft = (): LegsFilterDraft => ({
  instruments: [],
  range: emptyRange(),
  direction: null,
  statuses: [],
  counterparty: '',
  amountMin: '',
  amountMax: '',
});

function amount(text: string): { value: string | null } | { error: string } {
  if (text.trim() === '') return { value: null };
  const parsed = DecimalText.safeParse(text);
  return parsed.success ? { value: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'not a number' };
}

/**
 * The filters for main, or the messages for the fields that are wrong. `search` is applied as
 * given; the range's times without an offset are read in `zone` (the one shown beside the fields).
 */
export function toFilters(
  draft: LegsFilterDraft,
  search: string,
  zone: TimeZoneChoice,
): { filters: LocalLegFilters; issues: null } | { filters: null; issues: FilterIssues } {
  const range = parseRange(draft.range, zone);
  const min = amount(draft.amountMin);
  const max = amount(draft.amountMax);
  const issues: FilterIssues = { ...(range.issues ?? {}) };
  if ('error' in min) issues.amountMin = min.error;
  if ('error' in max) issues.amountMax = max.error;
  if (!range.range || 'error' in min || 'error' in max) return { filters: null, issues };
  const counterparty = draft.counterparty.trim();
  const text = search.trim();
  return {
    filters: {
      instruments: draft.instruments.length ? draft.instruments : null,
      range: range.range,
      direction: draft.direction,
      statuses: draft.statuses.length ? draft.statuses : null,
      counterparty: counterparty || null,
      amountMin: min.value,
      amountMax: max.value,
      search: text || null,
    },
    issues: null,
  };
}
