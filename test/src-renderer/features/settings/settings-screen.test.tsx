// The Settings screen: profiles (switch the active one, create, edit, delete; the built-in sandbox
// cannot be edited or deleted) and the appearance/time preferences, each saved through main.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SettingsScreen } from '../../../../src-renderer/features/settings/settings-screen.tsx';
import type { ProfileInput } from '../../../../src-shared/contract/schemas.ts';
import { acmeProfileInput } from '../../../fixtures/acme-profile.ts';
import { createFakeBridge, type FakeLedger, failWith } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const ACME: ProfileInput = acmeProfileInput('Acme production');

/** A bridge whose main already holds a remote profile `acme-production` (besides the sandbox). */
async function bridgeWithAcme(): Promise<FakeLedger> {
  const bridge = createFakeBridge();
  await bridge.settings.saveProfile(ACME);
  bridge.settings.saveProfile.mockClear();
  return bridge;
}

/** Renders the screen and waits until main's settings are on it. */
async function renderLoaded(bridge?: FakeLedger) {
  const rendered = renderWithApp(<SettingsScreen />, { bridge });
  await screen.findByRole('heading', { name: 'Settings' });
  return rendered;
}

const profileList = () => within(screen.getByRole('list'));
const profileItem = (name: string) => within(profileList().getByRole('button', { name }).closest('li') as HTMLElement);

