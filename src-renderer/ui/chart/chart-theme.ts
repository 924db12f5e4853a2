// What every chart draws with (the flow chart, a result chart and its SVG): the axis font and
// sizes, the colours read from the theme's CSS variables, a key that changes when they may have,
// and a y axis as wide as its widest label.
import { useEffect, useState } from 'react';
import type uPlot from 'uplot';
import { useSettings } from '../../data/settings.ts';
import { axisWidth } from './axis-labels.ts';

export const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", sans-serif';
export const TICK_SIZE = 10;
export const AXIS_GAP = 5;

export function themeColor(element: HTMLElement, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

/** uPlot's axis style in the theme's text and grid colours (every chart's axes look alike). */
export function axisTheme(element: HTMLElement) {
  const fg = themeColor(element, '--fg', '#1b1e24');
  const grid = themeColor(element, '--border', '#d9dce1');
  const axis = {
    stroke: fg,
    font: AXIS_FONT,
    gap: AXIS_GAP,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1, size: TICK_SIZE },
  };
  return { axis };
}

const darkScheme = () => (typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null);

/** Changes when the chart's colours may have: the theme setting, or the system's scheme under 'system'. */
export function useThemeKey(): string {
  const theme = useSettings().data?.settings.preferences?.theme ?? 'system';
  const [dark, setDark] = useState(() => darkScheme()?.matches ?? false);
  useEffect(() => {
    const query = darkScheme();
    if (!query) return;
    const changed = () => setDark(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return theme === 'system' ? `system-${dark}` : theme;
}

/** The y axis as wide as its widest label, so that "-1.25B" is never cut to "25B". */
export function yAxisSize(self: uPlot, values: string[] | undefined, axisIdx: number, cycleNum: number): number {
  const axis = self.axes[axisIdx] as uPlot.Axis & { _size?: number };
  // uPlot calls this again after the labels change; settle after two rounds.
  if (cycleNum > 1 && axis._size) return axis._size;
  const ctx = self.ctx;
  const font = ctx.font;
  ctx.font = AXIS_FONT;
  const size = axisWidth(values ?? [], (text) => ctx.measureText(text).width, TICK_SIZE + AXIS_GAP);
  ctx.font = font;
  return Math.max(40, size);
}
