// Canton party ids are `<hint>::1220<64 hex>`: far too long for a table cell, yet the hint alone
// is ambiguous (two namespaces can both have an "alice"). The short form keeps the hint and both
// ends of the fingerprint, enough to tell parties apart at a glance; the full id is always copyable.

const HINT_MAX = 24;

export function shortenParty(party: string): string {
  const at = party.lastIndexOf('::');
  if (at < 0) return party.length > 24 ? `${party.slice(0, 12)}…${party.slice(-6)}` : party;
  let hint = party.slice(0, at);
  const fingerprint = party.slice(at + 2);
  if (hint.length > HINT_MAX) hint = `${hint.slice(0, HINT_MAX - 1)}…`;
  const shortPrint = fingerprint.length > 12 ? `${fingerprint.slice(0, 6)}…${fingerprint.slice(-4)}` : fingerprint;
  return `${hint}::${shortPrint}`;
}
