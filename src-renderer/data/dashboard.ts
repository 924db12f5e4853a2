// The dashboard (docs/dashboards.md): its file beside the queries, read and saved through main, and
// each panel's run. A panel is one query file (or a built-in one) run with the values it was pinned
// with; its key holds the store's stamp (every party's legs and last sync), so a finished sync, a
// forget or another program's change gives every panel a new key and the dashboard refreshes itself.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardReportRequest, DashboardReportSaved } from '../../src-shared/contract/dashboard-report.ts';
import type { SqlResult } from '../../src-shared/contract/local-ledger.ts';
import type { NotebookSaved } from '../../src-shared/contract/notebook.ts';
import type { SqlScope } from '../../src-shared/contract/party-scope.ts';
import {
  DASHBOARD_LIMITS,
  type DashboardPanel,
  type DashboardRead,
  EMPTY_DASHBOARD,
  nextPanelId,
  parseDashboard,
  type QueryRef,
  writeDashboard,
} from '../../src-shared/notebook/dashboard-file.ts';
import { BUILT_IN_QUERIES } from '../../src-shared/notebook/library.ts';
import { type ChartSpec, parseQueryFile } from '../../src-shared/notebook/query-file.ts';
import { bindFile } from '../../src-shared/notebook/query-form.ts';
import type { BoundValue } from '../../src-shared/notebook/query-params.ts';
import { toSqlParams } from '../../src-shared/notebook/sql-wire.ts';
import { type PartySource, scopeText } from '../../src-shared/text/scope-text.ts';
import { readTimeInput, type TimeZoneChoice } from '../../src-shared/time/time-text.ts';
import { bridge } from './bridge.ts';
import { useStores } from './local-ledger.ts';
import { queryKeys } from './query-keys.ts';
import { cancelledWith } from './request.ts';

/** Rows one panel shows (and puts in a report). */
export const PANEL_ROW_CAP = 1000;

export const dashboardKeys = {
  file: (profileId: string) => ['notebook', profileId, 'dashboard'] as const,
  /** Under the profile's local prefix: invalidateLocalStore reaches every panel. */
  panels: (profileId: string) => [...queryKeys.local.profile(profileId), 'dashboard'] as const,
};

export function useDashboardFile(profileId: string) {
  const file = useQuery({
    queryKey: dashboardKeys.file(profileId),
    queryFn: () => bridge().notebook.dashboard(profileId),
  });
  const read = file.data ? parseDashboard(file.data.text ?? '{"version":1}') : null;
  return { ...file, read };
}

export function useSaveDashboard(profileId: string) {
  const client = useQueryClient();
  return useMutation<NotebookSaved, unknown, { text: string; expect: string | null; overwrite?: boolean }>({
    mutationFn: (request) => bridge().notebook.saveDashboard({ profileId, ...request }),
    onSettled: () => client.invalidateQueries({ queryKey: dashboardKeys.file(profileId) }),
  });
}

/** What a panel ran: the query's name and chart, the values it bound, the rows, and when. */
export interface PanelRun {
  name: string;
  chart: ChartSpec | null;
  params: Array<{ name: string; value: string }>;
  result: SqlResult;
  ranAt: string;
}

/** A panel that could not run for a reason in the dashboard itself (not the query's SQL). */
export class PanelProblem extends Error {}

/** The store as the dashboard sees it: changes whenever a sync or forget of any of the profile's parties ends. */
export function useStoreStamp(profileId: string): string | null {
  const stores = useStores();
  if (!stores.data) return null;
  const store = stores.data.find((s) => s.profileId === profileId);
  return JSON.stringify(store?.parties.map((p) => [p.party, p.legs, p.lastSyncAt]) ?? []);
}

export async function queryTextOf(profileId: string, panel: DashboardPanel): Promise<{ text: string; ref: string }> {
  if (panel.query.kind === 'builtin') {
    const { id } = panel.query;
    const builtIn = BUILT_IN_QUERIES.find((q) => q.id === id);
    if (!builtIn) throw new PanelProblem(`The built-in query "${id}" is not in this version of the app.`);
    return { text: builtIn.text, ref: `builtin:${id}` };
  }
  const read = await bridge().notebook.read({ profileId, file: panel.query.file });
  return { text: read.text, ref: read.file };
}

