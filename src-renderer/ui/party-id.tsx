// A party as every screen shows it: the address book's label (with its colour tag) when the party
// is saved, the short id otherwise. The full id is always on hover and on keyboard focus in a table
// (ui/full-text-tip.ts), and Copy or Ctrl+C copies the full id (a label is for reading; a case
// needs the exact id). docs/address-book.md
import { type PartyBook, usePartyBook } from '../data/party-book.ts';
import { CopyButton } from './copy-button.tsx';
import { shortenParty } from './party-format.ts';
import './party-tag.css';

/** The words for a party in running text or an <option>: its label, else its short id. */
export function partyText(book: PartyBook, party: string): string {
  return book.labelOf(party) ?? shortenParty(party);
}

/** The hover text: the full id, then the note when the address book has one. */
export function partyTitle(book: PartyBook, party: string): string {
  const note = book.lookup(party)?.note;
  return note ? `${party}\n${note}` : party;
}

/** The colour dot of a saved party (nothing for 'none'); the label beside it says the same in words. */
export function PartyTag({ colour }: { colour: string | undefined }) {
  if (!colour || colour === 'none') return null;
  return <span className={`party-tag party-tag-${colour}`} aria-hidden="true" />;
}

/**
 * Label (tag + words) or short id, the full id on hover (`hover` replaces that text, for a control
 * that says what it does, still naming the full id). `mono` is kept for ids, not for labels.
 */
export function PartyName({ party, className, hover }: { party: string; className?: string; hover?: string }) {
  const book = usePartyBook();
  const entry = book.lookup(party);
  const label = entry?.label || undefined;
  const shown = label ?? shortenParty(party);
  return (
    <span
      className={[label ? 'party-label' : 'mono', className].filter(Boolean).join(' ')}
      title={hover ?? partyTitle(book, party)}
      data-party={party}
      // What keyboard focus shows and a copy takes (ui/full-text-tip.ts): the full id.
      data-full-text={shown === party ? undefined : party}
    >
      <PartyTag colour={entry?.colour} />
      {shown}
    </span>
  );
}

/** Beside a full id: the saved label (tag, words, note on hover), nothing for an unsaved party. */
export function SavedPartyLabel({ party }: { party: string }) {
  const entry = usePartyBook().lookup(party);
  if (!entry?.label) return null;
  return (
    <span className="party-label detail-label" title={entry.note || undefined}>
      <PartyTag colour={entry.colour} />
      {entry.label}
    </span>
  );
}

/** A party shown by name with a button that copies the full id. */
export function PartyId({ party, copy = true }: { party: string; copy?: boolean }) {
  const book = usePartyBook();
  return (
    <span className="party-id">
      <PartyName party={party} />
      {copy && <CopyButton text={party} label={partyText(book, party)} />}
    </span>
  );
}
