import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CurlActions } from '../../../../src-renderer/features/rpc/curl-actions.tsx';
import type { RpcCurlRequest } from '../../../../src-shared/contract/rpc.ts';
import { createFakeBridge, failWith } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const REQUEST: Omit<RpcCurlRequest, 'withKey'> = {
  profileId: 'sandbox',
  chain: 'ethereum',
  nodeType: 'archive',
  body: { jsonrpc: '2.0', id: 3, method: 'eth_getBalance', params: ['0x00', '0x10'] },
};

const KEY_COMMAND = "curl -X POST 'http://127.0.0.1:4013/ethereum_archive' -H 'x-api-key: sk-live-0123456789'";

describe('CurlActions', () => {
  it('cannot copy a request that is not valid', () => {
    renderWithApp(<CurlActions request={null} />);

    expect(screen.getByRole('button', { name: 'Copy as curl' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Copy with key' })).toHaveProperty('disabled', true);
  });

  it("copies main's command with the key as $LEDGER_API_KEY", async () => {
    const { bridge, user } = renderWithApp(<CurlActions request={REQUEST} />);

    await user.click(screen.getByRole('button', { name: 'Copy as curl' }));

    expect(bridge.rpc.curl).toHaveBeenCalledExactlyOnceWith({ ...REQUEST, withKey: false });
    expect((await screen.findByTestId('rpc-curl-status')).textContent).toBe(
      'Copied: the key is $LEDGER_API_KEY (export LEDGER_API_KEY=… before running it).',
    );
    expect(await navigator.clipboard.readText()).toBe(
      "curl -X POST 'http://127.0.0.1:4013/ethereum_archive' -H 'x-api-key: $LEDGER_API_KEY'",
    );
  });

  it('copies the command with the real key only when asked, and never shows it', async () => {
    const bridge = createFakeBridge({ rpc: { curl: async () => ({ command: KEY_COMMAND, includesKey: true }) } });
    const { user } = renderWithApp(<CurlActions request={REQUEST} />, { bridge });

    await user.click(screen.getByRole('button', { name: 'Copy with key' }));

    expect(bridge.rpc.curl).toHaveBeenCalledExactlyOnceWith({ ...REQUEST, withKey: true });
    expect((await screen.findByTestId('rpc-curl-status')).textContent).toBe(
      'Copied with the real key: do not paste it anywhere shared.',
    );
    expect(await navigator.clipboard.readText()).toBe(KEY_COMMAND);
    expect(document.body.textContent).not.toContain('sk-live-0123456789');
  });

  it("says why nothing was copied when main refuses, in main's words", async () => {
    const bridge = createFakeBridge();
    failWith(bridge.rpc.curl, 'unauthorized', 'No API key is saved for this profile');
    const { user } = renderWithApp(<CurlActions request={REQUEST} />, { bridge });
    await navigator.clipboard.writeText('what was there before');

    await user.click(screen.getByRole('button', { name: 'Copy with key' }));

    const status = await screen.findByTestId('rpc-curl-status');
    expect(status.textContent).toBe('Not copied: No API key is saved for this profile');
    expect(status.className).toBe('field-error');
    expect(await navigator.clipboard.readText()).toBe('what was there before');
  });

  it('says so when the clipboard refuses', async () => {
    const { user } = renderWithApp(<CurlActions request={REQUEST} />);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Write permission denied.'));

    await user.click(screen.getByRole('button', { name: 'Copy as curl' }));

    expect((await screen.findByTestId('rpc-curl-status')).textContent).toBe('Not copied: Write permission denied.');
  });
});
