// A party as the report writes it: the saved label (the address book's) with the full id beside
// it, since a support case needs the exact id to quote, and a label alone can be ambiguous.
import type { PartyLabels } from '../local-ledger/export/csv.ts';
import { esc } from './html-text.ts';

/** Saved parties -> label: the exports' own map (local-ledger/export/csv.ts labelsOf; labels are stored trimmed). */
export type Labels = PartyLabels;

/** A party cell: label (if saved) over the full id; null as a dash. */
export function partyHtml(party: string | null, labels: Labels): string {
  if (party === null || party === '') return '<span class="muted">—</span>';
  const label = labels.get(party);
  const id = `<code class="party-id">${esc(party)}</code>`;
  return label ? `<span class="label">${esc(label)}</span><br>${id}` : id;
}

/** A party in running text: "Label (id)" or the id. */
export function partyText(party: string, labels: Labels): string {
  const label = labels.get(party);
  return label
    ? `<strong>${esc(label)}</strong> <code class="party-id">${esc(party)}</code>`
    : `<code class="party-id">${esc(party)}</code>`;
}
