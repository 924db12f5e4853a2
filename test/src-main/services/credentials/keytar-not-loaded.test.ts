// keytar is an optional dependency: where its native build failed (no libsecret-1-dev), npm install
// skips it and the app must still start, on the session store, saying that the keychain MODULE is
// missing (not the keychain service) and what to install. The loaders here fail with the real error
// shapes, produced by Node itself: the package absent, its keytar.node absent, its keytar.node not loadable.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CredentialStore } from '../../../../src-main/services/credentials/credential-store.ts';
import type { KeytarModule } from '../../../../src-main/services/credentials/keytar-backend.ts';
import { keychainAdvice, keychainHeadline } from '../../../../src-renderer/ui/keychain-advice.ts';

const base = mkdtempSync(join(tmpdir(), 'ledger-keytar-missing-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/**
 * A loader that fails as the app's `import('keytar')` fails in a folder whose node_modules/keytar
 * `prepare` shaped: Node itself (a child process, so vitest's resolver is not involved) makes the
 * error; the loader throws it again with its code and message.
 */
function loaderIn(name: string, prepare: (keytarDir: string) => void): () => Promise<KeytarModule> {
  const dir = join(base, name);
  mkdirSync(dir, { recursive: true });
  prepare(join(dir, 'node_modules/keytar'));
  const { status, stdout } = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "try { await import('keytar'); } catch (e) { process.stdout.write(JSON.stringify({ code: e.code, message: e.message })); }",
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  expect(status).toBe(0);
  const { code, message } = JSON.parse(stdout) as { code: string; message: string };
  return async () => {
    throw Object.assign(new Error(message), { code });
  };
}

/** The real keytar package's JavaScript, without (or with a broken) native part. */
function keytarWithout(nativePart: 'missing' | 'broken') {
  return (keytarDir: string) => {
    const real = dirname(createRequire(import.meta.url).resolve('keytar/package.json'));
    mkdirSync(join(keytarDir, 'lib'), { recursive: true });
    copyFileSync(join(real, 'package.json'), join(keytarDir, 'package.json'));
    copyFileSync(join(real, 'lib/keytar.js'), join(keytarDir, 'lib/keytar.js'));
    if (nativePart === 'broken') {
      mkdirSync(join(keytarDir, 'build/Release'), { recursive: true });
      writeFileSync(join(keytarDir, 'build/Release/keytar.node'), 'not a shared object\n'.repeat(256));
    }
  };
}

describe('keytar cannot be loaded', () => {
  it.each([
    [
      'not installed (npm skipped the optional dependency)',
      () => {},
      'ERR_MODULE_NOT_FOUND',
      /^keytar, .+, is not installed \(Cannot find package 'keytar' /,
    ],
    [
      'installed without its keytar.node',
      keytarWithout('missing'),
      'MODULE_NOT_FOUND',
      /^keytar, .+, is installed but its native part does not load \(Cannot find module '\.\.\/build\/Release\/keytar\.node'/,
    ],
    [
      'installed with a keytar.node that will not load (dlopen)',
      keytarWithout('broken'),
      'ERR_DLOPEN_FAILED',
      /^keytar, .+, is installed but its native part does not load \(.*keytar\.node: invalid ELF header/,
    ],
  ])('%s: the session store, the cause, and the install advice', async (name, prepare, code, reason) => {
    const load = loaderIn(name.split(' ').slice(0, 3).join('-'), prepare);
    // Node's own error, as the app's loader meets it.
    await expect(load()).rejects.toMatchObject({ code });

    const store = await CredentialStore.open({ service: 'ledger-explorer-keytar-missing', keytar: load });
    const info = store.storageInfo();
    expect(info).toEqual({ backend: 'session', reason: expect.stringMatching(reason), cause: 'keytar-not-loaded' });
    // The app works: secrets live in memory for the session.
    await store.set('prod', 'apiKey', 'kept-in-memory-4321');
    expect(await store.get('prod', 'apiKey')).toBe('kept-in-memory-4321');
    expect((await store.status('prod')).apiKey).toEqual({ present: true, hint: '4321', source: 'session' });

    // The banner says the module is missing (not the service), and what to install.
    expect(keychainHeadline(info.cause)).toBe(
      "Secrets you save are kept only until you quit: Ledger Explorer's keychain module (keytar) is not installed.",
    );
    const advice = keychainAdvice('linux', info.cause);
    expect(advice).toContain('Debian/Ubuntu: sudo apt install libsecret-1-dev gnome-keyring');
    expect(advice).toContain('Fedora: sudo dnf install libsecret-devel gnome-keyring');
    expect(advice).toContain('then run npm install again');
  });

  it('a keychain service that is not running still reads as such: no keytar advice', async () => {
    const refusing = {
      findCredentials: async () => Promise.reject(new Error('org.freedesktop.DBus.Error.ServiceUnknown')),
    };
    const store = await CredentialStore.open({
      service: 'ledger-explorer-no-service',
      keytar: async () => refusing as never,
    });
    const info = store.storageInfo();
    expect(info).toEqual({
      backend: 'session',
      reason: expect.stringMatching(/ServiceUnknown/),
      cause: 'no-secret-service',
    });
    expect(keychainHeadline(info.cause)).toBe(
      'Secrets you save are kept only until you quit: this system has no keychain service running.',
    );
    expect(keychainAdvice('linux', info.cause)).not.toContain('npm install');
  });

  it.each([
    // Measured with the real keytar on Debian 12 (docs/security.md, "Secrets"): no bus address and no X11,
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'no-session-bus'],
    // a bus address that leads nowhere,
    ['Could not connect: No such file or directory', 'no-session-bus'],
    // a bus without a Secret Service,
    ['The name org.freedesktop.secrets was not provided by any .service files', 'no-secret-service'],
    // a keyring never unlocked.
    ['Object does not exist at path “/org/freedesktop/secrets/collection/login”', 'locked'],
    ['the OS keychain did not answer within 5 s', undefined],
  ])("tells the cause from the system's words: %s", async (message, cause) => {
    const refusing = { findCredentials: async () => Promise.reject(new Error(message)) };
    const store = await CredentialStore.open({
      service: 'ledger-explorer-causes',
      keytar: async () => refusing as never,
    });
    expect(store.storageInfo().cause).toBe(cause);
  });
});
