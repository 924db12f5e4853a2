import type { ExportSummary, TransferLeg } from '../../../src-shared/contract/transfers.ts';
import { addDecimal, type Decimal, decimalToString, parseDecimal, ZERO } from '../../../src-shared/decimal.ts';

interface InstrumentTotals {
  instrumentAdmin: string | null;
  instrumentId: string | null;
  symbol: string | null;
  legs: number;
  totalIn: Decimal;
  totalOut: Decimal;
}

/** Running totals of an export: exact per-instrument sums in and out, and the time span. */
export class ExportTally {
  private readonly instruments = new Map<string, InstrumentTotals>();
  legs = 0;
  pages = 0;
  private first: string | null = null;
  private last: string | null = null;

  add(leg: TransferLeg): void {
    this.legs++;
    if (leg.effectiveAt) {
      if (this.first === null || leg.effectiveAt < this.first) this.first = leg.effectiveAt;
      if (this.last === null || leg.effectiveAt > this.last) this.last = leg.effectiveAt;
    }
    const key = `${leg.instrumentAdmin}\u0000${leg.instrumentId}`;
    let totals = this.instruments.get(key);
    if (!totals) {
      totals = {
        instrumentAdmin: leg.instrumentAdmin,
        instrumentId: leg.instrumentId,
        symbol: leg.symbol,
        legs: 0,
        totalIn: ZERO,
        totalOut: ZERO,
      };
      this.instruments.set(key, totals);
    }
    totals.legs++;
    const amount = leg.amount === null ? null : parseDecimal(leg.amount);
    if (amount) {
      if (leg.isIncoming) totals.totalIn = addDecimal(totals.totalIn, amount);
      else totals.totalOut = addDecimal(totals.totalOut, amount);
    }
  }

  summary(): ExportSummary {
    return {
      legs: this.legs,
      pages: this.pages,
      firstEffectiveAt: this.first,
      lastEffectiveAt: this.last,
      instruments: [...this.instruments.values()].map((t) => ({
        instrumentAdmin: t.instrumentAdmin,
        instrumentId: t.instrumentId,
        symbol: t.symbol,
        legs: t.legs,
        totalIn: decimalToString(t.totalIn),
        totalOut: decimalToString(t.totalOut),
      })),
    };
  }
}
