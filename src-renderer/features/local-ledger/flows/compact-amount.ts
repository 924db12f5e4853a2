// Short axis labels for the net-flow charts (1.2M, 350k, -4.5k). A copy of the transfers feature's
// compactAmount (features/transfers/summary/flow-scale.ts): a feature never imports another.
// Floats here are plotting positions only; every figure written as text comes from exact decimals.
const UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
];

const trimZeros = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

export function compactAmount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1e15)
    return value
      .toExponential(2)
      .replace(/\.?0+e/, 'e')
      .replace('e+', 'e');
  let unit = UNITS.findIndex(([size]) => abs >= size);
  if (unit === -1) unit = UNITS.length - 1;
  for (;;) {
    const [size, suffix] = UNITS[unit];
    const scaled = value / size;
    const digits = Math.min(12, Math.max(0, 2 - Math.floor(Math.log10(Math.abs(scaled)))));
    const text = trimZeros(scaled.toFixed(digits));
    // 999,999 at three digits is 1000k: say 1M instead.
    if (Math.abs(Number(text)) >= 1000 && unit > 0) {
      unit--;
      continue;
    }
    return `${text}${suffix}`;
  }
}
