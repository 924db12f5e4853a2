// The legs table: every one of the 12 fields the service sent, amounts exactly as written.
import type { TransferLeg } from '../../../src-shared/contract/transfers.ts';
import { cell, count, esc } from './html-text.ts';
import { type Labels, partyHtml } from './report-labels.ts';

export function legsTable(legs: readonly TransferLeg[], labels: Labels, caption: string): string {
  const rows = legs.map(
    (leg, i) =>
      `<tr><td class="num">${count(i + 1)}</td><td>${cell(leg.effectiveAt)}</td><td>${leg.isIncoming ? 'in' : 'out'}</td>` +
      `<td class="amount">${cell(leg.amount)}</td><td>${instrumentHtml(leg)}</td>` +
      `<td>${partyHtml(leg.counterparty, labels)}</td><td>${partyHtml(leg.senderParty, labels)}</td>` +
      `<td>${partyHtml(leg.receiverParty, labels)}</td><td>${cell(leg.status)}</td><td><code>${cell(leg.updateId)}</code></td></tr>`,
  );
  return [
    '<table class="legs">',
    `<caption>${esc(caption)}</caption>`,
    '<thead><tr><th scope="col">#</th><th scope="col">Effective at</th><th scope="col">Direction</th><th scope="col">Amount</th>',
    '<th scope="col">Instrument</th><th scope="col">Counterparty</th><th scope="col">Sender</th><th scope="col">Receiver</th>',
    '<th scope="col">Status</th><th scope="col">Update id</th></tr></thead>',
    `<tbody>${rows.join('\n')}</tbody>`,
    '</table>',
  ].join('\n');
}

/** Symbol (or id), then the id, admin and decimals (a leg's; a total has none) in small print. */
export function instrumentHtml(
  leg: Pick<TransferLeg, 'symbol' | 'instrumentId' | 'instrumentAdmin'> & { decimals?: number | null },
): string {
  const name = leg.symbol ?? leg.instrumentId;
  return [
    name === null ? '<span class="muted">—</span>' : `<strong>${esc(name)}</strong>`,
    `<br><small>id ${cell(leg.instrumentId)} · admin <code class="party-id">${cell(leg.instrumentAdmin)}</code>${leg.decimals === undefined ? '' : ` · decimals ${cell(leg.decimals)}`}</small>`,
  ].join('');
}
