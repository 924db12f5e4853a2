// The one line a person reads for a view in the recent list and the palette.
import type { ViewTarget } from '../contract/views.ts';

export function viewTitle(target: ViewTarget): string {
  if (target.kind === 'chain') return `Chain ${target.chain}`;
  if (target.kind === 'rpc') {
    const what = target.batch !== undefined ? 'batch' : (target.method ?? 'console');
    return `RPC ${target.chain} (${target.nodeType}) · ${what}`;
  }
  const f = target.filters;
  const parts = [`${target.source === 'local' ? 'Local ledger' : 'Transfers'} of ${shortParty(f.party)}`];
  parts.push(f.asset.kind === 'all' ? 'all assets' : f.asset.kind === 'ledgerCoin' ? 'Canton Coin' : f.asset.id);
  if (f.effectiveAfter || f.effectiveBefore) parts.push(`${f.effectiveAfter ?? '…'} to ${f.effectiveBefore ?? '…'}`);
  if (f.nodeId) parts.push(f.nodeId);
  return parts.join(' · ');
}

/** alice::1220abcd… : the hint and the fingerprint's first hex digits, like the table shows it. */
export function shortParty(party: string): string {
  const at = party.indexOf('::');
  return at < 0 ? party : `${party.slice(0, at)}::${party.slice(at + 2, at + 10)}…`;
}
