// An exact amount in a table cell, the one way every table shows one (docs/accessibility.md,
// "Amounts in tables"; docs/local-ledger.md, "Screens"). The rule:
// - the whole exact amount is on screen, on one line, never cut: the column is as wide as its
//   widest value (a table laid out by the browser widens by itself; a virtualized one sizes the
//   column from the values it has with amountChars and amountColumnPx, never by rendering rows);
// - one click selects the whole amount (not the digits between two commas), and a Copy button,
//   shown on hover and on keyboard focus, copies it without grouping, exactly as decimal text;
// - a screen reader reads the digits as shown, and an amount kept as text is said to be one.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  type AmountValue,
  amountChars,
  amountColumnPx,
  amountCopyText,
  amountText,
  INEXACT_MARK,
  NO_AMOUNT,
} from './amount-text.ts';
import { CopyIcon } from './copy-icon.tsx';
import './amount-cell.css';

/** A character of the amount font when it cannot be measured (no layout: component tests). */
const FALLBACK_CHAR_PX = 7.5;
let measuredCharPx: number | null = null;

/** Measures one character of `.amount-text` (a monospaced font: every digit, comma and dot alike). */
function measureCharPx(): number {
  const probe = document.createElement('span');
  probe.className = 'amount-text amount-probe';
  probe.setAttribute('aria-hidden', 'true');
  probe.textContent = '0'.repeat(40);
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width / 40;
  probe.remove();
  return width > 0 ? width : FALLBACK_CHAR_PX;
}

/**
 * The width of one amount character in pixels, measured once in the page (before paint: a
 * table's first frame already has its columns right), so sizes follow the fonts the system has.
 */
export function useAmountCharPx(): number {
  const [px, setPx] = useState(measuredCharPx ?? FALLBACK_CHAR_PX);
  useLayoutEffect(() => {
    measuredCharPx ??= measureCharPx();
    setPx(measuredCharPx);
  }, []);
  return px;
}

/** The column width (px) for an amount of `widestChars` characters, at least `minPx`. */
export function useAmountColumnPx(widestChars: number, minPx: number): number {
  const charPx = useAmountCharPx();
  return Math.max(minPx, amountColumnPx(widestChars, charPx));
}

/** Characters per row, per way of reading a row's amount: a row is counted once, however often it is shown. */
const counted = new WeakMap<(row: never) => AmountValue, WeakMap<object, number>>();

/**
 * The characters of the widest amount among `rows` (`amountOf`: a function defined once, outside
 * the component). With `growKey`, the widest seen under the same key is kept: a virtualized table
 * that holds only the windows in view never narrows a column the user has already seen widen.
 */
export function useWidestAmount<T extends object>(
  rows: readonly T[],
  amountOf: (row: T) => AmountValue,
  growKey?: string,
): number {
  const widest = useMemo(() => {
    const cache = counted.get(amountOf) ?? new WeakMap<object, number>();
    counted.set(amountOf, cache);
    let most = 0;
    for (const row of rows) {
      let chars = cache.get(row);
      if (chars === undefined) {
        chars = amountChars(amountOf(row));
        cache.set(row, chars);
      }
      if (chars > most) most = chars;
    }
    return most;
  }, [rows, amountOf]);
  const kept = useRef({ key: growKey, chars: 0 });
  if (growKey === undefined) return widest;
  if (kept.current.key !== growKey) kept.current = { key: growKey, chars: 0 };
  kept.current.chars = Math.max(kept.current.chars, widest);
  return kept.current.chars;
}

/**
 * One amount, whole. `label` names it for the Copy button ("amount", "volume in", ...), which a
 * screen reader announces with the value.
 */
export function AmountCell({ label = 'amount', ...value }: AmountValue & { label?: string }) {
  if (value.amount === null) return <span className="muted">{NO_AMOUNT}</span>;
  const exact = value.exact !== false;
  const copyText = amountCopyText(value);
  return (
    <span
      className={exact ? 'amount-cell' : 'amount-cell inexact-amount'}
      title={exact ? copyText : `Kept as text (${value.amount}): not an exact decimal, left out of sums`}
    >
      <span className="amount-text">
        {exact ? (
          amountText(value)
        ) : (
          <>
            <span className="inexact-marker" aria-hidden="true">
              {INEXACT_MARK}
            </span>
            {value.amount}
          </>
        )}
      </span>
      {/* Beside the text, not in it: selecting the amount selects the amount only. */}
      {!exact && <span className="visually-hidden"> (kept as text, left out of sums)</span>}
      <CopyIcon text={copyText} name={`${label} ${copyText}`} />
    </span>
  );
}
