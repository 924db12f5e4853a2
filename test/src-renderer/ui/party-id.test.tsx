// A party id is shown short, with the whole id in its tooltip and on the clipboard.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PartyId } from '../../../src-renderer/ui/party-id.tsx';
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
});
