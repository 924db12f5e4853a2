// Secret hooks: the renderer keeps only {present, hint}; saving or clearing a secret drops every
// answer fetched with the old one, and the secret itself does not stay in the mutation cache.
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../src-renderer/data/query-keys.ts';
import { useLedgerCredential, useSecretMutation } from '../../../src-renderer/data/secrets.ts';
import { createFakeBridge } from '../../fixtures/fake-bridge.ts';
import { renderHookWithApp } from '../support/render-hook-with-app.tsx';

describe('useSecretMutation', () => {
  it("puts main's status into the cache and drops what was fetched with the old secret", async () => {
    const { result, queryClient } = renderHookWithApp(() => useSecretMutation('acme'));
    const page = queryKeys.transfers.page('acme', 'none:absent', null, null);
    const otherPage = queryKeys.transfers.page('beta', 'none:absent', null, null);
    queryClient.setQueryData(page, { legs: [] });
    queryClient.setQueryData(otherPage, { legs: [] });
    queryClient.setQueryData(queryKeys.chains.listing('acme'), { chains: [] });
    queryClient.setQueryData(queryKeys.app.info(), { version: 'x' });

    act(() => result.current.save.mutate({ kind: 'ledgerJwt', value: 'eyJhbGciOi.payload.sig1234' }));

    await vi.waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.secrets.status('acme'))).toMatchObject({
        ledgerJwt: { present: true, hint: '1234', source: 'keychain' },
      }),
    );
    expect(queryClient.getQueryData(page)).toBeUndefined();
    expect(queryClient.getQueryData(otherPage)).toEqual({ legs: [] });
    expect(queryClient.getQueryState(queryKeys.chains.listing('acme'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.app.info())?.isInvalidated).toBe(true);
  });

  it('does not keep the secret in the mutation cache once the save settled', async () => {
    const { result, queryClient } = renderHookWithApp(() => useSecretMutation('acme'));

    act(() => result.current.save.mutate({ kind: 'apiKey', value: 'key-0123456789abcd' }));
    await vi.waitFor(() => expect(result.current.save.isSuccess).toBe(true));
    act(() => result.current.save.reset());

    await vi.waitFor(() =>
      expect(
        JSON.stringify(
          queryClient
            .getMutationCache()
            .getAll()
            .map((m) => m.state.variables),
        ),
      ).not.toContain('key-0123456789abcd'),
    );
  });

  it('clears a secret through main and caches the new status', async () => {
    const bridge = createFakeBridge();
    await bridge.secrets.set('acme', 'apiKey', 'key-0123456789abcd');
    const { result, queryClient } = renderHookWithApp(() => useSecretMutation('acme'), { bridge });

    act(() => result.current.clear.mutate('apiKey'));

    await vi.waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.secrets.status('acme'))).toMatchObject({
        apiKey: { present: false, hint: null },
      }),
    );
    expect(bridge.secrets.clear).toHaveBeenCalledWith('acme', 'apiKey');
  });
});

describe('useLedgerCredential', () => {
  it('is undefined until the status is known, then names where the JWT is and its last characters', async () => {
    const bridge = createFakeBridge();
    await bridge.secrets.set('acme', 'ledgerJwt', 'eyJhbGciOi.payload.sigWXYZ');
    const { result } = renderHookWithApp(() => useLedgerCredential('acme'), { bridge });

    expect(result.current).toBeUndefined();
    await vi.waitFor(() => expect(result.current).toBe('keychain:WXYZ'));
  });

  it('tells an absent JWT, a built-in one and one without a hint apart', async () => {
    const bridge = createFakeBridge();
    bridge.secrets.status.mockImplementation(async (profileId) => ({
      apiKey: { present: false, hint: null, source: null },
      partnerToken: { present: false, hint: null, source: null },
      ledgerJwt:
        profileId === 'sandbox'
          ? { present: true, hint: null, source: 'sandbox' }
          : profileId === 'short'
            ? { present: true, hint: null, source: 'session' }
            : { present: false, hint: null, source: null },
    }));

    const seen: Record<string, string | undefined> = {};
    for (const id of ['sandbox', 'short', 'none']) {
      const { result } = renderHookWithApp(() => useLedgerCredential(id), { bridge });
      await vi.waitFor(() => expect(result.current).toBeDefined());
      seen[id] = result.current;
    }

    expect(seen).toEqual({ sandbox: 'sandbox:set', short: 'session:set', none: 'none:absent' });
  });
});
