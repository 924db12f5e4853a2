// A dashboard saved as a case report (docs/notebook.md, "Dashboards"): the renderer sends each
// panel as it is on screen (its query, the values it ran with, when, and the rows it shows); main
// writes one self-contained HTML file the way it writes the transfers' case report (escaped, no
// script, checked for every saved secret and service address). Every field is bounded here.
import { z } from 'zod';
import { CHART_KINDS, CHART_X_TYPES } from '../notebook/query-file.ts';
import { ProfileIdText } from './transfers.ts';

/** Rows of one panel that go into the report (the panel says how many it had). */
export const DASHBOARD_REPORT_ROW_CAP = 1_000;
export const DASHBOARD_REPORT_PANEL_CAP = 50;
/** Characters of one cell in a report (longer ones are cut by the renderer, marked with …). */
export const DASHBOARD_REPORT_CELL_CHARS = 10_000;
/**
 * Characters of cells and charts in one report: the renderer stops adding rows when it is reached
 * (the report says how many it lists); main refuses more. Under the browser version's 8 MB request limit.
 */
export const DASHBOARD_REPORT_CHAR_BUDGET = 6_000_000;
/** Characters of one panel's SVG chart. */
export const CHART_SVG_MAX_CHARS = 4_000_000;

const line = (max: number) => z.string().max(max);
const Cell = z.union([z.string().max(DASHBOARD_REPORT_CELL_CHARS), z.number(), z.boolean(), z.null()]);

const ReportPanel = z.strictObject({
  title: line(200),
  /** The query's name and where it lives (`large-outflows.sql`, `builtin:largest-legs`). */
  queryName: line(200),
  queryRef: line(260),
  params: z.array(z.strictObject({ name: line(64), value: line(10_000) })).max(50),
  /**
   * The panel's state when the report was written. `running`: its query had not answered (the report
   * waits for it unless told to save now); its rows, if any, are its last answer's.
   */
  state: z.enum(['ok', 'running', 'error', 'not-run']),
  /** The error shown in the panel (state error). */
  error: line(4_000).nullable(),
  /** When the panel's rows were read from the store (ISO), null when it has not run. */
  ranAt: line(64).nullable(),
  columns: z.array(z.strictObject({ name: line(256), type: line(128) })).max(200),
  rows: z.array(z.array(Cell).max(200)).max(DASHBOARD_REPORT_ROW_CAP),
  /** Rows the panel's result had (more than `rows` when the cap or the query's own cap cut it). */
  rowCount: z.number().int().min(0),
  truncated: z.boolean(),
  chart: z
    .strictObject({
      kind: z.enum(CHART_KINDS),
      x: line(500),
      xType: z.enum(CHART_X_TYPES),
      y: line(500),
      series: line(500).optional(),
      scale: line(500).optional(),
      instrument: line(1_000).optional(),
    })
    .nullable(),
  /** The panel's chart as the notebook's SVG writer drew it (view chart); main checks it is a plain drawing. */
  svg: z.string().max(CHART_SVG_MAX_CHARS, 'a chart is at most 4,000,000 characters').nullable(),
});

export const DashboardReportRequest = z
  .strictObject({
    profileId: ProfileIdText,
    title: line(200),
    panels: z.array(ReportPanel).max(DASHBOARD_REPORT_PANEL_CAP),
  })
  .refine((r) => reportChars(r.panels) <= DASHBOARD_REPORT_CHAR_BUDGET, {
    path: ['panels'],
    message: `at most ${DASHBOARD_REPORT_CHAR_BUDGET.toLocaleString('en-US')} characters of cells and charts in one report`,
  });

/** Characters of cells and charts in a report's panels: what its size grows with. */
export function reportChars(panels: ReadonlyArray<{ rows: unknown[][]; svg: string | null }>): number {
  let chars = 0;
  for (const panel of panels) {
    chars += panel.svg?.length ?? 0;
    for (const row of panel.rows) for (const cell of row) chars += typeof cell === 'string' ? cell.length : 8;
  }
  return chars;
}
export type DashboardReportRequest = z.input<typeof DashboardReportRequest>;
export type DashboardReportInput = z.output<typeof DashboardReportRequest>;
export type DashboardReportPanel = z.output<typeof ReportPanel>;

export interface DashboardReportSaved {
  path: string;
  bytes: number;
  panels: number;
}
