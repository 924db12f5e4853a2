// Where the party comes from: typed (with the short form shown once it is a valid id), a saved
// party, or one the profile's ledger JWT names. Saving and forgetting go through main.
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PartyPicker } from '../../../../../src-renderer/features/transfers/filters/party-picker.tsx';
import { createFakeBridge, failWith, SAMPLE_PARTIES } from '../../../../fixtures/fake-bridge.ts';
import { ALICE, BOB, CAROL } from '../../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

function Picker({ initial = '' }: { initial?: string }) {
  const [party, setParty] = useState(initial);
  return <PartyPicker profileId="sandbox" value={party} error={undefined} onChange={setParty} />;
}

const partyInput = () => screen.getByLabelText('Party id') as HTMLInputElement;

describe('PartyPicker', () => {
  it('shows the short form of a valid id, and asks for the full id otherwise', async () => {
    const { user } = renderWithApp(<Picker />);
    expect(screen.getByText('name::1220… — paste the full id')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save this party' }) as HTMLButtonElement).disabled).toBe(true);

    await user.type(partyInput(), ALICE);

    expect(screen.getByTitle(ALICE).textContent).toBe('alice::1220aa…aaaa');
    expect((screen.getByRole('button', { name: 'Save this party' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('saves a party with its label through main, then offers to forget it', async () => {
    const { bridge, user } = renderWithApp(<Picker initial={BOB} />);
    expect(await screen.findByRole('option', { name: 'No saved parties yet' })).toBeTruthy();

    await user.type(screen.getByLabelText('Label for saving'), '  Bob at Acme ');
    await user.click(screen.getByRole('button', { name: 'Save this party' }));

    expect(bridge.settings.saveParty).toHaveBeenCalledExactlyOnceWith({ party: BOB, label: 'Bob at Acme' });
    const forget = await screen.findByRole('button', { name: 'Forget this party' });
    const saved = screen.getByLabelText('Saved parties') as HTMLSelectElement;
    expect(saved.value).toBe(BOB);
    expect(saved.selectedOptions[0].textContent).toBe('Bob at Acme — bob::1220bb…bbbb');

    await user.click(forget);

    expect(bridge.settings.removeParty).toHaveBeenCalledExactlyOnceWith(BOB);
    expect(await screen.findByRole('button', { name: 'Save this party' })).toBeTruthy();
    expect(screen.getByLabelText('Label for saving')).toHaveProperty('value', '');
  });

  it('fills the party id from a saved party', async () => {
    const bridge = createFakeBridge();
    await bridge.settings.saveParty({ party: CAROL, label: '' });
    await bridge.settings.saveParty({ party: BOB, label: 'Bob' });
    const { user } = renderWithApp(<Picker />, { bridge });
    const saved = screen.getByLabelText('Saved parties');
    await within(saved).findByRole('option', { name: 'Bob — bob::1220bb…bbbb' });
    expect(
      within(saved)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pick a saved party…', 'carol::1220cc…cccc', 'Bob — bob::1220bb…bbbb']);

    await user.selectOptions(saved, 'carol::1220cc…cccc');

    expect(partyInput().value).toBe(CAROL);
  });

  it('shows main’s error when a party cannot be saved', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.settings.saveParty, 'settings', 'settings.json is read-only');
    const { user } = renderWithApp(<Picker initial={ALICE} />, { bridge });

    await user.click(screen.getByRole('button', { name: 'Save this party' }));

    expect((await screen.findByRole('alert')).textContent).toBe('[settings] settings.json is read-only');
  });

  it('shows main’s error when a party cannot be forgotten', async () => {
    const bridge = createFakeBridge();
    await bridge.settings.saveParty({ party: ALICE, label: '' });
    failWith(bridge.settings.removeParty, 'settings', 'disk full');
    const { user } = renderWithApp(<Picker initial={ALICE} />, { bridge });

    await user.click(await screen.findByRole('button', { name: 'Forget this party' }));

    expect((await screen.findByRole('alert')).textContent).toBe('[settings] disk full');
  });

  it('offers the parties the ledger JWT names, and one click uses it', async () => {
    const bridge = createFakeBridge({
      transfers: {
        tokenInfo: async () => ({
          present: true,
          form: 'claims',
          readAs: [ALICE],
          actAs: [ALICE, CAROL],
          subject: null,
          expiresAt: null,
          expired: false,
          problem: null,
        }),
      },
    });
    const { user } = renderWithApp(<Picker />, { bridge });
    const list = await screen.findByRole('list', { name: 'Parties in the ledger JWT' });
    expect(bridge.transfers.tokenInfo).toHaveBeenCalledWith('sandbox');
    expect(
      within(list)
        .getAllByRole('button', { name: /^Use / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([`Use ${ALICE} (readAs)`, `Use ${CAROL} (actAs)`]);

    await user.click(within(list).getByRole('button', { name: `Use ${CAROL} (actAs)` }));

    expect(partyInput().value).toBe(CAROL);
  });

  it('on the sandbox, offers its parties by name: picking one puts the full id in the field', async () => {
    const { user, bridge } = renderWithApp(<Picker />);
    const select = (await screen.findByLabelText('Sandbox parties')) as HTMLSelectElement;
    expect(bridge.transfers.knownParties).toHaveBeenCalledWith('sandbox');
    expect([...select.options].slice(1).map((o) => o.textContent)).toEqual([
      'alice — alice::1220ab…abab',
      'bob — bob::1220ab…abab',
      'exchange-north — exchange-north::1220ab…abab',
    ]);

    await user.selectOptions(select, 'bob — bob::1220ab…abab');

    expect(partyInput().value).toBe(SAMPLE_PARTIES[1].party);
    expect(select.value).toBe(SAMPLE_PARTIES[1].party);
  });

  it('on the sandbox, typing a name in the field is offered the matching parties (a datalist of names)', async () => {
    renderWithApp(<Picker />);
    const list = await screen.findByTestId('known-parties');
    expect(partyInput().getAttribute('list')).toBe(list.id);
    expect([...list.querySelectorAll('option')].map((o) => [o.getAttribute('label'), o.getAttribute('value')])).toEqual(
      SAMPLE_PARTIES.map((p) => [p.name, p.party]),
    );
  });

  it('a remote profile offers no parties by name (the service cannot list them)', async () => {
    const bridge = createFakeBridge({ transfers: { knownParties: async () => ({ source: null, parties: [] }) } });
    renderWithApp(<Picker />, { bridge });
    await screen.findByLabelText('Saved parties');
    await waitFor(() => expect(bridge.transfers.knownParties).toHaveBeenCalled());

    expect(screen.queryByLabelText('Sandbox parties')).toBeNull();
    expect(screen.queryByTestId('known-parties')).toBeNull();
    expect(partyInput().getAttribute('list')).toBeNull();
  });

  it('shows main’s error when the ledger JWT cannot be read', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.transfers.tokenInfo, 'keychain', 'The OS keychain is locked');
    renderWithApp(<Picker />, { bridge });

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The ledger JWT could not be read. [keychain] The OS keychain is locked',
    );
  });
});
