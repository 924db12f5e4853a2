import type { ExportSummary, TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { addDecimal, type Decimal, decimalToString, parseDecimal, ZERO } from '../../../../src-shared/decimal.ts';

interface InstrumentTotals {
  instrumentAdmin: string | null;
  instrumentId: string | null;
  symbol: string | null;
  legs: number;
  totalIn: ExactSum;
  totalOut: ExactSum;
}

/** Below this a running sum in a double is still an exact integer, with room for one more 15-digit amount. */
const SAFE = Number.MAX_SAFE_INTEGER - 1e15;

/**
 * An exact sum of decimal strings. Most amounts have at most 15 digits: those are read digit by
 * digit into an integer in a double (exact below 2^53), summed as such, and moved into the bigint
 * total before the sum could lose a digit; a million legs cost a million number additions, not a
 * million bigints. Anything else (more digits, spaces, not a number) goes through parseDecimal.
 */
class ExactSum {
  private total: Decimal = ZERO;
  private units = 0;
  private scale = -1;

  add(text: string): void {
    const length = text.length;
    const negative = length > 0 && text.charCodeAt(0) === 45;
    let units = 0;
    let digits = 0;
    let dot = -1;
    for (let i = negative ? 1 : 0; i < length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        units = units * 10 + (c - 48);
        digits++;
      } else if (c === 46 && dot < 0 && digits > 0 && i + 1 < length) {
        dot = i;
      } else {
        digits = 99; // not plain: let parseDecimal decide
        break;
      }
    }
    if (digits === 0 || digits > 15) {
      const amount = parseDecimal(text);
      if (amount) this.total = addDecimal(this.total, amount);
      return;
    }
    const scale = dot < 0 ? 0 : length - dot - 1;
    if (scale !== this.scale || Math.abs(this.units) > SAFE) this.flush(scale);
    this.units += negative ? -units : units;
  }

  value(): Decimal {
    this.flush(-1);
    return this.total;
  }

  addSum(other: ExactSum): void {
    this.flush(-1);
    this.total = addDecimal(this.total, other.value());
  }

  private flush(nextScale: number): void {
    if (this.scale >= 0) this.total = addDecimal(this.total, { units: BigInt(this.units), scale: this.scale });
    this.units = 0;
    this.scale = nextScale;
  }
}

/** Running totals of an export: exact per-instrument sums in and out, and the time span. */
export class ExportTally {
  private readonly instruments = new Map<string, InstrumentTotals>();
  legs = 0;
  pages = 0;
  private first: string | null = null;
  private last: string | null = null;
  private lastTotals: InstrumentTotals | null = null;

  add(leg: TransferLeg): void {
    this.legs++;
    if (leg.effectiveAt) {
      if (this.first === null || leg.effectiveAt < this.first) this.first = leg.effectiveAt;
      if (this.last === null || leg.effectiveAt > this.last) this.last = leg.effectiveAt;
    }
    // Consecutive legs are mostly of one instrument: skip building the map key for them.
    let totals = this.lastTotals;
    if (!totals || totals.instrumentAdmin !== leg.instrumentAdmin || totals.instrumentId !== leg.instrumentId) {
      const key = `${leg.instrumentAdmin}\u0000${leg.instrumentId}`;
      totals = this.instruments.get(key) ?? null;
      if (!totals) {
        totals = {
          instrumentAdmin: leg.instrumentAdmin,
          instrumentId: leg.instrumentId,
          symbol: leg.symbol,
          legs: 0,
          totalIn: new ExactSum(),
          totalOut: new ExactSum(),
        };
        this.instruments.set(key, totals);
      }
      this.lastTotals = totals;
    }
    totals.legs++;
    if (leg.amount !== null) (leg.isIncoming ? totals.totalIn : totals.totalOut).add(leg.amount);
  }

  /** Adds a later part's totals (one page's), keeping the order instruments were first seen in. */
  merge(part: ExportTally): void {
    this.legs += part.legs;
    if (part.first !== null && (this.first === null || part.first < this.first)) this.first = part.first;
    if (part.last !== null && (this.last === null || part.last > this.last)) this.last = part.last;
    for (const [key, totals] of part.instruments) {
      const mine = this.instruments.get(key);
      if (!mine) {
        this.instruments.set(key, totals);
        continue;
      }
      mine.legs += totals.legs;
      mine.totalIn.addSum(totals.totalIn);
      mine.totalOut.addSum(totals.totalOut);
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
        totalIn: decimalToString(t.totalIn.value()),
        totalOut: decimalToString(t.totalOut.value()),
      })),
    };
  }
}
