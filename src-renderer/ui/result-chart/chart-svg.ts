// The result chart as an SVG file, drawn here (uPlot draws a canvas) from the same scales, ticks and
// geometry as the canvas (chart-geometry.ts): the title (and the instrument drawn, when the result
// holds several), the axes with their labels and the y axis's name and unit, the bars, lines or
// areas, and the legend. Plain SVG: no script, no style element, no links, every text
// escaped. main checks it again before writing (src-main/services/local-ledger/export/chart-file.ts). Pure.
import type { ChartKind } from '../../../src-shared/notebook/query-file.ts';
import { compactAmount } from '../chart/axis-labels.ts';
import { barRects, colourOf, lineRuns, shorten, xRangeOf, xTicksOf, yTicksOf } from './chart-geometry.ts';
import type { ChartModel } from './chart-model.ts';

/** Text for XML: & < > " ' escaped, and characters XML may not hold dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

const FONT = 'system-ui, -apple-system, Segoe UI, sans-serif';
const px = (v: number) => (Math.round(v * 100) / 100).toString();

export interface SvgOptions {
  title: string;
  width?: number;
  height?: number;
  /** Text and axis colour, grid colour, background. */
  colours?: { fg: string; grid: string; bg: string };
}

/** The chart as a standalone SVG document. */
export function chartSvg(model: ChartModel, kind: ChartKind, options: SvgOptions): string {
  const width = options.width ?? 800;
  const height = options.height ?? 360;
  const { fg, grid, bg } = options.colours ?? { fg: '#1b1e24', grid: '#d9dce1', bg: '#ffffff' };
  const y = yTicksOf(model);
  const yLabels = y.ticks.map((v) => compactAmount(v, y.step));
  const legendRows = model.split ? Math.ceil(model.series.length / 4) : 0;
  const subtitle = model.instruments.length > 1 && model.instrument ? model.instrument.label : null;
  const Y_LABEL = 18;
  const frame = {
    left: Y_LABEL + Math.max(40, Math.max(...yLabels.map((l) => l.length)) * 7 + 20),
    top: subtitle ? 52 : 36,
    right: 16,
    bottom: 44 + legendRows * 18,
  };
  const plotW = width - frame.left - frame.right;
  const plotH = height - frame.top - frame.bottom;
  const xRange = xRangeOf(model);
  const toX = (x: number) => frame.left + ((x - xRange[0]) / (xRange[1] - xRange[0])) * plotW;
  const toY = (v: number) => frame.top + plotH - ((v - y.min) / (y.max - y.min)) * plotH;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}" font-size="12">`,
  );
  out.push(`<title>${escapeXml(options.title)}</title>`);
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="${bg}"/>`);
  out.push(
    `<text x="${frame.left}" y="22" fill="${fg}" font-size="14" font-weight="600">${escapeXml(shorten(options.title, 120))}</text>`,
  );
  if (subtitle) {
    out.push(`<text x="${frame.left}" y="40" fill="${fg}">${escapeXml(shorten(subtitle, 140))}</text>`);
  }
  // The y axis's name and unit, turned along it.
  const middle = px(frame.top + plotH / 2);
  out.push(
    `<text x="12" y="${middle}" fill="${fg}" text-anchor="middle" dominant-baseline="middle" transform="rotate(-90 12 ${middle})">${escapeXml(shorten(model.yLabel, 80))}</text>`,
  );
  // y grid and labels
  y.ticks.forEach((v, i) => {
    const at = px(toY(v));
    out.push(
      `<line x1="${frame.left}" y1="${at}" x2="${frame.left + plotW}" y2="${at}" stroke="${grid}" stroke-width="1"/>`,
    );
    out.push(
      `<text x="${frame.left - 6}" y="${at}" fill="${fg}" text-anchor="end" dominant-baseline="middle">${escapeXml(yLabels[i])}</text>`,
    );
  });
  // x ticks and labels
  const x = xTicksOf(model, xRange, plotW);
  x.ticks.forEach((t, i) => {
    const at = px(toX(t));
    out.push(
      `<line x1="${at}" y1="${frame.top + plotH}" x2="${at}" y2="${frame.top + plotH + 6}" stroke="${grid}" stroke-width="1"/>`,
    );
    const lines = x.labels[i].split('\n');
    const tspans = lines
      .map((line, k) => `<tspan x="${at}" dy="${k === 0 ? 0 : 14}">${escapeXml(line)}</tspan>`)
      .join('');
    out.push(`<text x="${at}" y="${frame.top + plotH + 20}" fill="${fg}" text-anchor="middle">${tspans}</text>`);
  });
  out.push(
    `<line x1="${frame.left}" y1="${px(toY(0))}" x2="${frame.left + plotW}" y2="${px(toY(0))}" stroke="${fg}" stroke-width="1"/>`,
  );
  drawMarks(out, model, kind, toX, toY);
  if (model.split)
    out.push(...svgLegend(model, fg, { left: frame.left, width: plotW, bottom: height, rows: legendRows }));
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** The bars, lines or areas, in each series' colour, added to `out` (a long time series has more marks than a call takes arguments). */
function drawMarks(
  out: string[],
  model: ChartModel,
  kind: ChartKind,
  toX: (x: number) => number,
  toY: (v: number) => number,
) {
  if (kind === 'bar' || kind === 'stacked') {
    for (const r of barRects(model, kind, toX, toY)) {
      out.push(
        `<rect x="${px(r.left)}" y="${px(r.top)}" width="${px(r.width)}" height="${px(r.height)}" fill="${colourOf(r.series)}"/>`,
      );
    }
  } else {
    model.series.forEach((_, si) => {
      const colour = colourOf(si);
      for (const run of lineRuns(model, si, toX, toY)) {
        const points = run.map(([a, b]) => `${px(a)},${px(b)}`).join(' ');
        if (kind === 'area') {
          const zero = px(toY(0));
          const first = run[0];
          const last = run[run.length - 1];
          out.push(
            `<polygon points="${px(first[0])},${zero} ${points} ${px(last[0])},${zero}" fill="${colour}" fill-opacity="0.25" stroke="none"/>`,
          );
        }
        out.push(`<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="2"/>`);
      }
    });
  }
}

/** The legend under the plot: four series a row, from `left` across `width`, its last row at `bottom`. */
function svgLegend(
  model: ChartModel,
  fg: string,
  { left, width, bottom, rows }: { left: number; width: number; bottom: number; rows: number },
): string[] {
  return model.series.flatMap((s, i) => {
    const lx = left + (i % 4) * Math.floor(width / 4);
    const ly = bottom - rows * 18 + Math.floor(i / 4) * 18 - 4;
    return [
      `<rect x="${lx}" y="${ly - 9}" width="10" height="10" fill="${colourOf(i)}"/>`,
      `<text x="${lx + 14}" y="${ly}" fill="${fg}">${escapeXml(shorten(s.name, 28))}</text>`,
    ];
  });
}
