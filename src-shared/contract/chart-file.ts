// local:saveChart: a chart the renderer drew (docs/notebook.md, "The chart"), saved by main where the
// user says (desktop: a save dialog; browser version: the exports folder, then Download). The
// renderer never writes files. Budgets here; main checks the content itself (chart-file.ts).
import { z } from 'zod';

/** An image's bytes at most: a chart is tens of kilobytes; this is room for a large, dense one. */
export const CHART_FILE_MAX_BYTES = 8 * 1024 * 1024;

export const ChartFileFormat = z.enum(['png', 'svg']);
export type ChartFileFormat = z.infer<typeof ChartFileFormat>;

export const SaveChartRequest = z.strictObject({
  /** The chart's title: the file's suggested name. */
  title: z.string().max(500),
  format: ChartFileFormat,
  /** SVG: the document's text. PNG: the bytes in base64. */
  data: z
    .string()
    .min(1)
    .max(Math.ceil((CHART_FILE_MAX_BYTES * 4) / 3) + 4),
});
export type SaveChartRequest = z.infer<typeof SaveChartRequest>;

export interface ChartFileSaved {
  path: string;
  format: ChartFileFormat;
  bytes: number;
}
