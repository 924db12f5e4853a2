// A dashboard as a file (docs/notebook.md, "Dashboards"): `dashboard.json` beside the query files
// in the notebook's folder, so a team keeps it in git with the queries it shows. Each panel names a
// query (a file of the folder, or a built-in one), the parameter values it runs with and whether it
// shows the chart or the table. Reading never throws: a malformed file gives problems that say where,
// the panels that were readable, and `readable: false` when nothing could be used (the app then
// refuses to overwrite it, so a hand-edited file with a typo is never lost). Pure: no Node, no DOM.
import { fileNameProblem } from '../contract/notebook.ts';
import { SqlScope } from '../contract/party-scope.ts';
import { PARAM_NAME } from './query-params.ts';

export const DASHBOARD_FILE = 'dashboard.json';

export const DASHBOARD_LIMITS = {
  /** Characters in the whole file. */
  fileChars: 256_000,
  panels: 50,
  titleChars: 200,
  /** Characters in one parameter value (the query form's own limit). */
  valueChars: 10_000,
  paramsPerPanel: 50,
} as const;

/** A panel's query: a `.sql` file directly in the folder, or `builtin:<id>` from the library. */
export type QueryRef = { kind: 'file'; file: string } | { kind: 'builtin'; id: string };

export interface DashboardPanel {
  /** Stable within the file (`p1`, `p2`…): what the screen keys a panel's state by. */
  id: string;
  query: QueryRef;
  view: 'chart' | 'table';
  /** The parameter values it runs with, as the form holds them (times as ISO instants with an offset). */
  params: Record<string, string>;
  /** Shown above the panel; the query's name when absent. */
  title?: string;
  /** The parties it reads, as the SQL tab had them when it was pinned; absent: every synced party. */
  scope?: SqlScope;
}

export interface Dashboard {
  title: string;
  panels: DashboardPanel[];
}

export interface DashboardRead {
  dashboard: Dashboard;
  /** Where and what: `panels[2].query: …`. */
  problems: string[];
  /** False: the file is not a dashboard at all (not JSON, wrong version): saving over it is refused. */
  readable: boolean;
}

export const EMPTY_DASHBOARD: Dashboard = { title: 'Dashboard', panels: [] };

/** A control character other than tab (query-file.ts's rule). */
const CONTROL = /[^\P{Cc}\t]/u;
const BUILTIN_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const PANEL_ID = /^[A-Za-z0-9_-]{1,40}$/;

/** `file.sql` or `builtin:<id>` as a reference; null when it is neither. */
export function readQueryRef(text: string): QueryRef | null {
  if (text.startsWith('builtin:')) {
    const id = text.slice('builtin:'.length);
    return BUILTIN_ID.test(id) ? { kind: 'builtin', id } : null;
  }
  // The folder's own rule for a query file's name (contract/notebook.ts): what Save accepts, a panel may name.
  return fileNameProblem(text) === null ? { kind: 'file', file: text } : null;
}

export function queryRefText(ref: QueryRef): string {
  return ref.kind === 'builtin' ? `builtin:${ref.id}` : ref.file;
}

