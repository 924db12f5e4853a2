// The flow chart as inline SVG (no script, no external resource): one bar per UTC day of an
// instrument's net flow, up above zero for incoming, down for outgoing. A bar's height is a float
// (a position only); its <title> and the axis labels carry the exact amounts.
import { esc } from './html-text.ts';
import type { InstrumentSummary } from './report-summary.ts';

const WIDTH = 720;
const HEIGHT = 160;
const PAD = { top: 18, bottom: 22, left: 4, right: 4 };

export function flowChartSvg(instrument: InstrumentSummary, name: string): string {
  const days = instrument.days;
  if (days.length === 0) return '';
  const biggest = days.reduce((best, d) => (Math.abs(d.plot) > Math.abs(best.plot) ? d : best), days[0]);
  const scale = Math.abs(biggest.plot) || 1;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const zero = PAD.top + plotHeight / 2;
  // Calendar days, not bars side by side: a quiet week shows as a gap, as it would on a time axis.
  const dayIndex = (day: string) => Math.round((Date.parse(day) - Date.parse(days[0].day)) / 86_400_000);
  const span = dayIndex(days[days.length - 1].day) + 1;
  const step = (WIDTH - PAD.left - PAD.right) / span;
  const barWidth = Math.max(0.5, step * 0.8);
  const bars = days
    .map((d) => {
      const h = (Math.abs(d.plot) / scale) * (plotHeight / 2);
      const x = PAD.left + dayIndex(d.day) * step + (step - barWidth) / 2;
      const y = d.plot >= 0 ? zero - h : zero;
      const kind = d.plot >= 0 ? 'bar-in' : 'bar-out';
      return `<rect class="${kind}" x="${x.toFixed(2)}" y="${y.toFixed(2)}" width="${barWidth.toFixed(2)}" height="${Math.max(h, 0.5).toFixed(2)}"><title>${esc(d.day)}: net ${esc(d.value)}</title></rect>`;
    })
    .join('');
  const first = days[0].day;
  const last = days[days.length - 1].day;
  const title = `Net flow per day (UTC) of ${name}, ${days.length} day${days.length === 1 ? '' : 's'} with transfers from ${first} to ${last}; largest day ${biggest.day}: ${biggest.value}`;
  return [
    `<svg class="chart" role="img" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" xmlns="http://www.w3.org/2000/svg">`,
    `<title>${esc(title)}</title>`,
    `<line class="axis" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${zero}" y2="${zero}"/>`,
    bars,
    `<text class="tick" x="${PAD.left}" y="12">largest day ${esc(biggest.day)}: ${esc(biggest.value)}</text>`,
    `<text class="tick" x="${PAD.left}" y="${HEIGHT - 6}">${esc(first)}</text>`,
    `<text class="tick" x="${WIDTH - PAD.right}" y="${HEIGHT - 6}" text-anchor="end">${esc(last)}</text>`,
    '</svg>',
  ].join('');
}
