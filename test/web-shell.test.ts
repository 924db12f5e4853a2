// The browser test bridge must be as strict as the Electron one: only the page it served, holding
// the token it handed out, may call main.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatch, type Handlers } from '../src-main/services/handlers/dispatch.ts';
import { startWebShell, type WebShell } from '../src-main/web-shell/web-shell-server.ts';

let shell: WebShell;
let token: string;
beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'web-shell-test-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  const handlers = { app: { info: async () => ({ version: 'test' }) } } as unknown as Handlers;
  shell = await startWebShell({ rendererDir: dir, dispatch: createDispatch(handlers) });
  token = new URL(shell.url).hash.replace('#bridge=', '');
});
afterAll(() => shell.close());

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
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json']) {
      expect((await fetch(`${shell.origin}${path}`)).status).toBe(404);
    }
  });
});
