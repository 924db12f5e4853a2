// The browser version's server must be as strict as the Electron bridge: only the page it served,
// at a loopback name of its own port, holding the key, may call main; and it proves to a page that
// it holds the key without the page sending it (docs/security.md, "The browser version's key").

import { createHmac } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatch, type Dispatch, type Handlers } from '../../../src-main/services/dispatch.ts';
import { loopbackHost, startWebShell, type WebShell } from '../../../src-main/web-shell/web-shell-server.ts';
import { serverProofText } from '../../../src-shared/bridge/web-bridge.ts';
import { rawRequest } from './raw-request.ts';

const handlers = { app: { info: async () => ({ version: 'test' }) } } as unknown as Handlers;
let dir: string;
let shell: WebShell;
let key: string;
let host: string;
beforeAll(async () => {
  // parent/app is served; parent/secret.txt and parent/app-x/leak.txt must stay out of reach.
  const parent = await mkdtemp(join(tmpdir(), 'web-shell-test-'));
  dir = join(parent, 'app');
  await mkdir(dir);
  await mkdir(join(parent, 'app-x'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(parent, 'secret.txt'), 'secret');
  await writeFile(join(parent, 'app-x', 'leak.txt'), 'leak');
  shell = await startWebShell({ rendererDir: dir, dispatch: createDispatch(handlers) });
  key = new URL(shell.url).hash.replace('#bridge=', '');
  host = `127.0.0.1:${shell.port}`;
});
afterAll(() => shell.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request sent exactly as written, its body as text. */
async function raw(options: {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<Answer> {
  const answer = await rawRequest({ port: shell.port, host, ...options });
  return { ...answer, body: answer.body.toString('utf8') };
}

const call = (headers: Record<string, string>, channel = 'app:info', body = '[]') =>
  raw({ path: `/__bridge/${channel}`, method: 'POST', headers, body });

describe('web shell: who may call main', () => {
  it('answers the page it served, holding its key, with an envelope', async () => {
    const answer = await call({ origin: shell.origin, authorization: `Bearer ${key}` });
    expect(JSON.parse(answer.body)).toEqual({ ok: true, value: { version: 'test' } });
  });

  it('answers the same page opened as localhost:PORT (its own origin then)', async () => {
    const answer = await call({
      host: `localhost:${shell.port}`,
      origin: `http://localhost:${shell.port}`,
      authorization: `Bearer ${key}`,
    });
    expect(answer.status).toBe(200);
  });

  it('refuses another origin, an origin that does not match the Host, a missing or wrong key, and GET', async () => {
    const good = `Bearer ${key}`;
    expect((await call({ origin: 'http://evil.example', authorization: good })).status).toBe(403);
    expect((await call({ origin: 'http://127.0.0.1:1', authorization: good })).status).toBe(403);
    expect((await call({ origin: `http://localhost:${shell.port}`, authorization: good })).status).toBe(403);
    expect((await call({ authorization: good })).status).toBe(403);
    expect((await call({ origin: shell.origin })).status).toBe(403);
    expect((await call({ origin: shell.origin, authorization: `Bearer ${key.slice(0, -1)}x` })).status).toBe(403);
    expect((await call({ origin: shell.origin, authorization: `Bearer ${key}x` })).status).toBe(403);
    expect((await call({ origin: shell.origin, authorization: key })).status).toBe(403);
    const refused = await call({ origin: shell.origin, authorization: 'Bearer nope' });
    expect(refused.body).toBe('bad bridge token');
    expect((await raw({ path: '/__bridge/app:info', headers: { origin: shell.origin } })).status).toBe(405);
  });

  it('refuses every request naming another host (DNS rebinding), even with the key', async () => {
    for (const other of [
      `evil.example:${shell.port}`,
      `127.0.0.1:${shell.port + 1}`,
      '127.0.0.1',
      `0x7f.1:${shell.port}`,
    ]) {
      const origin = `http://${other}`;
      const bridge = await call({ host: other, origin, authorization: `Bearer ${key}` });
      expect(bridge.status, other).toBe(403);
      expect(bridge.body).toBe('unknown host');
      expect((await raw({ path: '/index.html', headers: { host: other } })).status, other).toBe(403);
      expect((await raw({ path: '/__health', headers: { host: other } })).status, other).toBe(403);
    }
  });

  it('reads the Host header strictly', () => {
    expect(loopbackHost('127.0.0.1:4780', 4780)).toBe('127.0.0.1:4780');
    expect(loopbackHost('LocalHost:4780', 4780)).toBe('localhost:4780');
    for (const bad of [
      undefined,
      '',
      '127.0.0.1',
      '127.0.0.1:04780',
      '127.0.0.1:4781',
      'localhost.evil:4780',
      ' 127.0.0.1:4780',
    ]) {
      expect(loopbackHost(bad, 4780), String(bad)).toBeNull();
    }
  });

  it('answers malformed JSON with 400 and unknown channels with a typed error', async () => {
    const headers = { origin: shell.origin, authorization: `Bearer ${key}` };
    expect((await call(headers, 'app:info', '[')).status).toBe(400);
    expect(JSON.parse((await call(headers, 'nope:nope')).body)).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
  });
});

describe('web shell: /__health', () => {
  it('says who it is to anyone on loopback, with no CORS header (another origin cannot read it)', async () => {
    const answer = await raw({ path: '/__health', headers: { origin: 'http://evil.example' } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ app: 'ledger-explorer', instance: shell.instance });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('proves it holds the key for the origin it was asked at, without the key being sent', async () => {
    const challenge = 'ab'.repeat(16);
    const proofAt = async (name: string) =>
      JSON.parse((await raw({ path: `/__health?challenge=${challenge}`, headers: { host: name } })).body).proof;
    const sign = (origin: string) => createHmac('sha256', key).update(serverProofText(origin, challenge)).digest('hex');
    expect(await proofAt(host)).toBe(sign(shell.origin));
    expect(await proofAt(`localhost:${shell.port}`)).toBe(sign(`http://localhost:${shell.port}`));
    // Useless on another port: a program there relaying our proof to a page of its origin is caught.
    expect(await proofAt(host)).not.toBe(sign(`http://127.0.0.1:${shell.port + 1}`));
    for (const bad of ['short', 'zz'.repeat(16), 'ab'.repeat(65)]) {
      expect((await raw({ path: `/__health?challenge=${bad}` })).status, bad).toBe(400);
    }
  });
});

describe('web shell: serving the renderer', () => {
  it('serves it with the strict CSP and no referrer, and nothing outside its folder', async () => {
    const page = await raw({ path: '/' });
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await raw({ path: '/index.html' })).status).toBe(200);
    // Raw paths aimed at files that do exist next to the served folder.
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/..%2fapp-x/leak.txt',
      '/%E0%A4%A',
    ]) {
      expect((await raw({ path })).status, path).toBe(404);
    }
  });

  it('takes a given key and port, listens before main is ready, and answers calls once it is', async () => {
    let ready: (dispatch: Dispatch) => void = () => {};
    const dispatch = new Promise<Dispatch>((resolve) => {
      ready = resolve;
    });
    const given = 'cd'.repeat(24);
    const early = await startWebShell({ rendererDir: dir, dispatch, key: given });
    try {
      expect(early.url).toBe(`${early.origin}/#bridge=${given}`);
      expect((await fetch(`${early.origin}/__health`)).status).toBe(200);
      const answer = fetch(`${early.origin}/__bridge/app:info`, {
        method: 'POST',
        headers: { origin: early.origin, authorization: `Bearer ${given}` },
        body: '[]',
      });
      ready(createDispatch(handlers));
      expect(await (await answer).json()).toEqual({ ok: true, value: { version: 'test' } });
      // Its port is now taken: a second server on it is refused with the listen error.
      await expect(startWebShell({ rendererDir: dir, dispatch, port: early.port })).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      await early.close();
    }
  });
});
