// Saving a party: the label is checked with the schema main applies before anything is sent, and
// a refused label is said at the label field with what was typed still there.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PartyPicker } from '../../../../../src-renderer/features/transfers/filters/party-picker.tsx';
import { ALICE } from '../../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

function errorOf(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const alert = ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert');
  return alert?.textContent ?? null;
}

describe('PartyPicker: the label for saving', () => {
  it.each([
    ['a tab', 'desk\t2'],
    ['an escape sequence', '\u001b[31mred'],
  ])('refuses a label with %s at the field, sends nothing and keeps the text', async (_name, typed) => {
    const { user, bridge } = renderWithApp(
      <PartyPicker profileId="sandbox" value={ALICE} error={undefined} onChange={() => {}} />,
    );
    const label = await screen.findByLabelText('Label for saving');
    // Pasted text (typing cannot put a control character into the field).
    fireEvent.change(label, { target: { value: typed } });
    await user.click(screen.getByRole('button', { name: 'Save this party' }));

    expect(errorOf(label)).toBe('a label cannot contain control characters (a tab or line break?)');
    expect(label.getAttribute('aria-invalid')).toBe('true');
    expect(bridge.settings.saveParty).not.toHaveBeenCalled();
    expect((label as HTMLInputElement).value).toBe(typed);
  });

  it('a good label is sent trimmed and the message goes once the label is edited', async () => {
    const { user, bridge } = renderWithApp(
      <PartyPicker profileId="sandbox" value={ALICE} error={undefined} onChange={() => {}} />,
    );
    const label = await screen.findByLabelText('Label for saving');
    fireEvent.change(label, { target: { value: 'desk\t2' } });
    await user.click(screen.getByRole('button', { name: 'Save this party' }));
    expect(errorOf(label)).not.toBeNull();

    fireEvent.change(label, { target: { value: '  desk  ' } });
    expect(errorOf(label)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save this party' }));

    await vi.waitFor(() => expect(bridge.settings.saveParty).toHaveBeenCalledWith({ party: ALICE, label: 'desk' }));
  });
});
