// The profile form checks every field with the schema main uses before anything leaves the
// renderer, shows main's own invalid_argument issues at the field they name, and says so when
// changed addresses made main drop the profile's secrets.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProfileForm } from '../../../../src-renderer/features/settings/profile-form.tsx';
import type { RemoteProfile } from '../../../../src-shared/contract/schemas.ts';
import { acmeProfile } from '../../../fixtures/acme-profile.ts';
import { createFakeBridge, failWith, invalidArgument } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const LABELS = {
  name: 'Name',
  baseUrl: 'Ledger-data base URL (base_url)',
  translateUrl: 'Chain listing URL (translate_url)',
  partnerUrl: 'Marketplace-partner URL (partner_url)',
  rpcUrl: 'Node access URL (rpc_url)',
  defaultNodeId: 'Default validator node id (empty = deployment default)',
  chainAuth: 'Chain listing authentication',
  rpcKeyPlacement: 'Node access key placement',
  rpcSeparator: 'Node address separator',
  ledgerAuthPlacement: 'Ledger JWT and node id sent as',
} as const;

const ACME: RemoteProfile = acmeProfile('Acme production');

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;

/** The alert linked to a control through aria-describedby (the way a screen reader finds it). */
function errorOf(label: string): string | null {
  const control = field(label);
  const id = control.getAttribute('aria-describedby');
  if (!id) return null;
  return document.getElementById(id)?.textContent ?? null;
}

