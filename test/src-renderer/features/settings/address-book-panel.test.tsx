// Settings' address book: the saved parties with label, colour and note; inline editing with each
// message at its field (nothing sent while a field is wrong); add, remove; CSV import with the
// rows main refused listed by line; export saying where the file went; the palette's action
// brings the panel into view with the focus in it.
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AddressBookPanel } from '../../../../src-renderer/features/settings/address-book-panel.tsx';
import { useUiStore } from '../../../../src-renderer/ui-store.ts';
import { createFakeBridge, failWith } from '../../../fixtures/fake-bridge.ts';
import { ALICE, BOB, CAROL } from '../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

async function withSaved() {
  const bridge = createFakeBridge();
  await bridge.settings.saveParty({ party: ALICE, label: 'Alice desk', colour: 'blue', note: 'line one\nline two' });
  await bridge.settings.saveParty({ party: BOB, label: '' });
  bridge.settings.saveParty.mockClear();
  return bridge;
}

describe('AddressBookPanel', () => {
  it('lists each saved party with its label, colour, short id and note', async () => {
    renderWithApp(<AddressBookPanel />, { bridge: await withSaved() });
    const list = within(await screen.findByRole('list', { name: 'Saved parties' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('Alice desk');
    expect(items[0].querySelector('.party-tag-blue')).not.toBeNull();
    expect(within(items[0]).getByText('alice::1220aa…aaaa').getAttribute('title')).toBe(ALICE);
    expect(within(items[0]).getByText(/line one\s+line two/)).toBeTruthy();
    expect(items[1].textContent).toContain('(no label)');
  });

  it('edits inline: a bad note is refused at its field and nothing is sent; a good edit is saved', async () => {
    const bridge = await withSaved();
    const { user } = renderWithApp(<AddressBookPanel />, { bridge });
    await user.click(await screen.findByRole('button', { name: 'Edit Alice desk' }));
    const form = within(screen.getByRole('form', { name: 'Edit Alice desk' }));

    const note = form.getByLabelText('Note');
    await user.clear(note);
    await user.click(note);
    await user.paste('tab\there');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(form.getByRole('alert').textContent).toBe('a note cannot contain control characters other than line breaks');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(bridge.settings.saveParty).not.toHaveBeenCalled();

    await user.clear(note);
    await user.type(note, 'new note');
    await user.clear(form.getByLabelText('Label'));
    await user.type(form.getByLabelText('Label'), 'Alice treasury');
    await user.selectOptions(form.getByLabelText('Colour tag'), 'green');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(bridge.settings.saveParty).toHaveBeenCalledExactlyOnceWith({
      party: ALICE,
      label: 'Alice treasury',
      colour: 'green',
      note: 'new note',
    });
    expect(await screen.findByText('Alice treasury')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('adds a party, refusing a bad id at the field first', async () => {
    const bridge = createFakeBridge();
    const { user } = renderWithApp(<AddressBookPanel />, { bridge });
    await user.click(await screen.findByRole('button', { name: 'Add a party…' }));
    const form = within(screen.getByRole('form', { name: 'Edit new party' }));
    await user.type(form.getByLabelText('Party id'), 'carol');
    await user.click(form.getByRole('button', { name: 'Add to the address book' }));
    expect(form.getByRole('alert').textContent).toMatch(/"::" is missing/);
    expect(bridge.settings.saveParty).not.toHaveBeenCalled();

    await user.clear(form.getByLabelText('Party id'));
    await user.type(form.getByLabelText('Party id'), CAROL);
    await user.type(form.getByLabelText('Label'), 'Carol');
    await user.click(form.getByRole('button', { name: 'Add to the address book' }));
    expect(bridge.settings.saveParty).toHaveBeenCalledExactlyOnceWith({
      party: CAROL,
      label: 'Carol',
      colour: 'none',
      note: '',
    });
    expect(await screen.findByRole('button', { name: 'Remove Carol' })).toBeTruthy();
  });

  it('removes a party', async () => {
    const bridge = await withSaved();
    const { user } = renderWithApp(<AddressBookPanel />, { bridge });
    await user.click(await screen.findByRole('button', { name: 'Remove Alice desk' }));
    expect(bridge.settings.removeParty).toHaveBeenCalledExactlyOnceWith(ALICE);
    await vi.waitFor(() => expect(screen.queryByText('Alice desk')).toBeNull());
  });

  it('imports a CSV: good rows appear, bad rows are listed by line', async () => {
    const bridge = createFakeBridge();
    const { user } = renderWithApp(<AddressBookPanel />, { bridge });
    const csv = ['party,label,colour', `${ALICE},Alice,red`, 'bob,Bob,', `${CAROL},Carol,pink`].join('\n');
    await user.upload(
      screen.getByLabelText('Address book CSV file'),
      new File([csv], 'book.csv', { type: 'text/csv' }),
    );

    expect(bridge.settings.importParties).toHaveBeenCalledExactlyOnceWith(csv);
    const problems = within(await screen.findByRole('list', { name: 'Rows not imported' }));
    expect(problems.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Line 3: party: a party id looks like name::1220… (the "::" is missing)',
      expect.stringMatching(/^Line 4: colour .*"pink" is not a colour$/),
    ]);
    expect(screen.getByRole('status').textContent).toBe(
      'Imported: 1 party added, 0 updated, 0 unchanged; 2 rows not imported.',
    );
    expect(within(screen.getByRole('list', { name: 'Saved parties' })).getByText('Alice')).toBeTruthy();
  });

  it('exports and says where the file went; a refusal from main is shown', async () => {
    const bridge = await withSaved();
    const { user } = renderWithApp(<AddressBookPanel />, { bridge });
    await user.click(await screen.findByRole('button', { name: 'Export CSV…' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Saved 2 parties to /tmp/address-book.csv'),
    );

    failWith(bridge.settings.exportParties, 'internal', 'disk full');
    await user.click(screen.getByRole('button', { name: 'Export CSV…' }));
    expect((await screen.findByText(/disk full/)).closest('[role="alert"]')?.textContent).toMatch(
      /could not be exported/,
    );
  });

  it("answers the 'settings:address-book' action: the panel's first control gets the focus", async () => {
    renderWithApp(<AddressBookPanel />, { bridge: await withSaved() });
    await screen.findByRole('list', { name: 'Saved parties' });
    act(() => useUiStore.getState().requestAction('settings:address-book'));
    expect(document.activeElement?.textContent).toBe('Import CSV…');
  });
});
