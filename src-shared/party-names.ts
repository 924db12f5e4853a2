// A party by name, where a person types one instead of a 70-character id (the CLI's --party): the
// names the app shows for parties (the command palette and the party choices list them the same way)
// are the address book's labels and the profile's own parties' names (the sandbox's, e.g.
// "exchange-north"); the part of an id before "::" names it too. A full id is taken as it is.
// Names match whole and case-insensitively, never by prefix: a scheduled job must not pick a
// different party the day a similar name is added; an ambiguous name lists the candidates.

/** A party the profile knows, with the names it goes by. */
export interface NamedParty {
  party: string;
  /** The address book's label, else the profile's name for it, else the id's readable part. */
  name: string;
  /** Where the name comes from, for a list a person reads. */
  source: 'address book' | 'profile';
}

/** The id's readable part ("exchange-north" of "exchange-north::1220…"). */
export function partyHint(party: string): string {
  return party.split('::')[0];
}

/** The parties a profile knows by name: the address book's first (by label), then the profile's own, each once. */
export function namedParties(
  saved: ReadonlyArray<{ party: string; label: string }>,
  known: ReadonlyArray<{ party: string; name: string }>,
): NamedParty[] {
  const out: NamedParty[] = saved.map((p) => ({
    party: p.party,
    name: p.label.trim() || partyHint(p.party),
    source: 'address book',
  }));
  const seen = new Set(out.map((p) => p.party));
  for (const p of known) {
    if (seen.has(p.party)) continue;
    seen.add(p.party);
    out.push({ party: p.party, name: p.name, source: 'profile' });
  }
  return out;
}

export type FoundParty = { ok: true; party: string } | { ok: false; message: string };

/** How many names a message lists before "and N more". */
const LISTED = 12;

/**
 * `text` as a party: a full id (it has "::") as it is; else the one known party whose name (or id's
 * readable part) is `text`, ignoring case. `where` names the place ("the sandbox profile").
 */
export function findParty(text: string, parties: readonly NamedParty[], where: string): FoundParty {
  const wanted = text.trim();
  if (wanted.includes('::')) return { ok: true, party: wanted };
  if (wanted === '') return { ok: false, message: 'a party id or a party name is needed' };
  const key = wanted.toLowerCase();
  const matches = parties.filter((p) => p.name.toLowerCase() === key || partyHint(p.party).toLowerCase() === key);
  const distinct = [...new Map(matches.map((p) => [p.party, p])).values()];
  if (distinct.length === 1) return { ok: true, party: distinct[0].party };
  if (distinct.length > 1) {
    return {
      ok: false,
      message: `"${wanted}" names ${distinct.length} parties in ${where}: give the full id of one of\n${list(distinct)}`,
    };
  }
  if (parties.length === 0) {
    return {
      ok: false,
      message: `no party is named "${wanted}" in ${where} (it knows no names: give a full party id, name::1220…)`,
    };
  }
  return { ok: false, message: `no party is named "${wanted}" in ${where}; the names it knows:\n${list(parties)}` };
}

function list(parties: readonly NamedParty[]): string {
  const shown = parties
    .slice(0, LISTED)
    .map((p) => `  ${p.name}  ${p.party}${p.source === 'address book' ? '  (address book)' : ''}`);
  if (parties.length > LISTED) shown.push(`  … and ${parties.length - LISTED} more`);
  return shown.join('\n');
}
