// The one zod schema for a time in the contract (TransferFilters, TimeRange, links, case reports,
// recorded views) and the one check of a range's order. Built on readTimeText (time-text.ts): RFC
// 3339 read generously (any fraction digits, `Z` or an offset), years 0001-9999, and the value
// passed on is canonical UTC text, so main, the service and the store all get one spelling of the
// instant the user meant. docs/times.md.
import { z } from 'zod';
import { NOT_RFC3339, rangeOrderMessage, readRfc3339, readTimeText, TIME_RANGE_LABELS } from './time-text.ts';

/** A time as RFC 3339 text; parsed into its canonical UTC spelling ("2026-10-30T12:30:00Z"). */
export const TimeText = z
  .string({ error: NOT_RFC3339 })
  .max(120, NOT_RFC3339)
  .transform((text, ctx) => {
    const read = readTimeText(text);
    if (read.ok) return read.iso;
    ctx.addIssue({ code: 'custom', message: read.message });
    return z.NEVER;
  });

/**
 * Whether a range is out of order: the end (exclusive) not later than the start (inclusive). Both
 * are compared as instants, so the same instant written two ways is an empty range.
 */
export function rangeOutOfOrder(from: string | null, before: string | null): boolean {
  if (!from || !before) return false;
  const a = readRfc3339(from);
  const b = readRfc3339(before);
  return a !== null && b !== null && b.micros <= a.micros;
}

/** The message for a range out of order, in the labels every screen gives the two bounds. */
export const RANGE_ORDER_MESSAGE = rangeOrderMessage(TIME_RANGE_LABELS);
