// Totals of the loaded legs: in and out per instrument, and net flow per instrument per day.
// Exact: amounts are summed as scaled bigints (src-shared/decimal.ts), never as floats.
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { addDecimal, type Decimal, parseDecimal, ZERO } from '../../../../src-shared/decimal.ts';
import { bucketStart, dateText } from '../../../ui/chart/time-axis.ts';
import type { TimeZoneChoice } from '../table/leg-format.ts';

export interface InstrumentRef {
  admin: string | null;
  id: string | null;
  symbol: string | null;
  decimals: number | null;
}

export interface InstrumentTotals extends InstrumentRef {
  key: string;
  legs: number;
  totalIn: Decimal;
  totalOut: Decimal;
  /** Legs whose amount is null or not a decimal number: counted, not summed. */
  unreadable: number;
}

export const instrumentKey = (admin: string | null, id: string | null): string => `${admin ?? ''}\u0000${id ?? ''}`;

/** A short name for an instrument: its symbol, else its id. */
export const instrumentLabel = (i: { symbol: string | null; id: string | null }): string =>
  i.symbol ?? i.id ?? '(no instrument id)';

export const netOf = (t: Pick<InstrumentTotals, 'totalIn' | 'totalOut'>): Decimal =>
  addDecimal(t.totalIn, { units: -t.totalOut.units, scale: t.totalOut.scale });

export interface DailyFlow {
  /** YYYY-MM-DD in the chosen zone. */
  day: string;
  /** Start of that day, ms since the epoch. */
  start: number;
  /** Incoming minus outgoing, exact. */
  net: Decimal;
}

/** The day (in the zone) that holds `ms`: the chart's own day buckets (ui/chart/time-axis.ts). */
function dayOf(ms: number, zone: TimeZoneChoice): { day: string; start: number } {
  const start = bucketStart(ms, 'day', zone);
  return { day: dateText(start, zone), start };
}

/**
 * Running totals of legs, added a page at a time: Load all adds each new page once instead of
 * re-adding 100,000 legs whenever a page arrives.
 */
export class LegTally {
  private readonly totals = new Map<string, InstrumentTotals>();
  private readonly days = new Map<string, Map<string, DailyFlow>>();
  legCount = 0;
  readonly zone: TimeZoneChoice;

  constructor(zone: TimeZoneChoice) {
    this.zone = zone;
  }

  add(legs: readonly TransferLeg[]): void {
    for (const leg of legs) {
      this.legCount++;
      const key = instrumentKey(leg.instrumentAdmin, leg.instrumentId);
      let totals = this.totals.get(key);
      if (!totals) {
        totals = {
          key,
          admin: leg.instrumentAdmin,
          id: leg.instrumentId,
          symbol: leg.symbol,
          decimals: leg.decimals,
          legs: 0,
          totalIn: ZERO,
          totalOut: ZERO,
          unreadable: 0,
        };
        this.totals.set(key, totals);
      }
      totals.legs++;
      const amount = leg.amount === null ? null : parseDecimal(leg.amount);
      if (!amount) {
        totals.unreadable++;
        continue;
      }
      if (leg.isIncoming) totals.totalIn = addDecimal(totals.totalIn, amount);
      else totals.totalOut = addDecimal(totals.totalOut, amount);
      this.addToDay(key, leg, amount);
    }
  }

  private addToDay(key: string, leg: TransferLeg, amount: Decimal): void {
    const ms = leg.effectiveAt === null ? Number.NaN : Date.parse(leg.effectiveAt);
    if (Number.isNaN(ms)) return;
    let days = this.days.get(key);
    if (!days) {
      days = new Map();
      this.days.set(key, days);
    }
    const { day, start } = dayOf(ms, this.zone);
    const signed = leg.isIncoming ? amount : { units: -amount.units, scale: amount.scale };
    const bucket = days.get(day);
    if (bucket) bucket.net = addDecimal(bucket.net, signed);
    else days.set(day, { day, start, net: signed });
  }

  /** Per instrument, most legs first (copies: the tally keeps counting). */
  instrumentTotals(): InstrumentTotals[] {
    return [...this.totals.values()]
      .map((t) => ({ ...t }))
      .sort((a, b) => b.legs - a.legs || a.key.localeCompare(b.key));
  }

  /** Net flow per day for each instrument (keyed like instrumentTotals), days ascending. */
  dailyFlows(): Map<string, DailyFlow[]> {
    const result = new Map<string, DailyFlow[]>();
    for (const [key, days] of this.days) {
      result.set(
        key,
        [...days.values()].map((d) => ({ ...d })).sort((a, b) => a.start - b.start),
      );
    }
    return result;
  }
}

export function summarizeLegs(legs: readonly TransferLeg[]): InstrumentTotals[] {
  const tally = new LegTally('utc');
  tally.add(legs);
  return tally.instrumentTotals();
}

export function dailyNetFlow(legs: readonly TransferLeg[], zone: TimeZoneChoice): Map<string, DailyFlow[]> {
  const tally = new LegTally(zone);
  tally.add(legs);
  return tally.dailyFlows();
}
