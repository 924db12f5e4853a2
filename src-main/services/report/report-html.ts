// The case report as ONE self-contained HTML document: inline CSS (allowed by its hash), inline
// SVG charts, no script, no external resource, every value escaped. What goes in is what main
// decided may: the profile's name (never its URLs or secrets), saved labels, the request's data.
import type { NodeComparison } from '../../../src-shared/contract/node-compare.ts';
import type { TransferFilters, TransferLeg } from '../../../src-shared/contract/transfers.ts';
import { formatViewLink } from '../../../src-shared/links/view-link.ts';
import { count, esc, plural } from './html-text.ts';
import { flowChartSvg } from './report-chart.ts';
import { comparisonSection } from './report-comparison.ts';
import { type DefaultNode, filterRows, nodeText } from './report-filters.ts';
import { type Labels, partyText } from './report-labels.ts';
import { instrumentHtml, legsTable } from './report-legs.ts';
import { factsList, reportDocument } from './report-style.ts';
import { summarize } from './report-summary.ts';

export interface CaseReportModel {
  /** The profile's id: the view's link names it (never its URLs). */
  profileId: string;
  profileName: string;
  defaultNode: DefaultNode;
  filters: TransferFilters;
  view: { mode: 'page' | 'all'; page: number };
  legs: readonly TransferLeg[];
  legsShown: number;
  queryTime: string;
  comparison: NodeComparison | null;
  labels: Labels;
  generatedAt: string;
  appVersion: string;
}

export function caseReportHtml(m: CaseReportModel): string {
  const summary = summarize(m.legs);
  const party = m.labels.get(m.filters.party);
  const title = `Case report: ${party ?? m.filters.party}`;
  const scope = m.view.mode === 'all' ? 'every page (Load all)' : `page ${count(m.view.page)}`;
  const cut = m.legsShown > m.legs.length;
  const facts: Array<[string, string]> = [
    ['Profile', esc(m.profileName)],
    ['Party', partyText(m.filters.party, m.labels)],
    ['Node', nodeText(m.filters.nodeId, m.defaultNode)],
    [
      'Query time',
      `${esc(m.queryTime)} <span class="muted">(when the results shown were read from the service)</span>`,
    ],
    [
      'Results shown',
      `${plural(m.legsShown, 'leg')} on ${scope}${cut ? `; the first ${count(m.legs.length)} are listed below` : ''}`,
    ],
    ['Report written', `${esc(m.generatedAt)} by Ledger Explorer ${esc(m.appVersion)}`],
    [
      'This view',
      `<code class="view-link">${esc(formatViewLink({ kind: 'transfers', profile: m.profileId, filters: m.filters, source: 'live' }))}</code>` +
        ' <span class="muted">(paste it into Ledger Explorer’s command palette, Ctrl/Cmd+K, to open the same view)</span>',
    ],
  ];
  return reportDocument({
    title,
    facts,
    body: `<section><h2>Filters</h2>${factsList(filterRows(m.filters, m.labels, m.defaultNode))}</section>
${summarySection(summary)}
<section><h2>Legs</h2>${
      m.legs.length === 0
        ? '<p>No legs for these filters.</p>'
        : legsTable(
            m.legs,
            m.labels,
            cut
              ? `The first ${count(m.legs.length)} of ${count(m.legsShown)} legs shown, in the order on screen`
              : `${plural(m.legs.length, 'leg')}, in the order on screen`,
          )
    }</section>
${comparisonSection(m.comparison, m.filters, m.labels)}`,
    footer:
      'Amounts are exactly as the service wrote them. Times are as the service wrote them (effectiveAt), charts by UTC day. This file holds no API key, token or service address.',
  });
}

function summarySection(summary: ReturnType<typeof summarize>): string {
  if (summary.legs === 0) return '<section><h2>Summary</h2><p>No legs, so no totals.</p></section>';
  const span = summary.firstEffectiveAt
    ? `from ${esc(summary.firstEffectiveAt)} to ${esc(summary.lastEffectiveAt)}`
    : 'no effective times';
  const rows = summary.instruments
    .map(
      (i) =>
        `<tr><td>${instrumentHtml({ symbol: i.symbol, instrumentId: i.id, instrumentAdmin: i.admin })}</td><td class="num">${count(i.legs)}</td>` +
        `<td class="amount">${esc(i.totalIn)}</td><td class="amount">${esc(i.totalOut)}</td><td class="amount">${esc(i.net)}</td></tr>`,
    )
    .join('\n');
  const charts = summary.instruments
    .slice(0, 6)
    .map((i) => {
      const name = i.symbol ?? i.id ?? '(no instrument id)';
      const svg = flowChartSvg(i, name);
      return svg ? `<figure><h3>${esc(name)}: net flow per day</h3>${svg}</figure>` : '';
    })
    .join('\n');
  return [
    '<section><h2>Summary</h2>',
    `<p>${plural(summary.legs, 'leg')} ${span}.</p>`,
    '<table class="totals"><caption>Totals per instrument (exact)</caption><thead><tr><th scope="col">Instrument</th><th scope="col">Legs</th><th scope="col">Total in</th><th scope="col">Total out</th><th scope="col">Net</th></tr></thead>',
    `<tbody>${rows}</tbody></table>`,
    charts,
    summary.instruments.length > 6 ? `<p class="muted">Charts for the 6 instruments with the most legs.</p>` : '',
    '</section>',
  ].join('\n');
}