export function usePanelRun(
  profileId: string,
  panel: DashboardPanel,
  /** `from`: whether a lake is open, so the report names the parties it ran over as the screen does. */
  options: { party: string; zone: TimeZoneChoice; stamp: string | null; from: PartySource },
) {
  return useQuery<PanelRun>({
    queryKey: [
      ...dashboardKeys.panels(profileId),
      panel.id,
      JSON.stringify(panel),
      options.party,
      options.zone,
      options.stamp,
      options.from,
    ],
    enabled: options.stamp !== null,
    retry: false,
    queryFn: async ({ signal }) => {
      const { text } = await queryTextOf(profileId, panel);
      const file = parseQueryFile(text);
      const bound = bindFile(file, panel.params, options.party, options.zone);
      if (!bound.ok) {
        const fields = Object.entries(bound.fields).map(([name, message]) => `{{${name}}}: ${message}`);
        const lines = bound.problems.map((p) => `line ${p.line}: ${p.message}`);
        throw new PanelProblem(`The panel cannot run: ${[...fields, ...lines].join('; ')}`);
      }
      return cancelledWith(signal, 'db', async (requestId) => {
        const result = await bridge().local.sql({
          requestId,
          profileId,
          sql: bound.text,
          rowCap: PANEL_ROW_CAP,
          ...(bound.params.length > 0 ? { params: toSqlParams(bound.params) } : {}),
          ...(panel.scope ? { scope: panel.scope } : {}),
        });
        return {
          name: file.header.name || (panel.query.kind === 'file' ? panel.query.file : panel.query.id),
          chart: file.header.chart ?? null,
          params: [
            // The parties it read, first: a report of the dashboard says over whom each panel ran.
            ...(panel.scope ? [{ name: 'parties', value: scopeText(panel.scope, options.from) }] : []),
            ...bound.names.map((name, i) => ({ name, value: paramText(bound.params[i]) })),
          ],
          result,
          ranAt: new Date().toISOString(),
        };
      });
    },
  });
}

/** A bound value as the report and the panel show it: the text that was read, exact. */
function paramText(value: BoundValue): string {
  if (value.type === 'VARCHAR') return value.value;
  return value.type === 'TIMESTAMP' ? value.iso : value.text;
}

/**
 * Adds a panel for a query to the folder's dashboard.json (created when there is none). The values
 * are the form's, times written as UTC instants so the panel means the same in every zone. A file
 * changed on disk between the read and the write is read again once; a file that is not a dashboard
 * is never saved over.
 */
export async function pinToDashboard(
  profileId: string,
  pin: { query: QueryRef; view: 'chart' | 'table'; params: Record<string, string>; scope?: SqlScope },
): Promise<{ panels: number }> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const current = await bridge().notebook.dashboard(profileId);
    const read = current.text === null ? null : parseDashboard(current.text);
    const refusal = read ? writeRefusal(read) : null;
    if (refusal) throw new PanelProblem(`${refusal} Nothing was pinned.`);
    const dashboard = read?.dashboard ?? { ...EMPTY_DASHBOARD, panels: [] };
    if (dashboard.panels.length >= DASHBOARD_LIMITS.panels) {
      throw new PanelProblem(
        `The dashboard has ${DASHBOARD_LIMITS.panels} panels, its most: remove one first. Nothing was pinned.`,
      );
    }
    const next = { ...dashboard, panels: [...dashboard.panels, { id: nextPanelId(dashboard), ...pin }] };
    const saved = await bridge().notebook.saveDashboard({
      profileId,
      text: writeDashboard(next),
      expect: current.version,
    });
    if (saved.ok) return { panels: next.panels.length };
  }
  throw new PanelProblem('dashboard.json kept changing on disk while pinning: try again.');
}

/**
 * Why the app may not write a dashboard file it read, or null. It writes what it read back, so a
 * file with parts it could not read (a panel left out, a value ignored) would lose them: the user
 * fixes those by hand first. A file that is not a dashboard at all is never written over.
 */
export function writeRefusal(read: DashboardRead): string | null {
  if (!read.readable) return `dashboard.json is not a dashboard this app can read (${read.problems[0]}).`;
  if (read.problems.length > 0) {
    return `dashboard.json has parts this app cannot read (${read.problems[0]}${read.problems.length > 1 ? `, and ${read.problems.length - 1} more` : ''}); writing it would drop them, so fix them by hand first.`;
  }
  return null;
}

/** The form's values as a panel keeps them: each time read in the form's zone and written as a UTC instant. */
export function pinnedValues(
  fields: ReadonlyArray<{ name: string; type: string }>,
  values: Readonly<Record<string, string>>,
  zone: TimeZoneChoice,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined) continue;
    if (field.type === 'time') {
      const read = readTimeInput(value, zone);
      out[field.name] = read.ok ? read.iso : value;
    } else out[field.name] = value;
  }
  return out;
}

/** Asks main to write the dashboard as a case report (HTML); null: the save dialog was cancelled. */
export function saveDashboardReport(request: DashboardReportRequest): Promise<DashboardReportSaved | null> {
  return bridge().report.dashboard(request);
}
