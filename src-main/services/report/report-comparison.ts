// The node comparison section, when one was run for these filters: per node its state, legs and
// newest effectiveAt, then the legs some reachable nodes have and others lack.
import type { NodeComparison } from '../../../src-shared/contract/node-compare.ts';
import type { TransferFilters } from '../../../src-shared/contract/transfers.ts';
import { cell, count, esc, plural } from './html-text.ts';
import { type Labels, partyHtml } from './report-labels.ts';

const STATE: Record<NodeComparison['nodes'][number]['state'], string> = {
  reachable: 'Reachable',
  starting: 'Starting (503 start-up)',
  quarantined: 'Quarantined (503)',
  unreachable: 'Unreachable',
  error: 'Error',
};

export function comparisonSection(comparison: NodeComparison | null, filters: TransferFilters, labels: Labels): string {
  if (!comparison) return '<section><h2>Node comparison</h2><p class="muted">Not run for this view.</p></section>';
  const sameFilters =
    JSON.stringify({ ...comparison.filters, nodeId: null }) === JSON.stringify({ ...filters, nodeId: null });
  const nodes = comparison.nodes
    .map(
      (n) =>
        `<tr data-state="${esc(n.state)}"><th scope="row"><code>${esc(n.nodeId)}</code></th><td>${esc(STATE[n.state] ?? n.state)}${n.detail ? `<br><small>${esc(n.detail)}</small>` : ''}</td>` +
        `<td class="num">${n.legs === null ? '<span class="muted">—</span>' : count(n.legs)}${n.truncated ? ' (cut at the cap)' : ''}</td>` +
        `<td>${cell(n.newestEffectiveAt)}</td><td class="num">${count(Math.round(n.elapsedMs))} ms</td></tr>`,
    )
    .join('\n');
  const differences = comparison.differences
    .map(
      (d) =>
        `<tr><td><code>${cell(d.leg.updateId)}</code></td><td>${cell(d.leg.effectiveAt)}</td><td class="amount">${cell(d.leg.amount)} ${esc(d.leg.symbol ?? d.leg.instrumentId ?? '')}</td>` +
        `<td>${partyHtml(d.leg.senderParty, labels)}</td><td>${partyHtml(d.leg.receiverParty, labels)}</td>` +
        `<td>${d.presentOn.map((n) => `<code>${esc(n)}</code>`).join(', ')}</td><td>${d.missingOn.map((n) => `<code>${esc(n)}</code>`).join(', ')}</td></tr>`,
    )
    .join('\n');
  const listed = comparison.differences.length;
  return [
    '<section id="node-comparison"><h2>Node comparison</h2>',
    `<p>Run at ${esc(comparison.ranAt)} on ${plural(comparison.nodes.length, 'node')}; legs compared on all 12 fields, at most ${count(comparison.legCap)} legs read per node.</p>`,
    sameFilters
      ? ''
      : '<p class="warning">The comparison ran for other filters than the report’s view (node aside).</p>',
    '<table><caption>Per node</caption><thead><tr><th scope="col">Node</th><th scope="col">State</th><th scope="col">Legs</th><th scope="col">Newest effective at</th><th scope="col">Time taken</th></tr></thead>',
    `<tbody>${nodes}</tbody></table>`,
    comparison.differenceCount === 0
      ? '<p>No differences: every reachable node has the same legs.</p>'
      : [
          `<table class="differences"><caption>${plural(comparison.differenceCount, 'leg')} present on one node but not another${listed < comparison.differenceCount ? ` (the first ${count(listed)} listed)` : ''}</caption>`,
          '<thead><tr><th scope="col">Update id</th><th scope="col">Effective at</th><th scope="col">Amount</th><th scope="col">Sender</th><th scope="col">Receiver</th><th scope="col">Present on</th><th scope="col">Missing on</th></tr></thead>',
          `<tbody>${differences}</tbody></table>`,
        ].join('\n'),
    '</section>',
  ].join('\n');
}
