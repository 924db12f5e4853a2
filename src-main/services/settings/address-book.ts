// settings:importParties and settings:exportParties: the address book to and from a CSV file.
// Loaded with import() on first use (main's start-up bundle has little room). docs/address-book.md
import type { AddressBookExported, AddressBookImported } from '../../../src-shared/contract/address-book.ts';
import type { SavedParty } from '../../../src-shared/contract/schemas.ts';
import { writeFileAtomic } from '../../files/atomic-write.ts';
import type { ServiceContext } from '../service-context.ts';
import { formatAddressBook, parseAddressBook } from './address-book-csv.ts';

/**
 * Good rows are saved in one settings write, bad rows are reported by line and change nothing. A
 * file with no good row does not write at all. A column the file lacks (colour, note) keeps what
 * the entry has, as a save from the party picker does.
 */
export async function importParties(ctx: ServiceContext, text: string): Promise<AddressBookImported> {
  const { rows, problems } = parseAddressBook(text);
  const counts = { added: 0, updated: 0, unchanged: 0 };
  if (rows.length === 0) return { view: ctx.settings.view(), ...counts, problems };
  const view = await ctx.settings.update((draft) => {
    // Counted inside the serialised update, so they describe exactly the change written.
    counts.added = counts.updated = counts.unchanged = 0;
    const byId = new Map(draft.savedParties.map((p) => [p.party, p]));
    for (const row of rows) {
      const before = byId.get(row.party);
      const next: SavedParty = {
        party: row.party,
        label: row.label,
        colour: row.colour ?? before?.colour ?? 'none',
        note: row.note ?? before?.note ?? '',
      };
      if (!before) counts.added++;
      else if (before.label === next.label && before.colour === next.colour && before.note === next.note) {
        counts.unchanged++;
        continue;
      } else counts.updated++;
      byId.set(row.party, next);
    }
    draft.savedParties = [...byId.values()];
  });
  return { view, ...counts, problems };
}

/** Asks where to save (null: cancelled) and writes the whole address book atomically. */
export async function exportParties(ctx: ServiceContext): Promise<AddressBookExported | null> {
  const parties = ctx.settings.settings.savedParties;
  const path = await ctx.host.chooseSavePath('address-book.csv', [{ name: 'CSV', extensions: ['csv'] }]);
  if (!path) return null;
  await writeFileAtomic(path, formatAddressBook(parties));
  await ctx.downloads?.add(path).catch(() => {});
  return { path, parties: parties.length };
}