export function parseDashboard(text: string): DashboardRead {
  const problems: string[] = [];
  const unreadable = (message: string): DashboardRead => ({
    dashboard: { ...EMPTY_DASHBOARD, panels: [] },
    problems: [message],
    readable: false,
  });
  if (text.length > DASHBOARD_LIMITS.fileChars) {
    return unreadable(`the file is over ${DASHBOARD_LIMITS.fileChars.toLocaleString('en-US')} characters: not read`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return unreadable(`not JSON: ${(error as Error).message}`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return unreadable('not a JSON object');
  const root = json as Record<string, unknown>;
  if (root.version !== 1) return unreadable(`"version" must be 1 (this app reads version 1 dashboards)`);
  let title = EMPTY_DASHBOARD.title;
  if (root.title !== undefined) {
    if (
      typeof root.title === 'string' &&
      root.title.trim() !== '' &&
      root.title.length <= DASHBOARD_LIMITS.titleChars &&
      !CONTROL.test(root.title)
    ) {
      title = root.title.trim();
    } else problems.push(`title: a line of text, at most ${DASHBOARD_LIMITS.titleChars} characters`);
  }
  const panels: DashboardPanel[] = [];
  const list = root.panels === undefined ? [] : root.panels;
  if (!Array.isArray(list)) {
    problems.push('panels: must be a list');
  } else {
    if (list.length > DASHBOARD_LIMITS.panels) {
      problems.push(`panels: at most ${DASHBOARD_LIMITS.panels}; the rest are left out`);
    }
    const ids = new Set<string>();
    list.slice(0, DASHBOARD_LIMITS.panels).forEach((raw, i) => {
      const at = `panels[${i}]`;
      const panel = readPanel(raw, at, problems);
      if (!panel) return;
      if (ids.has(panel.id)) {
        problems.push(`${at}.id: "${panel.id}" is used by an earlier panel; this one is left out`);
        return;
      }
      ids.add(panel.id);
      panels.push(panel);
    });
  }
  return { dashboard: { title, panels }, problems, readable: true };
}

function readPanel(raw: unknown, at: string, problems: string[]): DashboardPanel | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push(`${at}: not an object; left out`);
    return null;
  }
  const p = raw as Record<string, unknown>;
  if (typeof p.id !== 'string' || !PANEL_ID.test(p.id)) {
    problems.push(`${at}.id: letters, digits, _ or -, at most 40; the panel is left out`);
    return null;
  }
  const query = typeof p.query === 'string' ? readQueryRef(p.query) : null;
  if (!query) {
    problems.push(`${at}.query: a .sql file of the folder or builtin:<id>; the panel is left out`);
    return null;
  }
  let view: 'chart' | 'table' = 'table';
  if (p.view === 'chart' || p.view === 'table') view = p.view;
  else if (p.view !== undefined) problems.push(`${at}.view: "chart" or "table"; shown as a table`);
  const params: Record<string, string> = {};
  if (p.params !== undefined) {
    if (!p.params || typeof p.params !== 'object' || Array.isArray(p.params)) {
      problems.push(`${at}.params: an object of text values; ignored`);
    } else {
      const entries = Object.entries(p.params as Record<string, unknown>);
      if (entries.length > DASHBOARD_LIMITS.paramsPerPanel) {
        problems.push(`${at}.params: at most ${DASHBOARD_LIMITS.paramsPerPanel}; the rest are left out`);
      }
      for (const [name, value] of entries.slice(0, DASHBOARD_LIMITS.paramsPerPanel)) {
        if (!PARAM_NAME.test(name))
          problems.push(`${at}.params: "${name.slice(0, 80)}" is not a parameter name; ignored`);
        else if (typeof value !== 'string' || value.length > DASHBOARD_LIMITS.valueChars || value.includes('\0'))
          problems.push(
            `${at}.params.${name}: text without NUL, at most ${DASHBOARD_LIMITS.valueChars.toLocaleString('en-US')} characters; ignored`,
          );
        else params[name] = value;
      }
    }
  }
  const panel: DashboardPanel = { id: p.id, query, view, params };
  if (p.scope !== undefined) {
    const scope = SqlScope.safeParse(p.scope);
    if (!scope.success) {
      // Read without it, the panel would answer for other parties than the ones it names: left out.
      problems.push(
        `${at}.scope: {"kind":"all"}, {"kind":"party","party":…}, {"kind":"parties","parties":[…]} or {"kind":"portfolio","name":…}; the panel is left out`,
      );
      return null;
    }
    if (scope.data.kind !== 'all') panel.scope = scope.data;
  }
  if (p.title !== undefined) {
    if (
      typeof p.title === 'string' &&
      p.title.trim() !== '' &&
      p.title.length <= DASHBOARD_LIMITS.titleChars &&
      !CONTROL.test(p.title)
    )
      panel.title = p.title.trim();
    else
      problems.push(
        `${at}.title: a line of text, at most ${DASHBOARD_LIMITS.titleChars} characters; the query's name is shown`,
      );
  }
  return panel;
}

/** The file for a dashboard: stable key order, two-space indent, one panel per block (diffs read well in git). */
export function writeDashboard(dashboard: Dashboard): string {
  const panels = dashboard.panels.map((p) => ({
    id: p.id,
    ...(p.title !== undefined ? { title: p.title } : {}),
    query: queryRefText(p.query),
    view: p.view,
    params: Object.fromEntries(Object.entries(p.params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    ...(p.scope !== undefined ? { scope: p.scope } : {}),
  }));
  return `${JSON.stringify({ version: 1, title: dashboard.title, panels }, null, 2)}\n`;
}

/** An id not used by the dashboard's panels (`p1`, `p2`…). */
export function nextPanelId(dashboard: Dashboard): string {
  const used = new Set(dashboard.panels.map((p) => p.id));
  for (let n = 1; ; n++) if (!used.has(`p${n}`)) return `p${n}`;
}
