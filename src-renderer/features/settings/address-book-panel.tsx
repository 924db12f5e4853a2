// Settings: the address book. Every saved party with its label, colour tag and note, edited inline
// (one entry at a time), removed, added; import and export as CSV. The palette and the menu reach
// it through the 'settings:address-book' action. docs/address-book.md
import { useRef, useState } from 'react';
import { usePartyBook } from '../../data/party-book.ts';
import { useSavedPartyMutations } from '../../data/settings.ts';
import { useAppAction } from '../../ui/app-action.ts';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { shortenParty } from '../../ui/party-format.ts';
import { PartyTag } from '../../ui/party-id.tsx';
import { AddressBookCsvControls } from './address-book-csv-controls.tsx';
import { PartyEntryForm } from './party-entry-form.tsx';

/** The entry being edited: a party id, 'new' for the add form, null for none. */
type Editing = string | 'new' | null;

export function AddressBookPanel() {
  const { entries } = usePartyBook();
  const { remove } = useSavedPartyMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const panel = useRef<HTMLElement>(null);
  useAppAction('settings:address-book', () => {
    panel.current?.scrollIntoView?.({ block: 'start' });
    panel.current?.querySelector<HTMLElement>('button, input, select, textarea')?.focus();
  });
  const sorted = [...entries].sort((a, b) => (a.label || a.party).localeCompare(b.label || b.party));

  return (
    <section ref={panel} id="address-book" className="panel address-book" aria-labelledby="address-book-heading">
      <h2 id="address-book-heading">Address book</h2>
      <p className="muted">
        A saved party shows its label wherever it appears (tables, details, summaries, exports); the full id stays on
        hover and Copy copies it.
      </p>
      <AddressBookCsvControls />
      {editing === 'new' ? (
        <PartyEntryForm entry={null} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" onClick={() => setEditing('new')}>
          Add a party…
        </button>
      )}
      {sorted.length === 0 ? (
        <p className="muted">
          No saved parties yet: save one from the Transfers filters, add one here, or import a CSV.
        </p>
      ) : (
        <ul className="address-book-list" aria-label="Saved parties">
          {sorted.map((p) => (
            <li key={p.party}>
              {editing === p.party ? (
                <PartyEntryForm entry={p} onDone={() => setEditing(null)} />
              ) : (
                <div className="address-book-entry">
                  <span className="party-label" title={p.party}>
                    <PartyTag colour={p.colour} />
                    {p.label || <span className="muted">(no label)</span>}
                  </span>
                  <span className="mono muted" title={p.party}>
                    {shortenParty(p.party)}
                  </span>
                  <CopyButton text={p.party} label={`the id of ${p.label || shortenParty(p.party)}`} />
                  {p.note && <span className="address-book-note">{p.note}</span>}
                  <span className="address-book-actions">
                    <button type="button" onClick={() => setEditing(p.party)} aria-label={`Edit ${p.label || p.party}`}>
                      Edit
                    </button>
                    <button
                      type="button"
                      onClick={() => remove.mutate(p.party)}
                      disabled={remove.isPending}
                      aria-label={`Remove ${p.label || p.party}`}
                    >
                      Remove
                    </button>
                  </span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {remove.error && <ErrorMessage error={remove.error} />}
    </section>
  );
}
