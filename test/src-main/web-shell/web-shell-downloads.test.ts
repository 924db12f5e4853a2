// The browser version's downloads (docs/security.md, "Downloads in the browser version"), against a
// real HTTP server: a file main wrote reaches the browser byte for byte, once, through a token the
// page got over the keyed bridge; nothing else comes out of `/__download/`.
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatch, type Handlers } from '../../../src-main/services/dispatch.ts';
import { appHandlers } from '../../../src-main/services/handlers/app-handlers.ts';
import {
  contentDisposition,
  DOWNLOAD_TTL_MS,
  DownloadRegistry,
} from '../../../src-main/services/local-ledger/export/download-registry.ts';
import type { ServiceContext } from '../../../src-main/services/service-context.ts';
import { startWebShell, type WebShell } from '../../../src-main/web-shell/web-shell-server.ts';
import type { DownloadOffer } from '../../../src-shared/contract/schemas.ts';
import { rawRequest } from './raw-request.ts';

let dir: string;
let shell: WebShell;
let key: string;
let host: string;
let clock = Date.parse('2026-11-22T10:00:00Z');
const registry = new DownloadRegistry({ now: () => clock });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'web-downloads-test-'));
  await mkdir(join(dir, 'app'));
  await writeFile(join(dir, 'app', 'index.html'), '<!doctype html><title>app</title>');
  // app:download as main answers it: the real handler over the registry (nothing else of ctx is used).
  const ctx = { downloads: registry } as unknown as ServiceContext;
  const handlers = { app: appHandlers(ctx, undefined as never, dir) } as unknown as Handlers;
  shell = await startWebShell({
    rendererDir: join(dir, 'app'),
    dispatch: createDispatch(handlers),
    downloads: registry,
  });
  key = new URL(shell.url).hash.replace('#bridge=', '');
  host = `127.0.0.1:${shell.port}`;
});
afterAll(async () => {
  await shell.close();
  await rm(dir, { recursive: true, force: true });
});

/** A request sent exactly as written (path, Host and Origin included); the body as bytes. */
const raw = (options: { path: string; method?: string; headers?: Record<string, string>; body?: string }) =>
  rawRequest({ port: shell.port, host, ...options });

/** What the page does: app:download over the bridge, with its key and origin. */
async function offer(path: string, headers = { origin: shell.origin, authorization: `Bearer ${key}` }) {
  const answer = await raw({ path: '/__bridge/app:download', method: 'POST', headers, body: JSON.stringify([path]) });
  return { status: answer.status, envelope: answer.status === 200 ? JSON.parse(answer.body.toString('utf8')) : null };
}

async function offered(path: string): Promise<DownloadOffer> {
  const { envelope } = await offer(path);
  expect(envelope, JSON.stringify(envelope)).toMatchObject({ ok: true });
  return envelope.value;
}

/** A file as main writes one (then tells the registry it is whole). */
async function written(name: string, bytes: Buffer | string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes, { mode: 0o600 });
  await registry.add(path);
  return path;
}

