import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SecretsPanel } from '../../../../src-renderer/features/settings/secrets-panel.tsx';
import { createFakeBridge, FAKE_APP_INFO, failWith } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const API_KEY_LABEL = 'API key (chain listing and node access)';

describe('SecretsPanel', () => {
  it("shows the sandbox profile's built-in credentials, never a value", async () => {
    const { bridge } = renderWithApp(<SecretsPanel profileId="sandbox" />);

    expect(await screen.findAllByText('built-in sandbox credential')).toHaveLength(3);
    expect(screen.getByText(/Stored in the OS keychain/)).toBeTruthy();
    expect(bridge.secrets.status).toHaveBeenCalledWith('sandbox');
    // A built-in credential cannot be cleared.
    const apiKeyRow = within(screen.getByTestId('secret-apiKey'));
    expect(apiKeyRow.getByRole('button', { name: 'Clear' })).toHaveProperty('disabled', true);
  });

  it('sends a pasted key to main once and then shows only its last characters', async () => {
    const { bridge, user } = renderWithApp(<SecretsPanel profileId="acme" />);
    const row = within(await screen.findByTestId('secret-apiKey'));
    expect(await row.findByText('not set')).toBeTruthy();

    await user.type(screen.getByLabelText(API_KEY_LABEL), '  key-0123456789abcd  ');
    await user.click(row.getByRole('button', { name: 'Save' }));

    expect(await row.findByText('saved in keychain · ends in abcd')).toBeTruthy();
    // Trimmed by the same schema main uses, before it leaves the renderer.
    expect(bridge.secrets.set).toHaveBeenCalledExactlyOnceWith('acme', 'apiKey', 'key-0123456789abcd');
    expect(screen.getByLabelText(API_KEY_LABEL)).toHaveProperty('value', '');
  });

  it('says "Saving…" while the keychain answers (it may take up to 5 s)', async () => {
    const none = { present: false, hint: null, source: null };
    const saved = { apiKey: { present: true, hint: 'abcd', source: 'keychain' }, ledgerJwt: none, partnerToken: none };
    let answer: () => void = () => {};
    const bridge = createFakeBridge({
      secrets: { set: () => new Promise((resolve) => (answer = () => resolve(saved as never))) },
    });
    const { user } = renderWithApp(<SecretsPanel profileId="acme" />, { bridge });
    const row = within(await screen.findByTestId('secret-apiKey'));

    await user.type(screen.getByLabelText(API_KEY_LABEL), 'key-0123456789abcd');
    await user.click(row.getByRole('button', { name: 'Save' }));
    expect(row.getByRole('button', { name: 'Saving…' })).toHaveProperty('disabled', true);
    answer();
    expect(await row.findByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('refuses a value with a space at the field, without calling main', async () => {
    const { bridge, user } = renderWithApp(<SecretsPanel profileId="acme" />);
    const row = within(await screen.findByTestId('secret-ledgerJwt'));
    const input = screen.getByLabelText('Ledger JWT (transfers)');

    await user.type(input, 'eyJ abc');
    await user.click(row.getByRole('button', { name: 'Save' }));

    const alert = row.getByRole('alert');
    expect(alert.textContent).toBe('only printable ASCII characters, without spaces');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(bridge.secrets.set).not.toHaveBeenCalled();
  });

  it("shows main's error code and words when the keychain fails, and keeps the draft", async () => {
    const bridge = createFakeBridge();
    failWith(bridge.secrets.set, 'keychain', 'The OS keychain is locked');
    const { user } = renderWithApp(<SecretsPanel profileId="acme" />, { bridge });
    const row = within(await screen.findByTestId('secret-partnerToken'));
    const input = screen.getByLabelText('Marketplace-partner bearer token (chain listing)');

    await user.type(input, 'partner-token-1');
    await user.click(row.getByRole('button', { name: 'Save' }));

    expect((await row.findByRole('alert')).textContent).toBe('[keychain] The OS keychain is locked');
    expect(input).toHaveProperty('value', 'partner-token-1');
    expect(row.getByText('not set')).toBeTruthy();
  });

  it('says secrets last only for the session when the keychain is unavailable', async () => {
    const bridge = createFakeBridge({
      app: {
        info: async () => ({ ...FAKE_APP_INFO, secretStorage: { backend: 'session', reason: 'no Secret Service' } }),
      },
    });
    renderWithApp(<SecretsPanel profileId="sandbox" />, { bridge });

    expect(await screen.findByText(/kept in memory until you quit/)).toBeTruthy();
  });

  it('names the missing keychain module (not a missing service) when keytar could not be loaded', async () => {
    const bridge = createFakeBridge({
      app: {
        info: async () => ({
          ...FAKE_APP_INFO,
          secretStorage: { backend: 'session', reason: "Cannot find package 'keytar'", cause: 'keytar-not-loaded' },
        }),
      },
    });
    renderWithApp(<SecretsPanel profileId="sandbox" />, { bridge });

    expect(await screen.findByText(/keychain module \(keytar\) is not installed/)).toBeTruthy();
    expect(screen.queryByText(/The OS keychain is unavailable/)).toBeNull();
  });
});
