// A dashboard as ONE self-contained HTML document, the way the transfers' case report is written
// (report-html.ts): inline CSS allowed by its hash, no script, no external resource, every value
// escaped. Each panel: its title, the query and the values it ran with, when it ran, its chart (as
// inline SVG, drawn from the rows) and its rows, exactly as on screen.
import type { DashboardReportInput, DashboardReportPanel } from '../../../src-shared/contract/dashboard-report.ts';
import { cell, count, esc, plural } from './html-text.ts';
import { factsList, reportDocument } from './report-style.ts';

export interface DashboardReportModel {
  request: DashboardReportInput;
  profileName: string;
  generatedAt: string;
  appVersion: string;
  /** The panel's chart as inline SVG, checked ('' when it has none). */
  chartSvg: (panel: DashboardReportPanel) => string;
}

export function dashboardReportHtml(m: DashboardReportModel): string {
  const { request } = m;
  const title = `Dashboard: ${request.title}`;
  const facts: Array<[string, string]> = [
    ['Profile', esc(m.profileName)],
    ['Panels', count(request.panels.length)],
    ['Report written', `${esc(m.generatedAt)} by Ledger Explorer ${esc(m.appVersion)}`],
  ];
  return reportDocument({
    title,
    facts,
    body:
      request.panels.length === 0
        ? '<p>This dashboard has no panels.</p>'
        : request.panels.map((p) => panelSection(p, m)).join('\n'),
    footer:
      'Values are exactly as the local store computed them (amounts as exact decimal text). Times are UTC unless a column says otherwise. This file holds no API key, token or service address.',
  });
}

function panelSection(p: DashboardReportPanel, m: DashboardReportModel): string {
  const facts: Array<[string, string]> = [['Query', `${esc(p.queryName)} <code>${esc(p.queryRef)}</code>`]];
  for (const param of p.params) facts.push([`{{${param.name}}}`, `<code>${esc(param.value)}</code>`]);
  // A running panel is never "not run": it is said to be running, with its last answer if it had one.
  const running = p.state === 'running';
  facts.push([
    'Ran',
    p.ranAt
      ? `${esc(p.ranAt)}${running ? ' (running again when this report was written)' : ''}`
      : running
        ? '<span class="muted">still running when this report was written</span>'
        : '<span class="muted">not run</span>',
  ]);
  if (p.state === 'error') {
    return `<section><h2>${esc(p.title)}</h2>${factsList(facts)}<p class="warning">${esc(p.error ?? 'The query failed.')}</p></section>`;
  }
  if (p.state === 'not-run') return `<section><h2>${esc(p.title)}</h2>${factsList(facts)}<p>Not run.</p></section>`;
  if (running && !p.ranAt)
    return `<section><h2>${esc(p.title)}</h2>${factsList(facts)}<p class="warning">Still running when this report was written: its rows are not in it. Save the report again once the panel has run.</p></section>`;
  const cut = p.rowCount > p.rows.length || p.truncated;
  facts.push([
    'Rows',
    `${plural(p.rowCount, 'row')}${p.truncated ? ' or more (the query’s row cap)' : ''}${cut ? `; the first ${count(p.rows.length)} are listed` : ''}`,
  ]);
  const svg = m.chartSvg(p);
  const numeric = p.columns.map((c) =>
    /^(DECIMAL|HUGEINT|BIGINT|INTEGER|SMALLINT|TINYINT|UBIGINT|UINTEGER|DOUBLE|FLOAT)/.test(c.type),
  );
  const head = p.columns.map((c) => `<th scope="col">${esc(c.name)}</th>`).join('');
  const body = p.rows
    .map((row) => `<tr>${row.map((v, i) => `<td${numeric[i] ? ' class="num"' : ''}>${cell(v)}</td>`).join('')}</tr>`)
    .join('\n');
  return [
    `<section><h2>${esc(p.title)}</h2>${factsList(facts)}`,
    running
      ? `<p class="warning">Running again when this report was written: the rows below are from its run at ${esc(p.ranAt ?? '')}.</p>`
      : '',
    svg ? `<figure>${svg}</figure>` : '',
    p.rows.length === 0
      ? '<p>No rows.</p>'
      : `<table class="legs"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`,
    '</section>',
  ].join('\n');
}
