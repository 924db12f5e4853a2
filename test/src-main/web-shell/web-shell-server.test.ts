// The browser test bridge must be as strict as the Electron one: only the page it served, holding
// the token it handed out, may call main.

import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatch, type Handlers } from '../../../src-main/services/handlers/dispatch.ts';
import { startWebShell, type WebShell } from '../../../src-main/web-shell/web-shell-server.ts';

let shell: WebShell;
let token: string;
beforeAll(async () => {
  // parent/app is served; parent/secret.txt and parent/app-x/leak.txt must stay out of reach.
  const parent = await mkdtemp(join(tmpdir(), 'web-shell-test-'));
  const dir = join(parent, 'app');
  await mkdir(dir);
  await mkdir(join(parent, 'app-x'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(parent, 'secret.txt'), 'secret');
  await writeFile(join(parent, 'app-x', 'leak.txt'), 'leak');
  const handlers = { app: { info: async () => ({ version: 'test' }) } } as unknown as Handlers;
  shell = await startWebShell({ rendererDir: dir, dispatch: createDispatch(handlers) });
  token = new URL(shell.url).hash.replace('#bridge=', '');
});
afterAll(() => shell.close());

/** GET with the path sent exactly as written. */
function rawGet(path: string): Promise<number> {
  const { port } = new URL(shell.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

const call = (headers: Record<string, string>, channel = 'app:info', body = '[]') =>
  fetch(`${shell.origin}/__bridge/${channel}`, { method: 'POST', headers, body });

describe('web shell (browser test bridge)', () => {
  it('answers the page it served, holding its token, with an envelope', async () => {
    const response = await call({ origin: shell.origin, authorization: `Bearer ${token}` });
    expect(await response.json()).toEqual({ ok: true, value: { version: 'test' } });
  });

  it('refuses another origin, a missing or wrong token, and GET', async () => {
    expect((await call({ origin: 'http://evil.example', authorization: `Bearer ${token}` })).status).toBe(403);
    expect((await call({ authorization: `Bearer ${token}` })).status).toBe(403);
    expect((await call({ origin: shell.origin })).status).toBe(403);
    expect((await call({ origin: shell.origin, authorization: `Bearer ${token.slice(0, -1)}x` })).status).toBe(403);
    expect((await fetch(`${shell.origin}/__bridge/app:info`)).status).toBe(405);
  });

  it('answers malformed JSON with 400 and unknown channels with a typed error', async () => {
    const headers = { origin: shell.origin, authorization: `Bearer ${token}` };
    expect((await call(headers, 'app:info', '[')).status).toBe(400);
    expect(await (await call(headers, 'nope:nope')).json()).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
  });

  it('serves the renderer with the strict CSP, and nothing outside its folder', async () => {
    const page = await fetch(`${shell.origin}/`);
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    // Raw paths (fetch would normalise them) aimed at files that do exist next to the served folder.
    expect(await rawGet('/index.html')).toBe(200);
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/..%2f' + 'app-x/leak.txt',
      '/%E0%A4%A',
    ]) {
      expect(await rawGet(path), path).toBe(404);
    }
  });
});
