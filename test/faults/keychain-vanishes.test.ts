// The keychain disappears mid-session: the app's services run in a child process on a private
// D-Bus session with a real gnome-keyring (real keytar, real libsecret), and the test stops the
// keyring daemon while they run. The app must keep working on the session store, say so, and
// never hang behind the missing Secret Service.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppInfo, ChainListing, Profile, SecretKind, SecretStatus } from '../../src-shared/contract/schemas.ts';
import { startPrivateKeyring } from './private-keyring.ts';

type Envelope = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };
type Statuses = Record<SecretKind, SecretStatus>;

/** A private keyring and the app's services in a child process that uses it. */
async function startSession() {
  const keyring = await startPrivateKeyring();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      resolve(import.meta.dirname, 'fixtures/app-services-child.ts'),
      `ledger-explorer-vanish-${randomBytes(4).toString('hex')}`,
    ],
    { env: keyring.env, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const waiting = new Map<number, (reply: { answer: Envelope; ms: number }) => void>();
  let nextId = 1;
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const sandbox = await new Promise<{ apiKey: string; parties: string[] }>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`the services exited (${code}) before they were ready`)));
    lines.on('line', (line) => {
      const message = JSON.parse(line);
      if (message.ready) ready(message.sandbox);
      else waiting.get(message.id)?.(message);
    });
  });
  const call = (channel: string, ...args: unknown[]): Promise<{ answer: Envelope; ms: number }> => {
    const id = nextId++;
    return new Promise((resolveCall) => {
      waiting.set(id, resolveCall);
      child.stdin?.write(`${JSON.stringify({ id, channel, args })}\n`);
    });
  };
  const ok = async <T = unknown>(channel: string, ...args: unknown[]): Promise<T> => {
    const { answer } = await call(channel, ...args);
    expect(answer, `${channel} ${JSON.stringify(answer)}`).toMatchObject({ ok: true });
    return (answer as { value: T }).value;
  };
  const page = (party: string) =>
    call('transfers:page', {
      requestId: `req-${randomBytes(6).toString('hex')}`,
      profileId: 'sandbox',
      filters: {
        party,
        asset: { kind: 'all' },
        effectiveAfter: null,
        effectiveBefore: null,
        orderDesc: true,
        pageSize: 5,
        nodeId: null,
      },
      next: null,
    });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      await call('close');
      await exited;
    }
    await keyring.stop();
  };
  return { keyring, sandbox, call, ok, page, stop };
}

let session: Awaited<ReturnType<typeof startSession>> | undefined;
beforeEach(async () => {
  session = await startSession();
}, 60_000);
afterEach(async () => {
  await session?.stop();
});

describe('the Secret Service stops while the app runs', () => {
  it('keeps every feature working on the session store, says so, and never waits on the missing keychain', async () => {
    const { keyring, sandbox, call, ok, page } = session as NonNullable<typeof session>;
    // Before: the keychain is in use. A key the user saved for the sandbox profile is in it.
    expect((await ok<AppInfo>('app:info')).secretStorage).toEqual({ backend: 'keychain', reason: null });
    await ok('secrets:set', 'sandbox', 'apiKey', sandbox.apiKey);
    expect((await ok<Statuses>('secrets:status', 'sandbox')).apiKey).toMatchObject({
      present: true,
      source: 'keychain',
    });
    expect((await ok<ChainListing>('chains:list', 'sandbox')).chains.map((c) => c.name)).toEqual([
      'ethereum',
      'polygon',
      'base',
    ]);
    const first = await page(sandbox.parties[0]);
    expect(first.answer).toMatchObject({ ok: true });
    const before = (first.answer as { value: { legs: unknown[] } }).value;
    expect(before.legs.length).toBeGreaterThan(0);

    await keyring.stopKeyring();
    expect(await keyring.present()).toBe(false);

    // The key the app was using still works (now from memory); the built-in JWT still works.
    const chains = await call('chains:list', 'sandbox');
    expect(chains.answer).toMatchObject({ ok: true });
    expect(chains.ms).toBeLessThan(2_000);
    const after = await page(sandbox.parties[0]);
    expect(after.answer).toMatchObject({ ok: true, value: { legs: before.legs } });
    expect(after.ms).toBeLessThan(2_000);

    // It says so: where secrets live now, and why (here a call noticed first).
    const info = await ok<AppInfo>('app:info');
    expect(info.secretStorage).toEqual({
      backend: 'session',
      reason: expect.stringMatching(
        /^the OS keychain refused a read: .+; secrets saved from now on are kept only until you quit$/,
      ),
      // The Secret Service gone from a bus that is still there: the banner says "no keychain service".
      cause: 'no-secret-service',
    });
    const status = await ok<Statuses>('secrets:status', 'sandbox');
    expect(status.apiKey).toEqual({ present: true, hint: sandbox.apiKey.slice(-4), source: 'session' });
    expect(status.ledgerJwt).toEqual({ present: true, hint: null, source: 'sandbox' });

    // A secret saved now is kept for the session, and used.
    await ok('secrets:set', 'sandbox', 'partnerToken', 'partner-token-for-this-session-9876');
    expect((await ok<Statuses>('secrets:status', 'sandbox')).partnerToken).toEqual({
      present: true,
      hint: '9876',
      source: 'session',
    });

    // A profile whose secrets this session never read: not "no secret" (the keychain may hold
    // one), but unreadable, and a call that needs it says the keychain failed, at once.
    const { profile } = await ok<{ profile: Profile }>('settings:saveProfile', {
      name: 'Prod',
      baseUrl: 'https://ledger.example.invalid',
      translateUrl: 'https://translate.example.invalid',
      partnerUrl: 'https://partner.example.invalid',
      rpcUrl: 'https://rpc.example.invalid',
      defaultNodeId: null,
      chainAuth: 'apiKey',
      rpcKeyPlacement: 'header',
      rpcSeparator: '_',
      ledgerAuthPlacement: 'header',
    });
    expect((await ok<Statuses>('secrets:status', profile.id)).apiKey).toEqual({
      present: false,
      hint: null,
      source: 'unreadable',
    });
    const refused = await call('chains:list', profile.id);
    expect(refused.answer).toMatchObject({
      ok: false,
      error: {
        code: 'keychain',
        message: expect.stringMatching(/^The apiKey could not be read from the OS keychain: /),
      },
    });
    expect(refused.ms).toBeLessThan(4_000);
    // ...and once the user types it again, it is used from the session.
    await ok('secrets:set', profile.id, 'apiKey', 'prod-key-typed-again-1111');
    expect((await ok<Statuses>('secrets:status', profile.id)).apiKey).toEqual({
      present: true,
      hint: '1111',
      source: 'session',
    });
  });

  it('notices by itself, before any secret is needed: app:info checks the keychain in the background', async () => {
    const { keyring, ok } = session as NonNullable<typeof session>;
    expect((await ok<AppInfo>('app:info')).secretStorage).toEqual({ backend: 'keychain', reason: null });
    await keyring.stopKeyring();
    // The renderer asks app:info every few seconds; the check runs behind one answer, so poll.
    await expect
      .poll(async () => (await ok<AppInfo>('app:info')).secretStorage)
      .toEqual({
        backend: 'session',
        reason: expect.stringMatching(
          /^the OS keychain went away while the app was running \(the OS keychain refused a read: .+\); secrets saved from now on are kept only until you quit$/,
        ),
        cause: 'no-secret-service',
      });
  });
});
