// Axis labels every chart shares (the flow chart, a result chart, their SVG): compact y-axis
// labels (1.2M, 350k, -4.5k) and the width a y axis needs for its widest label. Floats here are
// tick positions only; a value shown as a value comes from the exact decimal (src-shared/decimal.ts).

const UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
];
const MAX_DECIMALS = 12;

/** Fewest decimals (up to 12) that write `x` without rounding it, e.g. 0.25 -> 2. */
function decimalsOf(x: number): number {
  for (let d = 0; d < MAX_DECIMALS; d++) {
    const scaled = x * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled))) return d;
  }
  return MAX_DECIMALS;
}

const trimZeros = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/**
 * A short label for an axis tick: k, M, B, T, and an exponent beyond that. With `step` (the
 * distance between ticks) every tick gets the digits that tell it from its neighbours (1.25M
 * next to 1.5M); without it, three significant digits.
 */
export function compactAmount(value: number, step?: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1e15) {
    const exponential = value.toExponential(2).replace(/\.?0+e/, 'e');
    return exponential.replace('e+', 'e');
  }
  let unitIndex = UNITS.findIndex(([size]) => abs >= size);
  if (unitIndex === -1) unitIndex = UNITS.length - 1;
  for (;;) {
    const [size, suffix] = UNITS[unitIndex];
    const scaled = value / size;
    const decimals =
      step && step > 0
        ? decimalsOf(step / size)
        : Math.min(MAX_DECIMALS, Math.max(0, 2 - Math.floor(Math.log10(Math.abs(scaled)))));
    const text = trimZeros(scaled.toFixed(decimals));
    // 999,999 at three digits is 1000k: say 1M instead.
    if (Math.abs(Number(text)) >= 1000 && unitIndex > 0) {
      unitIndex--;
      continue;
    }
    return `${text}${suffix}`;
  }
}

/**
 * Width in CSS px a y axis needs so that its widest label is never cut: the label, the tick
 * and the gap, rounded up. `measure` gives a label's width in the axis font.
 */
export function axisWidth(labels: readonly string[], measure: (text: string) => number, ticksAndGap: number): number {
  const widest = labels.reduce((w, label) => Math.max(w, measure(label)), 0);
  return Math.ceil(widest + ticksAndGap + 4);
}
