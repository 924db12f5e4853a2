// A REAL hang: the real keytar against a real gnome-keyring on a private D-Bus session, whose daemon
// the test freezes with SIGSTOP. It stays on the bus, so keytar's calls reach it and are never
// answered (as with a daemon stuck on an unlock prompt). The store must spend one timeout on it,
// switch to the session store with the reason, and never call keytar again: no later call waits.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { type PrivateKeyring, startPrivateKeyring } from './private-keyring.ts';

const TIMEOUT_MS = 500;
const REPEATS = 10;

let keyring: PrivateKeyring | undefined;
let child: ChildProcess | undefined;
afterEach(async () => {
  keyring?.thawKeyring();
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child?.once('exit', done));
    child.stdin?.end('exit\n');
    await exited;
  }
  await keyring?.stop();
});

describe('the keychain hangs (its daemon frozen)', () => {
  it('costs one timeout; then the session store says why, secrets already used keep working, and keytar is never called again', async () => {
    keyring = await startPrivateKeyring();
    child = spawn(
      process.execPath,
      [
        resolve(import.meta.dirname, 'fixtures/hanging-keychain-child.ts'),
        `ledger-explorer-hang-${randomBytes(4).toString('hex')}`,
        String(TIMEOUT_MS),
        String(REPEATS),
      ],
      { env: keyring.env, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
    const next = async () => JSON.parse((await lines.next()).value as string);

    const ready = await next();
    expect(ready).toMatchObject({
      ready: true,
      storage: { backend: 'keychain', reason: null },
      readBack: 'saved-in-the-real-keychain-1234',
    });

    keyring.freezeKeyring();
    child.stdin?.write('hang\n');
    const { first, after } = await next();

    // The first call reached keytar and timed out; the key it had read stays usable, from memory.
    expect(first.keytarCalls).toBe(ready.keytarCalls + 1);
    expect(first.apiKey).toBe('saved-in-the-real-keychain-1234');
    expect(first.storage).toEqual({
      backend: 'session',
      reason: `the OS keychain did not answer a read within ${TIMEOUT_MS} ms; secrets are kept in memory until you quit`,
    });
    // Then REPEATS rounds of reads, a save, status and the background check: not one keytar call.
    expect(after.keytarCalls).toBe(first.keytarCalls);
    expect(after.storage).toEqual(first.storage);
    expect(after.apiKey).toBe('saved-in-the-real-keychain-1234');
    expect(after.partnerToken).toBe(`typed-after-the-hang-${REPEATS - 1}`);
    expect(after.status).toEqual({
      apiKey: { present: true, hint: '1234', source: 'session' },
      partnerToken: { present: true, hint: `ng-${REPEATS - 1}`, source: 'session' },
      // Never read this session: the keychain may hold one.
      ledgerJwt: { present: false, hint: null, source: 'unreadable' },
    });
    // What this session never read is "cannot be read", said at once, never a guess of "none".
    expect(after.unreadable).toBe(REPEATS);
    expect(after.unreadableMessage).toBe(
      `The ledgerJwt could not be read from the OS keychain: the OS keychain did not answer a read within ${TIMEOUT_MS} ms.`,
    );
  }, 60_000);
});