describe('SettingsScreen', () => {
  it('says it is loading, then lists the profiles with the sandbox active and selected', async () => {
    renderWithApp(<SettingsScreen />);

    expect(screen.getByText('Loading settings…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    const sandbox = profileItem('Local sandbox network');
    expect(sandbox.getByText('active')).toBeTruthy();
    expect(sandbox.getByRole('button', { name: 'Local sandbox network' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("shows each profile's id (what the CLI's --profile takes) in the list and in its panel, copyable", async () => {
    const { user } = await renderLoaded(await bridgeWithAcme());

    expect(profileItem('Local sandbox network').getByText('sandbox').tagName).toBe('CODE');
    expect(profileItem('Acme production').getByText('acme-production')).toBeTruthy();
    await user.click(profileList().getByRole('button', { name: 'Acme production' }));
    const panel = within(screen.getByRole('region', { name: 'Profile Acme production' }));
    expect(panel.getByText('Profile id').textContent).toBe(
      'Profile id acme-production Copy what npm run cli -- sync --profile acme-production … takes',
    );
    await user.click(panel.getByRole('button', { name: 'Copy profile id acme-production' }));
    expect(await navigator.clipboard.readText()).toBe('acme-production');
  });

  it('the sandbox profile cannot be edited or deleted; its secrets can be replaced', async () => {
    renderWithApp(<SettingsScreen />);

    const panel = within(await screen.findByRole('region', { name: 'Profile Local sandbox network' }));
    expect(panel.getByText(/Its credentials are\s+built in/)).toBeTruthy();
    expect(panel.queryByRole('form', { name: 'Edit profile' })).toBeNull();
    expect(panel.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(panel.queryByRole('button', { name: 'Delete profile' })).toBeNull();
    expect(await panel.findAllByText('built-in sandbox credential')).toHaveLength(3);
  });

  it('switches the active profile through main and moves the badge', async () => {
    const { bridge, user } = await renderLoaded(await bridgeWithAcme());

    await user.click(await profileItem('Acme production').findByRole('button', { name: 'Use' }));

    expect(bridge.settings.setActiveProfile).toHaveBeenCalledExactlyOnceWith('acme-production');
    expect(await profileItem('Acme production').findByText('active')).toBeTruthy();
    expect(profileItem('Local sandbox network').getByRole('button', { name: 'Use' })).toBeTruthy();
  });

  it("shows main's error when the switch fails", async () => {
    const bridge = await bridgeWithAcme();
    failWith(bridge.settings.setActiveProfile, 'settings', 'settings.json is read-only');
    const { user } = await renderLoaded(bridge);

    await user.click(await profileItem('Acme production').findByRole('button', { name: 'Use' }));

    expect((await screen.findByRole('alert')).textContent).toBe('[settings] settings.json is read-only');
    expect(profileItem('Local sandbox network').getByText('active')).toBeTruthy();
  });

  it('opens a remote profile for editing and saves the change', async () => {
    const { bridge, user } = await renderLoaded(await bridgeWithAcme());

    await user.click(await profileList().findByRole('button', { name: 'Acme production' }));
    const panel = within(screen.getByRole('region', { name: 'Profile Acme production' }));
    const form = within(panel.getByRole('form', { name: 'Edit profile' }));
    expect(form.getByLabelText('Ledger-data base URL (base_url)')).toHaveProperty(
      'value',
      'https://ledger.acme.example',
    );

    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'Acme (prod)');
    await user.click(form.getByRole('button', { name: 'Save profile' }));

    expect(await profileList().findByRole('button', { name: 'Acme (prod)' })).toBeTruthy();
    expect(bridge.settings.saveProfile).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ id: 'acme-production', name: 'Acme (prod)' }),
    );
    // The list reads main's stored settings again (the save invalidates them).
    expect(bridge.settings.get).toHaveBeenCalledTimes(2);
  });

  it('deletes a remote profile through main', async () => {
    const { bridge, user } = await renderLoaded(await bridgeWithAcme());

    await user.click(await profileList().findByRole('button', { name: 'Acme production' }));
    await user.click(screen.getByRole('button', { name: 'Delete profile' }));

    expect(bridge.settings.deleteProfile).toHaveBeenCalledExactlyOnceWith('acme-production');
    await vi.waitFor(() => expect(profileList().queryByRole('button', { name: 'Acme production' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'Profile Acme production' })).toBeNull();
  });

  it('says it is deleting while main deletes the profile and its secrets (the keychain may take its 5 s)', async () => {
    const bridge = await bridgeWithAcme();
    bridge.settings.deleteProfile.mockReturnValue(new Promise(() => {}));
    const { user } = await renderLoaded(bridge);
    await user.click(await profileList().findByRole('button', { name: 'Acme production' }));
    await user.click(screen.getByRole('button', { name: 'Delete profile' }));
    expect(await screen.findByRole('button', { name: 'Deleting profile…' })).toHaveProperty('disabled', true);
  });

  it("shows main's error when a delete fails, and keeps the profile", async () => {
    const bridge = await bridgeWithAcme();
    failWith(bridge.settings.deleteProfile, 'not_found', 'no profile acme-production');
    const { user } = await renderLoaded(bridge);

    await user.click(await profileList().findByRole('button', { name: 'Acme production' }));
    await user.click(screen.getByRole('button', { name: 'Delete profile' }));

    const panel = within(screen.getByRole('region', { name: 'Profile Acme production' }));
    expect((await panel.findByText(/no profile acme-production/)).closest('[role=alert]')?.textContent).toBe(
      '[not_found] no profile acme-production',
    );
    expect(profileList().getByRole('button', { name: 'Acme production' })).toBeTruthy();
  });

  it('creates a new profile and then shows it selected', async () => {
    const { bridge, user } = renderWithApp(<SettingsScreen />);

    await user.click(await screen.findByRole('button', { name: 'New profile…' }));
    const form = within(screen.getByRole('form', { name: 'New profile' }));
    await user.type(form.getByLabelText('Name'), 'Beta');
    await user.type(form.getByLabelText('Ledger-data base URL (base_url)'), 'https://ledger.beta.example');
    await user.type(form.getByLabelText('Chain listing URL (translate_url)'), 'https://translate.beta.example');
    await user.type(form.getByLabelText('Marketplace-partner URL (partner_url)'), 'https://partner.beta.example');
    await user.type(form.getByLabelText('Node access URL (rpc_url)'), 'https://rpc.beta.example');
    await user.click(form.getByRole('button', { name: 'Create profile' }));

    expect(await screen.findByRole('region', { name: 'Profile Beta' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New profile' })).toBeNull();
    expect(profileItem('Beta').getByRole('button', { name: 'Beta' }).getAttribute('aria-pressed')).toBe('true');
    expect(bridge.settings.saveProfile).toHaveBeenCalledTimes(1);
  });

  it('leaves the new-profile form when another profile is picked', async () => {
    const { user } = renderWithApp(<SettingsScreen />);

    await user.click(await screen.findByRole('button', { name: 'New profile…' }));
    expect(screen.getByRole('form', { name: 'New profile' })).toBeTruthy();
    await user.click(profileList().getByRole('button', { name: 'Local sandbox network' }));

    expect(screen.queryByRole('form', { name: 'New profile' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Profile Local sandbox network' })).toBeTruthy();
  });

  it('saves the theme and the time zone through main and shows what main stored', async () => {
    const { bridge, user } = renderWithApp(<SettingsScreen />);
    const theme = await screen.findByRole('combobox', { name: 'Theme' });
    const zone = screen.getByRole('combobox', { name: 'Times shown in' });
    expect(theme).toHaveProperty('value', 'system');
    expect(zone).toHaveProperty('value', 'local');

    await user.selectOptions(theme, 'dark');
    await vi.waitFor(() => expect(theme).toHaveProperty('value', 'dark'));
    await user.selectOptions(zone, 'utc');
    await vi.waitFor(() => expect(zone).toHaveProperty('value', 'utc'));

    expect(bridge.settings.savePreferences.mock.calls).toEqual([[{ theme: 'dark' }], [{ timeZone: 'utc' }]]);
    // Main's answers went straight into the cache: no second read.
    expect(bridge.settings.get).toHaveBeenCalledTimes(1);
  });

  it("keeps the stored choice and shows main's error when a preference cannot be saved", async () => {
    const bridge = createFakeBridge();
    failWith(bridge.settings.savePreferences, 'settings', 'could not write settings.json');
    const { user } = renderWithApp(<SettingsScreen />, { bridge });
    const theme = await screen.findByRole('combobox', { name: 'Theme' });

    await user.selectOptions(theme, 'light');

    expect((await screen.findByRole('alert')).textContent).toBe('[settings] could not write settings.json');
    expect(theme).toHaveProperty('value', 'system');
  });

  it('says settings could not be loaded, with the code and the words main gave', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.settings.get, 'settings', 'settings.json is not valid JSON');
    renderWithApp(<SettingsScreen />, { bridge });

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Settings could not be loaded. [settings] settings.json is not valid JSON',
    );
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
  });
});
