// A value axis's range and ticks on round steps (1, 2, 2.5, 5 × 10^k), computed once so that the
// canvas (uPlot, given them as its range and splits) and the SVG export draw the same axis. Pure.

export interface ValueTicks {
  min: number;
  max: number;
  step: number;
  ticks: number[];
}

const STEPS = [1, 2, 2.5, 5, 10];

/** About `count` ticks from below `low` to above `high` (zero included when it is between). */
export function niceTicks(low: number, high: number, count = 5): ValueTicks {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return { min: -1, max: 1, step: 1, ticks: [-1, 0, 1] };
  if (low === high) {
    const pad = low === 0 ? 1 : Math.abs(low) / 2;
    return niceTicks(low - pad, high + pad, count);
  }
  const rough = (high - low) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = (STEPS.find((s) => s * power >= rough) ?? 10) * power;
  const min = Math.floor(low / step) * step;
  const max = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let i = 0; min + i * step <= max + step / 1e6 && i < 1000; i++) {
    // Rounded to the step's own decimals, so 0.30000000000000004 is 0.3.
    ticks.push(Number((min + i * step).toPrecision(12)));
  }
  return { min, max, step, ticks };
}
