import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIPBOARD_CLEAR_MS, CurlActions } from '../../../../src-renderer/features/rpc/curl-actions.tsx';
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
    expect(screen.getByRole('button', { name: 'Copy curl with key' })).toHaveProperty('disabled', true);
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

  it('copies the request in the chosen language, with the key as LEDGER_API_KEY', async () => {
    const { bridge, user } = renderWithApp(<CurlActions request={REQUEST} />);
    const language = screen.getByRole('combobox', { name: 'Copy as language' }) as HTMLSelectElement;
    expect([...language.options].map((option) => option.text)).toEqual([
      'curl',
      'JavaScript fetch',
      'viem',
      'ethers v6',
      'cast (Foundry)',
      'Python requests',
    ]);

    await user.selectOptions(language, 'viem');
    await user.click(screen.getByRole('button', { name: 'Copy as viem' }));

    expect(bridge.rpc.snippet).toHaveBeenCalledExactlyOnceWith({ ...REQUEST, language: 'viem' });
    expect(bridge.rpc.curl).not.toHaveBeenCalled();
    expect((await screen.findByTestId('rpc-curl-status')).textContent).toBe(
      'Copied as viem: the key is read from the environment variable LEDGER_API_KEY (export LEDGER_API_KEY=… before running it).',
    );
    expect(await navigator.clipboard.readText()).toBe('// viem: ethereum_archive, key from process.env.LEDGER_API_KEY');
  });

  it('the language is chosen with the keyboard, and "Copy curl with key" stays the curl command', async () => {
    const { bridge, user } = renderWithApp(<CurlActions request={REQUEST} />);

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Copy as language' }));
    // jsdom has no keyboard for a native select (the browser test uses the arrow keys): choose it directly.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Copy as language' }), 'python');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Copy as Python requests');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(bridge.rpc.snippet).toHaveBeenCalledExactlyOnceWith({ ...REQUEST, language: 'python' }));

    await user.click(screen.getByRole('button', { name: 'Copy curl with key' }));
    expect(screen.getByTestId('rpc-curl-confirm-text').textContent).toContain('the curl command that calls');
    await user.click(screen.getByRole('button', { name: 'Copy command with key' }));
    await waitFor(() => expect(bridge.rpc.curl).toHaveBeenCalledExactlyOnceWith({ ...REQUEST, withKey: true }));
    expect(bridge.rpc.snippet).toHaveBeenCalledOnce();
  });

  it('copies the command with the real key only when asked, and never shows it', async () => {
    const bridge = createFakeBridge({ rpc: { curl: async () => ({ command: KEY_COMMAND, includesKey: true }) } });
    const { user } = renderWithApp(<CurlActions request={REQUEST} />, { bridge });

    await user.click(screen.getByRole('button', { name: 'Copy curl with key' }));
    await user.click(screen.getByRole('button', { name: 'Copy command with key' }));

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

    await user.click(screen.getByRole('button', { name: 'Copy curl with key' }));
    await user.click(screen.getByRole('button', { name: 'Copy command with key' }));

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

  describe('"Copy curl with key" asks first and does not leave the key on the clipboard', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** Copies with the key through the confirmation; the clipboard then holds KEY_COMMAND. */
    async function copyWithKey() {
      const bridge = createFakeBridge({ rpc: { curl: async () => ({ command: KEY_COMMAND, includesKey: true }) } });
      const rendered = renderWithApp(<CurlActions request={REQUEST} />, { bridge });
      await rendered.user.click(screen.getByRole('button', { name: 'Copy curl with key' }));
      await rendered.user.click(screen.getByRole('button', { name: 'Copy command with key' }));
      expect((await screen.findByTestId('rpc-curl-status')).textContent).toBe(
        'Copied with the real key: do not paste it anywhere shared.',
      );
      expect(await navigator.clipboard.readText()).toBe(KEY_COMMAND);
      return rendered;
    }

    it('says what will be on the clipboard, and copies nothing until confirmed', async () => {
      const { bridge, user } = renderWithApp(<CurlActions request={REQUEST} />);
      await navigator.clipboard.writeText('what was there before');

      await user.click(screen.getByRole('button', { name: 'Copy curl with key' }));

      const dialog = screen.getByRole('dialog', { name: 'Copy with the API key?' });
      expect(screen.getByTestId('rpc-curl-confirm-text').textContent).toBe(
        'This puts on the clipboard the curl command that calls eth_getBalance on ethereum (archive node): the same ' +
          'command as "Copy as curl", with your real API key written in it instead of $LEDGER_API_KEY. Anyone who ' +
          'gets it can use your key. The clipboard is cleared after 60 s if it still holds the command.',
      );
      expect(document.activeElement?.textContent).toBe('Cancel');
      expect(bridge.rpc.curl).not.toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: 'Cancel' }));

      expect(dialog.isConnected).toBe(false);
      expect(bridge.rpc.curl).not.toHaveBeenCalled();
      expect(await navigator.clipboard.readText()).toBe('what was there before');
      expect(screen.queryByTestId('rpc-curl-status')).toBeNull();
    });

    it('clears the clipboard after 60 s when it still holds the command', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await copyWithKey();
      // The clearing starts by reading the clipboard back: not read at all before the minute is up.
      const read = vi.spyOn(navigator.clipboard, 'readText');

      await act(() => vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS - 5_000));
      expect(read).not.toHaveBeenCalled();

      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(
        await screen.findByText('Clipboard cleared: the command with your API key is no longer on it.'),
      ).toBeTruthy();
      expect(await navigator.clipboard.readText()).toBe('');
    });

    it('leaves the clipboard alone when the user copied something else since', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await copyWithKey();
      await navigator.clipboard.writeText('0xmy-own-copy');
      const read = vi.spyOn(navigator.clipboard, 'readText');
      const write = vi.spyOn(navigator.clipboard, 'writeText');

      await act(() => vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS));
      await waitFor(() => expect(read).toHaveBeenCalledOnce());
      // Awaiting the very read the console awaits: its decision (write or not) has been made after this.
      await act(async () => {
        await read.mock.results[0].value;
      });

      expect(write).not.toHaveBeenCalled();
      expect(await navigator.clipboard.readText()).toBe('0xmy-own-copy');
      expect(screen.getByTestId('rpc-curl-status').textContent).toBe(
        'Copied with the real key: do not paste it anywhere shared.',
      );
    });

    it('does not clear blindly when the clipboard cannot be read back, and says so', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await copyWithKey();
      vi.spyOn(navigator.clipboard, 'readText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
      const write = vi.spyOn(navigator.clipboard, 'writeText');

      await act(() => vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS));

      const status = await screen.findByText(
        'The clipboard could not be read back, so it was not cleared: it may still hold your API key.',
      );
      expect(status.className).toBe('field-error');
      expect(write).not.toHaveBeenCalled();
    });
  });
});
