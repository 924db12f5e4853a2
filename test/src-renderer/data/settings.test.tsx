// Settings hooks: what main answers goes straight into the cache (the screen shows what main
// stored, without reading it again); saving a profile re-reads what its new addresses affect.
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../src-renderer/data/query-keys.ts';
import {
  useActiveProfile,
  useDeleteProfile,
  useSavedPartyMutations,
  useSavePreferences,
  useSaveProfile,
  useSetActiveProfile,
  useSettings,
} from '../../../src-renderer/data/settings.ts';
import type { ProfileInput, SettingsView } from '../../../src-shared/contract/schemas.ts';
import { acmeProfileInput } from '../../fixtures/acme-profile.ts';
import { createFakeBridge, failWith } from '../../fixtures/fake-bridge.ts';
import { renderHookWithApp } from '../support/render-hook-with-app.tsx';

const PARTY = `alice::1220${'ab'.repeat(32)}`;
const ACME: ProfileInput = acmeProfileInput();

const cachedSettings = (client: { getQueryData: (key: readonly unknown[]) => unknown }) =>
  client.getQueryData(queryKeys.settings.all()) as SettingsView | undefined;

describe('settings hooks', () => {
  it('useActiveProfile is null until the settings arrive, then the active profile', async () => {
    const { result } = renderHookWithApp(() => useActiveProfile());

    expect(result.current).toBeNull();
    await vi.waitFor(() => expect(result.current?.id).toBe('sandbox'));
  });

  it("puts main's answer to a preference change into the cache, without reading settings again", async () => {
    const { result, bridge, queryClient } = renderHookWithApp(() => ({
      settings: useSettings(),
      save: useSavePreferences(),
    }));
    await vi.waitFor(() => expect(result.current.settings.data).toBeDefined());

    act(() => result.current.save.mutate({ timeZone: 'utc' }));

    await vi.waitFor(() => expect(result.current.settings.data?.settings.preferences.timeZone).toBe('utc'));
    expect(cachedSettings(queryClient)?.settings.preferences.timeZone).toBe('utc');
    expect(bridge.settings.savePreferences).toHaveBeenCalledExactlyOnceWith({ timeZone: 'utc' });
    expect(bridge.settings.get).toHaveBeenCalledTimes(1);
  });

  it('caches what main stored, not what was asked (main may refuse part of it)', async () => {
    const bridge = createFakeBridge();
    const stored = await bridge.settings.get();
    bridge.settings.setActiveProfile.mockResolvedValue(stored);
    const { result, queryClient } = renderHookWithApp(() => useSetActiveProfile(), { bridge });

    act(() => result.current.mutate('acme'));

    await vi.waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(bridge.settings.setActiveProfile).toHaveBeenCalledWith('acme');
    expect(cachedSettings(queryClient)?.settings.activeProfileId).toBe('sandbox');
  });

  it('keeps the cached settings when main refuses, and gives the error with its code', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.settings.deleteProfile, 'not_found', 'no profile acme');
    const { result, queryClient } = renderHookWithApp(() => ({ settings: useSettings(), remove: useDeleteProfile() }), {
      bridge,
    });
    await vi.waitFor(() => expect(result.current.settings.data).toBeDefined());
    const before = cachedSettings(queryClient);

    act(() => result.current.remove.mutate('acme'));

    await vi.waitFor(() => expect(result.current.remove.error?.code).toBe('not_found'));
    expect(cachedSettings(queryClient)).toBe(before);
  });

  it('saves and forgets a party, each answer going into the cache', async () => {
    const { result, bridge, queryClient } = renderHookWithApp(() => useSavedPartyMutations());

    act(() => result.current.save.mutate({ party: PARTY, label: 'Alice' }));
    await vi.waitFor(() =>
      expect(cachedSettings(queryClient)?.settings.savedParties).toEqual([
        { party: PARTY, label: 'Alice', colour: 'none', note: '' },
      ]),
    );

    act(() => result.current.remove.mutate(PARTY));
    await vi.waitFor(() => expect(cachedSettings(queryClient)?.settings.savedParties).toEqual([]));
    expect(bridge.settings.removeParty).toHaveBeenCalledWith(PARTY);
  });

  it('after a profile save, re-reads the settings and what the new addresses affect', async () => {
    const { result, queryClient } = renderHookWithApp(() => useSaveProfile());
    const other = queryKeys.chains.listing('other');
    for (const key of [
      queryKeys.settings.all(),
      queryKeys.secrets.status('acme'),
      queryKeys.chains.listing('acme'),
      other,
    ])
      queryClient.setQueryData(key, { cached: true });

    act(() => result.current.mutate(ACME));

    await vi.waitFor(() => expect(result.current.data?.profile.id).toBe('acme'));
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(queryKeys.settings.all())).toBe(true);
    expect(stale(queryKeys.secrets.status('acme'))).toBe(true);
    expect(stale(queryKeys.chains.listing('acme'))).toBe(true);
    expect(stale(other)).toBe(false);
  });
});
