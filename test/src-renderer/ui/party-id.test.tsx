// A party id is shown short, with the whole id in its tooltip and on the clipboard; a party in the
// address book is shown by its label and colour tag, still with the full id on hover and copy.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PartyId } from '../../../src-renderer/ui/party-id.tsx';
import { createFakeBridge } from '../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../support/render-with-app.tsx';

const PARTY = `alice::1220ab${'0'.repeat(54)}cdef`;

describe('PartyId', () => {
  it('shows the short form, the full id on hover, and copies the full id', async () => {
    const { user } = renderWithApp(<PartyId party={PARTY} />);

    const text = screen.getByText('alice::1220ab…cdef');
    expect(text.getAttribute('title')).toBe(PARTY);
    await user.click(screen.getByRole('button', { name: 'Copy alice::1220ab…cdef' }));

    expect(await navigator.clipboard.readText()).toBe(PARTY);
  });

  it('leaves out the copy button when asked', () => {
    renderWithApp(<PartyId party={PARTY} copy={false} />);

    expect(screen.getByText('alice::1220ab…cdef')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a saved party by its label and colour tag; hover has the full id and the note, Copy the full id', async () => {
    const bridge = createFakeBridge();
    await bridge.settings.saveParty({ party: PARTY, label: 'Acme treasury', colour: 'teal', note: 'calls after 9' });
    const { user } = renderWithApp(<PartyId party={PARTY} />, { bridge });

    const label = await screen.findByText('Acme treasury');
    expect(label.getAttribute('title')).toBe(`${PARTY}\ncalls after 9`);
    expect(label.querySelector('.party-tag-teal')).not.toBeNull();
    expect(screen.queryByText('alice::1220ab…cdef')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy Acme treasury' }));

    expect(await navigator.clipboard.readText()).toBe(PARTY);
  });
});
