// A keychain that HANGS is asked once: after its first timeout the store runs on the session store
// for the rest of the session, and no later call reaches keytar (each would cost the whole timeout).
// A keychain that REFUSES (answers with an error) is cheap to ask and is still asked every time.
// The stand-ins count keytar calls; nothing here measures time.
import { describe, expect, it, vi } from 'vitest';
import { CredentialStore } from '../../../../src-main/services/credentials/credential-store.ts';
import type { KeytarModule } from '../../../../src-main/services/credentials/keytar-backend.ts';

const TIMEOUT_MS = 50;
const REPEATS = 10;

/** A keytar that answers from a map until `mode` says it hangs (never settles) or refuses (rejects). */
function standIn() {
  const saved = new Map<string, string>();
  const state = { mode: 'answers' as 'answers' | 'hangs' | 'refuses', calls: 0 };
  const reply = <T>(value: () => T): Promise<T> => {
    state.calls += 1;
    if (state.mode === 'hangs') return new Promise<T>(() => {});
    if (state.mode === 'refuses') return Promise.reject(new Error('org.freedesktop.Secret.Error.IsLocked'));
    return Promise.resolve(value());
  };
  const keytar: KeytarModule = {
    findCredentials: () => reply(() => []),
    getPassword: (_service, account) => reply(() => saved.get(account) ?? null),
    setPassword: (_service, account, secret) =>
      reply(() => {
        saved.set(account, secret);
      }),
    deletePassword: (_service, account) => reply(() => saved.delete(account)),
  };
  return { keytar, state, saved };
}

async function everyKindOfCall(store: CredentialStore) {
  for (let i = 0; i < REPEATS; i++) {
    expect(await store.get('prod', 'partnerToken')).toBe('known-before-the-hang-5678');
    await expect(store.get('prod', 'ledgerJwt')).rejects.toMatchObject({ code: 'keychain' });
    await store.set('prod', 'apiKey', `typed-after-the-hang-${i}`);
    expect(await store.get('prod', 'apiKey')).toBe(`typed-after-the-hang-${i}`);
    expect(await store.status('prod')).toEqual({
      apiKey: { present: true, hint: `ng-${i}`.slice(-4), source: 'session' },
      partnerToken: { present: true, hint: '5678', source: 'session' },
      ledgerJwt: { present: false, hint: null, source: 'unreadable' },
    });
    await expect(store.delete('other', 'ledgerJwt')).rejects.toMatchObject({ code: 'keychain' });
    store.recheck();
  }
}

describe('a keychain that hangs mid-session', () => {
  it('costs one timeout: then the session store, the reason, and zero further keytar calls', async () => {
    const { keytar, state, saved } = standIn();
    const store = await CredentialStore.open({
      service: 'hang-test',
      timeoutMs: TIMEOUT_MS,
      keytar: async () => keytar,
    });
    await store.set('prod', 'partnerToken', 'known-before-the-hang-5678');
    saved.set('prod:ledgerJwt', 'saved-by-an-earlier-run');
    expect(store.storageInfo()).toEqual({ backend: 'keychain', reason: null });

    state.mode = 'hangs';
    // The first call waits for the timeout; the secret it was using stays usable, from memory.
    expect(await store.get('prod', 'partnerToken')).toBe('known-before-the-hang-5678');
    expect(store.storageInfo()).toEqual({
      backend: 'session',
      reason: `the OS keychain did not answer a read within ${TIMEOUT_MS} ms; secrets are kept in memory until you quit`,
    });
    const callsAtTheSwitch = state.calls;

    await everyKindOfCall(store);
    expect(state.calls).toBe(callsAtTheSwitch);
    // Even if the keychain answers again later, this session does not go back to it (secrets typed
    // meanwhile are only in memory, and the banner must keep saying so).
    state.mode = 'answers';
    await everyKindOfCall(store);
    expect(state.calls).toBe(callsAtTheSwitch);
  });

  it('a save that times out switches the same way', async () => {
    const { keytar, state } = standIn();
    const store = await CredentialStore.open({
      service: 'hang-test',
      timeoutMs: TIMEOUT_MS,
      keytar: async () => keytar,
    });
    await store.set('prod', 'partnerToken', 'known-before-the-hang-5678');
    state.mode = 'hangs';
    await store.set('prod', 'apiKey', 'saved-while-it-hangs-0000');
    expect(store.storageInfo()).toEqual({
      backend: 'session',
      reason: `the OS keychain did not answer a write within ${TIMEOUT_MS} ms; secrets are kept in memory until you quit`,
    });
    expect(await store.get('prod', 'apiKey')).toBe('saved-while-it-hangs-0000');
    const callsAtTheSwitch = state.calls;
    await everyKindOfCall(store);
    expect(state.calls).toBe(callsAtTheSwitch);
  });

  it('the background check (app:info) that times out switches too, before any secret is needed', async () => {
    const { keytar, state } = standIn();
    const store = await CredentialStore.open({
      service: 'hang-test',
      timeoutMs: TIMEOUT_MS,
      keytar: async () => keytar,
    });
    await store.set('prod', 'partnerToken', 'known-before-the-hang-5678');
    state.mode = 'hangs';
    store.recheck();
    await vi.waitFor(() => expect(store.storageInfo().backend).toBe('session'));
    expect(store.storageInfo().reason).toBe(
      `the OS keychain did not answer a read within ${TIMEOUT_MS} ms; secrets are kept in memory until you quit`,
    );
    const callsAtTheSwitch = state.calls;
    await everyKindOfCall(store);
    expect(state.calls).toBe(callsAtTheSwitch);
  });

  it('a keychain that hangs at start is probed once and never called again', async () => {
    const { keytar, state } = standIn();
    state.mode = 'hangs';
    const store = await CredentialStore.open({
      service: 'hang-test',
      timeoutMs: TIMEOUT_MS,
      keytar: async () => keytar,
    });
    expect(store.storageInfo()).toEqual({
      backend: 'session',
      reason: `the OS keychain did not answer a probe within ${TIMEOUT_MS} ms`,
    });
    expect(state.calls).toBe(1);
    for (let i = 0; i < REPEATS; i++) {
      await store.set('prod', 'apiKey', `typed-${i}-abcdefgh`);
      expect(await store.get('prod', 'apiKey')).toBe(`typed-${i}-abcdefgh`);
      await store.status('prod');
      await store.delete('prod', 'ledgerJwt');
      store.recheck();
    }
    expect(state.calls).toBe(1);
  });

  it('a keychain that refuses (an error answer, not a hang) is still asked on every call, as before', async () => {
    const { keytar, state } = standIn();
    const store = await CredentialStore.open({
      service: 'refuse-test',
      timeoutMs: TIMEOUT_MS,
      keytar: async () => keytar,
    });
    await store.set('prod', 'partnerToken', 'known-before-the-refusal-5678');
    state.mode = 'refuses';
    expect(await store.get('prod', 'partnerToken')).toBe('known-before-the-refusal-5678');
    expect(store.storageInfo()).toMatchObject({ backend: 'session', reason: expect.stringMatching(/IsLocked/) });
    const before = state.calls;
    await expect(store.get('prod', 'ledgerJwt')).rejects.toMatchObject({ code: 'keychain' });
    await expect(store.get('prod', 'ledgerJwt')).rejects.toMatchObject({ code: 'keychain' });
    expect(state.calls).toBe(before + 2);
  });
});
