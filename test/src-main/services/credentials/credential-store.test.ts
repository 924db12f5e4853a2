// The credential store against the REAL keytar and a real Secret Service (gnome-keyring on a
// private D-Bus session started by test/keyring-global-setup.ts).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import keytar from 'keytar';
import { describe, expect, it } from 'vitest';
import { CredentialStore, secretHint } from '../../../../src-main/services/credentials/credential-store.ts';

const run = promisify(execFile);
const service = () => `ledger-explorer-test-${randomBytes(4).toString('hex')}`;

describe('CredentialStore on the OS keychain', () => {
  it('uses the keychain when a Secret Service is there', async () => {
    const store = await CredentialStore.open({ service: service() });
    expect(store.storageInfo()).toEqual({ backend: 'keychain', reason: null });
  });

  it('stores each secret kind per profile in the keychain itself, and reports only present + hint', async () => {
    const name = service();
    const store = await CredentialStore.open({ service: name });
    const jwt = `eyJhbGciOiJIUzI1NiJ9.${randomBytes(12).toString('hex')}.sig-${randomBytes(4).toString('hex')}`;
    await store.set('prod', 'ledgerJwt', jwt);
    await store.set('prod', 'apiKey', 'short');

    // The secret is really in the Secret Service, readable by keytar directly.
    expect(await keytar.getPassword(name, 'prod:ledgerJwt')).toBe(jwt);
    expect(await store.get('prod', 'ledgerJwt')).toBe(jwt);
    expect(await store.get('other', 'ledgerJwt')).toBeNull();

    const status = await store.status('prod');
    expect(status.ledgerJwt).toEqual({ present: true, hint: jwt.slice(-4), source: 'keychain' });
    expect(status.apiKey).toEqual({ present: true, hint: null, source: 'keychain' });
    expect(status.partnerToken).toEqual({ present: false, hint: null, source: null });
    expect(JSON.stringify(status)).not.toContain(jwt.slice(0, -4));

    // A second store (a restart) still finds it.
    expect(await (await CredentialStore.open({ service: name })).get('prod', 'ledgerJwt')).toBe(jwt);

    await store.deleteProfile('prod');
    expect(await keytar.findCredentials(name)).toEqual([]);
  });

  it('gives a hint only for secrets long enough to keep most of them hidden', () => {
    expect(secretHint('abcdefghijkl')).toBe('ijkl');
    expect(secretHint('abcdefgh')).toBeNull();
  });

  it('falls back to the session store when keytar hangs, instead of hanging the app', async () => {
    const hanging = { findCredentials: () => new Promise<never>(() => {}) };
    const store = await CredentialStore.open({
      service: service(),
      timeoutMs: 100,
      keytar: async () => hanging as never,
    });
    expect(store.storageInfo()).toEqual({
      backend: 'session',
      reason: 'the OS keychain did not answer a probe within 100 ms',
    });
  });

  it('when the keychain fails mid-session: saves fall back to the session, secrets already used keep working, unknown reads and deletes say what failed', async () => {
    let broken = false;
    const fail = async () => {
      if (broken) throw new Error('org.freedesktop.DBus.Error.ServiceUnknown');
    };
    const saved = new Map<string, string>();
    const flaky = {
      findCredentials: async () => [],
      getPassword: async (_s: string, account: string) => {
        await fail();
        return saved.get(account) ?? null;
      },
      setPassword: async (_s: string, account: string, secret: string) => {
        await fail();
        saved.set(account, secret);
      },
      deletePassword: async () => {
        await fail();
        return true;
      },
    };
    const store = await CredentialStore.open({ service: service(), keytar: async () => flaky });
    await store.set('prod', 'partnerToken', 'saved-and-used-this-session');
    // Saved by an earlier run: this session never asked the keychain for it.
    saved.set('prod:ledgerJwt', 'saved-while-the-keychain-worked');
    expect(store.storageInfo().backend).toBe('keychain');

    broken = true;
    // A secret this session already had keeps working, now from memory.
    expect(await store.get('prod', 'partnerToken')).toBe('saved-and-used-this-session');
    // A read of one it never had does not pretend the secret is gone: it says the keychain failed.
    await expect(store.get('prod', 'ledgerJwt')).rejects.toMatchObject({
      code: 'keychain',
      message: expect.stringMatching(/could not be read from the OS keychain: .*ServiceUnknown/),
    });
    expect(store.storageInfo()).toMatchObject({ backend: 'session', reason: expect.stringMatching(/ServiceUnknown/) });
    // A save still works, for this session.
    await store.set('prod', 'apiKey', 'kept-for-this-session-1234');
    expect(await store.get('prod', 'apiKey')).toBe('kept-for-this-session-1234');
    const status = await store.status('prod');
    expect(status.apiKey).toEqual({ present: true, hint: '1234', source: 'session' });
    expect(status.ledgerJwt).toEqual({ present: false, hint: null, source: 'unreadable' });
    expect(status.partnerToken).toEqual({ present: true, hint: 'sion', source: 'session' });
    // A delete that cannot reach the keychain is an error, not a silent half-delete.
    await expect(store.delete('prod', 'ledgerJwt')).rejects.toMatchObject({ code: 'keychain' });
  });
});

describe('CredentialStore without a Secret Service', () => {
  it('falls back to memory in a process that has no D-Bus session, within a second', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
    delete env.DISPLAY;
    const started = Date.now();
    const { stdout } = await run(
      process.execPath,
      [resolve(import.meta.dirname, '../../../fixtures/open-credential-store.ts')],
      {
        env,
        timeout: 15_000,
      },
    );
    const result = JSON.parse(stdout);
    expect(result.storage.backend).toBe('session');
    expect(result.storage.reason).toMatch(/OS keychain/);
    expect(result.roundTrip).toBe('session-secret-5678');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