describe('GET /__download/<token>', () => {
  it('streams a written export byte for byte, as an attachment under its exact name, with safe headers', async () => {
    // 5 MB of random bytes (more than one stream chunk), under a name with quotes, a semicolon and non-ASCII.
    const bytes = randomBytes(5 * 1024 * 1024);
    const name = 'transfers "Q1"; façade € (2).csv';
    const path = await written(name, bytes);
    const deal = await offered(path);
    expect(deal.fileName).toBe(name);
    expect(deal.bytes).toBe(bytes.length);
    // The address names no path: only the token.
    expect(deal.url).toMatch(/^\/__download\/[A-Za-z0-9_-]{43}$/);
    expect(deal.url).not.toContain('transfers');

    const answer = await raw({ path: deal.url, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(answer.status).toBe(200);
    expect(answer.body.equals(bytes)).toBe(true);
    expect(answer.headers['content-length']).toBe(String(bytes.length));
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
    const disposition = answer.headers['content-disposition'] as string;
    expect(disposition).toBe(
      `attachment; filename="transfers _Q1_; fa_ade _ (2).csv"; filename*=UTF-8''transfers%20%22Q1%22%3B%20fa%C3%A7ade%20%E2%82%AC%20%282%29.csv`,
    );
    // What a browser reads from filename* is the exact name.
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] as string)).toBe(name);
  });

  it('gives each type its own Content-Type (HTML as an attachment a browser will not run)', async () => {
    for (const [name, type] of [
      ['a.jsonl', 'application/jsonl; charset=utf-8'],
      ['a.parquet', 'application/vnd.apache.parquet'],
      ['report.html', 'text/html; charset=utf-8'],
      ['no-extension', 'application/octet-stream'],
    ] as const) {
      const answer = await raw({ path: (await offered(await written(name, '<script>x</script>'))).url });
      expect(answer.headers['content-type'], name).toBe(type);
      expect(answer.headers['content-disposition'], name).toMatch(/^attachment;/);
      expect(answer.headers['content-security-policy'], name).toBe("default-src 'none'; sandbox");
    }
  });

  it('serves a token once: the same address again is 404 with no detail', async () => {
    const deal = await offered(await written('once.csv', 'a,b\n'));
    expect((await raw({ path: deal.url })).status).toBe(200);
    const again = await raw({ path: deal.url });
    expect(again.status).toBe(404);
    expect(again.body.toString()).toBe('not found');
  });

  it('answers a guessed or path-like token 404 with no detail, and never a file', async () => {
    const path = await written('target.csv', 'secret-ish,data\n');
    await offered(path);
    for (const guess of [
      `/__download/${randomBytes(32).toString('base64url')}`,
      `/__download/${encodeURIComponent(path)}`,
      `/__download/${path}`,
      '/__download/..%2F..%2F..%2Fetc%2Fpasswd',
      '/__download/target.csv',
      '/__download/',
      `/__download/${'A'.repeat(43)}/x`,
    ]) {
      const answer = await raw({ path: guess });
      expect(answer.status, guess).toBe(404);
      expect(answer.body.toString(), guess).toBe('not found');
    }
  });

  it('answers an expired token 404 (ten minutes after it was given)', async () => {
    const deal = await offered(await written('late.csv', 'a\n'));
    clock += DOWNLOAD_TTL_MS;
    const answer = await raw({ path: deal.url });
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).toBe('not found');
  });

  it('says in words that a file deleted or changed after it was written is gone (410), and does not crash', async () => {
    const deleted = await written('deleted.csv', 'a\n');
    const deletedDeal = await offered(deleted);
    await rm(deleted);
    const gone = await raw({ path: deletedDeal.url });
    expect(gone.status).toBe(410);
    expect(gone.body.toString()).toBe(
      `deleted.csv is no longer where it was written (${deleted}): it was deleted or moved. Export it again.`,
    );

    const changed = await written('changed.csv', 'a\n');
    const changedDeal = await offered(changed);
    await appendFile(changed, 'b\n');
    const stale = await raw({ path: changedDeal.url });
    expect(stale.status).toBe(410);
    expect(stale.body.toString()).toBe(
      `changed.csv changed on disk after it was written (${changed}): export it again to download it.`,
    );
    // Asked for again, app:download says the same before any address is given.
    expect((await offer(changed)).envelope).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringContaining('changed on disk after it was written') },
    });
    // The server still serves.
    expect((await raw({ path: (await offered(await written('after.csv', 'ok\n'))).url })).status).toBe(200);
  });

  it('offers only files main wrote: any other path, however real, is refused by app:download', async () => {
    const outside = join(dir, 'not-written-by-main.csv');
    await writeFile(outside, 'x\n');
    for (const path of [outside, join(dir, 'app', 'index.html'), '/etc/passwd', `${dir}/../etc/passwd`]) {
      expect((await offer(path)).envelope, path).toEqual({
        ok: false,
        error: {
          code: 'not_found',
          message: 'Only a file this server wrote since it started can be downloaded: export it again.',
        },
      });
    }
  });

  it('gives a token only over the keyed bridge: no key, a wrong key or another origin is refused as any call', async () => {
    const path = await written('keyed.csv', 'a\n');
    expect((await offer(path, { origin: shell.origin } as never)).status).toBe(403);
    expect((await offer(path, { origin: shell.origin, authorization: `Bearer ${key}x` })).status).toBe(403);
    expect((await offer(path, { origin: 'http://evil.example', authorization: `Bearer ${key}` })).status).toBe(403);
  });

  it('refuses a download another site, another port or another host starts, and keeps the token for the page', async () => {
    const deal = await offered(await written('guarded.csv', 'a\n'));
    const refusals: Array<[Record<string, string>, number, string]> = [
      [{ origin: 'http://evil.example' }, 403, 'foreign origin'],
      [{ origin: `http://127.0.0.1:${shell.port + 1}` }, 403, 'foreign origin'],
      // Another port of 127.0.0.1 is the same site, not the same origin.
      [{ 'sec-fetch-site': 'same-site' }, 403, 'foreign origin'],
      [{ 'sec-fetch-site': 'cross-site' }, 403, 'foreign origin'],
      // DNS rebinding: a name other than our loopback ones.
      [{ host: `evil.example:${shell.port}` }, 403, 'unknown host'],
    ];
    for (const [headers, status, body] of refusals) {
      const answer = await raw({ path: deal.url, headers });
      expect(answer.status, JSON.stringify(headers)).toBe(status);
      expect(answer.body.toString()).toBe(body);
    }
    expect((await raw({ path: deal.url, method: 'POST' })).status).toBe(405);
    expect((await raw({ path: deal.url, method: 'HEAD' })).status).toBe(405);
    // None of those used the token up: the page's own navigation still downloads.
    const own = await raw({ path: deal.url, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(own.status).toBe(200);
    expect(own.body.toString()).toBe('a\n');
  });
});

describe('Content-Disposition', () => {
  it('keeps any name one header: CR/LF, quotes and backslashes never break out of it', () => {
    expect(contentDisposition('a\r\nSet-Cookie: x=1\\"b.csv')).toBe(
      `attachment; filename="a__Set-Cookie: x=1__b.csv"; filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x%3D1%5C%22b.csv`,
    );
  });
});

describe('app:download in the desktop app', () => {
  it('is unsupported: it saves where the user chose, nothing is served', async () => {
    const handlers = { app: appHandlers({} as ServiceContext, undefined as never, dir) } as unknown as Handlers;
    expect(await createDispatch(handlers)('app:download', ['/tmp/x.csv'])).toMatchObject({
      ok: false,
      error: { code: 'unsupported' },
    });
  });
});
