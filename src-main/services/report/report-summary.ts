// The report's summary of the legs it lists: per instrument the exact totals in and out, the net,
// the leg count, and the net flow per day (UTC) for the chart. Sums reuse the export's exact tally
// (decimal strings in, decimal strings out: never a float).
import type { TransferLeg } from '../../../src-shared/contract/transfers.ts';
import { addDecimal, type Decimal, decimalToString, parseDecimal, ZERO } from '../../../src-shared/decimal.ts';
import { ExportTally } from '../local-ledger/export/export-summary.ts';

export interface InstrumentSummary {
  admin: string | null;
  id: string | null;
  symbol: string | null;
  legs: number;
  totalIn: string;
  totalOut: string;
  net: string;
  /** Net flow per UTC day, days ascending; `value` is exact, `plot` only positions a bar. */
  days: Array<{ day: string; value: string; plot: number }>;
}

export interface ReportSummary {
  legs: number;
  firstEffectiveAt: string | null;
  lastEffectiveAt: string | null;
  instruments: InstrumentSummary[];
}

const negate = (d: Decimal): Decimal => ({ units: -d.units, scale: d.scale });

export function summarize(legs: readonly TransferLeg[]): ReportSummary {
  const tally = new ExportTally();
  const days = new Map<string, Map<string, Decimal>>();
  for (const leg of legs) {
    tally.add(leg);
    const amount = leg.amount === null ? null : parseDecimal(leg.amount);
    const day =
      leg.effectiveAt?.match(/^\d{4}-\d{2}-\d{2}/) && !Number.isNaN(Date.parse(leg.effectiveAt))
        ? new Date(Date.parse(leg.effectiveAt)).toISOString().slice(0, 10)
        : null;
    if (!amount || !day) continue;
    const key = `${leg.instrumentAdmin}\u0000${leg.instrumentId}`;
    let perDay = days.get(key);
    if (!perDay) {
      perDay = new Map();
      days.set(key, perDay);
    }
    perDay.set(day, addDecimal(perDay.get(day) ?? ZERO, leg.isIncoming ? amount : negate(amount)));
  }
  const summary = tally.summary();
  return {
    legs: summary.legs,
    firstEffectiveAt: summary.firstEffectiveAt,
    lastEffectiveAt: summary.lastEffectiveAt,
    instruments: summary.instruments
      .map((i) => {
        const totalIn = parseDecimal(i.totalIn) ?? ZERO;
        const totalOut = parseDecimal(i.totalOut) ?? ZERO;
        const perDay = days.get(`${i.instrumentAdmin}\u0000${i.instrumentId}`) ?? new Map<string, Decimal>();
        return {
          admin: i.instrumentAdmin,
          id: i.instrumentId,
          symbol: i.symbol,
          legs: i.legs,
          totalIn: i.totalIn,
          totalOut: i.totalOut,
          net: decimalToString(addDecimal(totalIn, negate(totalOut))),
          days: [...perDay.entries()]
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([day, value]) => ({ day, value: decimalToString(value), plot: Number(decimalToString(value)) })),
        };
      })
      .sort((a, b) => b.legs - a.legs),
  };
}