describe('ProfileForm', () => {
  it('creates a remote profile from every field, the node id trimmed', async () => {
    const onDone = vi.fn();
    const { bridge, user } = renderWithApp(<ProfileForm profile={null} onDone={onDone} />);

    expect(screen.getByRole('form', { name: 'New profile' })).toBeTruthy();
    await user.type(field(LABELS.name), 'Acme staging');
    await user.type(field(LABELS.baseUrl), 'https://ledger.staging.example/');
    await user.type(field(LABELS.translateUrl), 'https://translate.staging.example');
    await user.type(field(LABELS.partnerUrl), 'https://partner.staging.example');
    await user.type(field(LABELS.rpcUrl), 'http://127.0.0.1:4013');
    await user.type(field(LABELS.defaultNodeId), '  node-7  ');
    await user.selectOptions(field(LABELS.chainAuth), 'partnerBearer');
    await user.selectOptions(field(LABELS.rpcKeyPlacement), 'query');
    await user.selectOptions(field(LABELS.rpcSeparator), '-');
    await user.selectOptions(field(LABELS.ledgerAuthPlacement), 'query');
    await user.click(screen.getByRole('button', { name: 'Create profile' }));

    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('acme-staging'));
    expect(bridge.settings.saveProfile).toHaveBeenCalledExactlyOnceWith({
      id: undefined,
      name: 'Acme staging',
      baseUrl: 'https://ledger.staging.example/',
      translateUrl: 'https://translate.staging.example',
      partnerUrl: 'https://partner.staging.example',
      rpcUrl: 'http://127.0.0.1:4013',
      defaultNodeId: 'node-7',
      chainAuth: 'partnerBearer',
      rpcKeyPlacement: 'query',
      rpcSeparator: '-',
      ledgerAuthPlacement: 'query',
    });
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('refuses an empty name and bad URLs at their fields, without calling main', async () => {
    const onDone = vi.fn();
    const { bridge, user } = renderWithApp(<ProfileForm profile={null} onDone={onDone} />);

    await user.type(field(LABELS.name), '   ');
    await user.type(field(LABELS.baseUrl), 'ledger.acme.example');
    await user.type(field(LABELS.translateUrl), 'http://translate.acme.example');
    await user.type(field(LABELS.partnerUrl), 'https://user:pw@partner.acme.example');
    await user.type(field(LABELS.rpcUrl), 'ftp://rpc.acme.example');
    await user.click(screen.getByRole('button', { name: 'Create profile' }));

    expect(errorOf(LABELS.name)).toBe('required');
    expect(errorOf(LABELS.baseUrl)).toBe('not a URL (expected http:// or https://…)');
    expect(errorOf(LABELS.translateUrl)).toBe(
      'use https (plain http is allowed only for localhost / 127.0.0.1 / [::1])',
    );
    expect(errorOf(LABELS.partnerUrl)).toBe(
      'remove the user name/password from the URL: secrets belong in the keychain fields',
    );
    expect(errorOf(LABELS.rpcUrl)).toBe('only http and https are allowed, not ftp:');
    expect(field(LABELS.name).getAttribute('aria-invalid')).toBe('true');
    // Fields that passed are not marked.
    expect(field(LABELS.defaultNodeId).getAttribute('aria-invalid')).toBeNull();
    expect(errorOf(LABELS.defaultNodeId)).toBeNull();
    expect(bridge.settings.saveProfile).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('clears a field error once the field is fixed and saved again', async () => {
    const { bridge, user } = renderWithApp(<ProfileForm profile={{ ...ACME, name: '' }} onDone={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(errorOf(LABELS.name)).toBe('required');

    await user.type(field(LABELS.name), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await vi.waitFor(() => expect(bridge.settings.saveProfile).toHaveBeenCalledTimes(1));
    expect(errorOf(LABELS.name)).toBeNull();
  });

  it("shows main's invalid_argument issue at the field it names", async () => {
    const bridge = createFakeBridge();
    bridge.settings.saveProfile.mockRejectedValue(
      invalidArgument([{ path: [0, 'rpcUrl'], message: 'this host is not allowed for node access' }]),
    );
    const onDone = vi.fn();
    const { user } = renderWithApp(<ProfileForm profile={ACME} onDone={onDone} />, { bridge });

    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await vi.waitFor(() => expect(errorOf(LABELS.rpcUrl)).toBe('this host is not allowed for node access'));
    expect(field(LABELS.rpcUrl).getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(LABELS.baseUrl)).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("shows main's error code and words when saving fails for another reason", async () => {
    const bridge = createFakeBridge();
    failWith(bridge.settings.saveProfile, 'settings', 'the settings file could not be written: disk full');
    const { user } = renderWithApp(<ProfileForm profile={ACME} onDone={() => {}} />, { bridge });

    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      '[settings] the settings file could not be written: disk full',
    );
    // The draft stays for another try.
    expect(field(LABELS.name)).toHaveProperty('value', 'Acme production');
  });

  it('edits a profile under its own id, starting from what it holds', async () => {
    const onDone = vi.fn();
    const { bridge, user } = renderWithApp(
      <ProfileForm profile={{ ...ACME, defaultNodeId: 'node-1', chainAuth: 'partnerBearer' }} onDone={onDone} />,
    );

    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeTruthy();
    expect(field(LABELS.baseUrl)).toHaveProperty('value', 'https://ledger.acme.example');
    expect(field(LABELS.defaultNodeId)).toHaveProperty('value', 'node-1');
    expect(field(LABELS.chainAuth)).toHaveProperty('value', 'partnerBearer');

    await user.clear(field(LABELS.name));
    await user.type(field(LABELS.name), 'Acme (prod)');
    await user.clear(field(LABELS.defaultNodeId));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('acme'));
    expect(bridge.settings.saveProfile).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ id: 'acme', name: 'Acme (prod)', defaultNodeId: null, chainAuth: 'partnerBearer' }),
    );
  });

  it('says the saved secrets were removed when main reports the addresses changed', async () => {
    const bridge = createFakeBridge({
      settings: {
        saveProfile: async (input) => ({
          profile: { ...ACME, ...input, id: 'acme', kind: 'remote', defaultNodeId: null } as RemoteProfile,
          secretsCleared: true,
        }),
      },
    });
    const { user } = renderWithApp(<ProfileForm profile={ACME} onDone={() => {}} />, { bridge });
    expect(screen.queryByRole('status')).toBeNull();

    await user.clear(field(LABELS.rpcUrl));
    await user.type(field(LABELS.rpcUrl), 'https://rpc.elsewhere.example');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    const notice = await screen.findByRole('status');
    expect(notice.textContent).toMatch(/saved secrets were removed/);
    expect(within(notice).getByText(/Enter them again below/)).toBeTruthy();
  });

  it('does not show the notice when the secrets were kept', async () => {
    const { bridge, user } = renderWithApp(<ProfileForm profile={ACME} onDone={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await vi.waitFor(() => expect(bridge.settings.saveProfile).toHaveBeenCalledTimes(1));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save profile' })).toHaveProperty('disabled', false),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says it is saving while main saves (new addresses clear the secrets in the keychain: up to its 5 s)', async () => {
    const bridge = createFakeBridge();
    bridge.settings.saveProfile.mockReturnValue(new Promise(() => {}));
    const { user } = renderWithApp(<ProfileForm profile={ACME} onDone={() => {}} />, { bridge });

    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Saving profile…' })).toHaveProperty('disabled', true),
    );
  });
});
