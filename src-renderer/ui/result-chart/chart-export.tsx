// A result chart's export: the PNG (the drawn canvas with the title above it) or the SVG (drawn by
// chart-svg.ts from the same scales), and the buttons with what became of the last save. main asks
// where and writes the file (useSaveChart); the save's state is the chart's (result-chart.tsx), so
// it outlives a pick that draws nothing for a moment.
import type uPlot from 'uplot';
import type { ChartKind } from '../../../src-shared/notebook/query-file.ts';
import type { useSaveChart } from '../../data/chart-file.ts';
import { themeColor } from '../chart/chart-theme.ts';
import { DownloadOffer } from '../download-offer.tsx';
import { ErrorMessage } from '../error-message.tsx';
import type { ChartModel } from './chart-model.ts';
import { chartSvg } from './chart-svg.ts';

export type ChartFormat = 'png' | 'svg';

export function ChartExport({
  saving,
  onSave,
}: {
  saving: ReturnType<typeof useSaveChart>;
  onSave: (format: ChartFormat) => void;
}) {
  return (
    <div className="result-chart-export">
      <button type="button" onClick={() => onSave('png')} disabled={saving.isPending}>
        Export PNG…
      </button>
      <button type="button" onClick={() => onSave('svg')} disabled={saving.isPending}>
        Export SVG…
      </button>
      {saving.isSuccess && saving.data && (
        <span role="status">
          Saved the chart ({saving.data.format.toUpperCase()}) to <code>{saving.data.path}</code>
        </span>
      )}
      {saving.isSuccess && !saving.data && (
        <span className="muted" role="status">
          Export cancelled.
        </span>
      )}
      {saving.isSuccess && saving.data && <DownloadOffer key={saving.data.path} path={saving.data.path} />}
      {saving.isError && <ErrorMessage error={saving.error} title="The chart was not saved." />}
    </div>
  );
}

/** The file's content: the SVG's text, or the PNG's bytes in base64; null when there is no canvas to take. */
export function chartFileData(
  format: ChartFormat,
  model: ChartModel,
  kind: ChartKind,
  title: string,
  plot: uPlot | null,
): string | null {
  return format === 'svg' ? chartSvg(model, kind, { title }) : pngBase64(plot, pngTitle(title, model));
}

/** The PNG's title line: the query's name, and the instrument drawn when there is a choice of them. */
function pngTitle(title: string, model: ChartModel): string {
  return model.instruments.length > 1 && model.instrument ? `${title} · ${model.instrument.label}` : title;
}

/** The drawn canvas with the title above it, as PNG bytes in base64. */
function pngBase64(plot: uPlot | null, title: string): string | null {
  if (!plot) return null;
  const source = plot.ctx.canvas;
  const ratio = globalThis.devicePixelRatio || 1;
  const head = Math.round(28 * ratio);
  const canvas = document.createElement('canvas');
  canvas.width = source.width;
  canvas.height = source.height + head;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const root = plot.root.parentElement ?? plot.root;
  ctx.fillStyle = themeColor(root, '--bg', '#ffffff');
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = themeColor(root, '--fg', '#1b1e24');
  ctx.font = `600 ${Math.round(14 * ratio)}px system-ui, sans-serif`;
  ctx.fillText(title, 8 * ratio, 19 * ratio);
  ctx.drawImage(source, 0, head);
  return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
}
