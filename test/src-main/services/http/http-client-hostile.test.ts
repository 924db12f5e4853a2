// httpRequest against hostile and broken services, each a tiny server started here: every limit
// holds (size, depth, time, encoding, redirects, certificates) and each is told in words.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectJson,
  httpRequest,
  invalidUtf8Offset,
  jsonShape,
  nestedDeeperThan,
  retryAfterSeconds,
  statusError,
} from '../../../../src-main/services/http/http-client.ts';

const MB = 1024 * 1024;
const CAP = 2 * MB;
const HUGE = 200 * MB;
const SECRET = 'jwt-secret-never-follows';

/** Bytes each route's server managed to hand to its socket, until the client stopped reading. */
const written = new Map<string, Promise<number>>();
/** Requests the redirect catcher (another host) received, with whether one carried the secret. */
const caught: Array<{ url: string; sawSecret: boolean }> = [];
let drips = 0;

/** Writes up to `total` bytes of JSON-ish filler, as fast as the socket takes them, until the client goes away. */
function pour(res: ServerResponse, total: number): Promise<number> {
  const block = Buffer.alloc(64 * 1024, 0x61);
  return new Promise((resolve) => {
    let sent = 0;
    const done = () => resolve(sent);
    res.on('close', done);
    const more = () => {
      while (sent < total && !res.destroyed) {
        sent += block.length;
        if (!res.write(block)) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  });
}

function route(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  if (path === '/huge') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(HUGE) });
    written.set(path, pour(res, HUGE));
  } else if (path === '/huge-chunked') {
    res.writeHead(200, { 'content-type': 'application/json' });
    written.set(path, pour(res, HUGE));
  } else if (path === '/deep') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
  } else if (path === '/deep-error') {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(`{"error":"boom","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
  } else if (path === '/drip') {
    // One byte per tick until the client gives up: the server's pace, not a wait in the test.
    drips++;
    res.writeHead(200, { 'content-type': 'application/json' });
    const body = '{"transfers":[]}'.padEnd(10_000, ' ');
    let at = 0;
    const timer = setInterval(() => {
      if (res.destroyed || at >= body.length) return void clearInterval(timer);
      res.write(body[at++]);
    }, 40);
    res.on('close', () => clearInterval(timer));
  } else if (path === '/badutf8') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]));
  } else if (path === '/html200') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><head><title>Sign in to Corp Proxy</title></head><body>…</body></html>');
  } else if (path === '/liar') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '20' });
    res.end('{"transfers":[{"id":"a long leg that the header did not count"}]}');
  } else if (path === '/redirect') {
    res.writeHead(307, { location: `http://127.0.0.2:${catcherPort}/stolen?jwt=${SECRET}` });
    res.end();
  } else if (path === '/redirect-same') {
    res.writeHead(302, { location: '/ok' });
    res.end();
  } else if (path === '/limited') {
    res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '2' });
    res.end('{"error":"too many requests"}');
  } else {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  }
}

let server: Server;
let catcher: Server;
let catcherPort = 0;
let base = '';

const listen = (s: Server, host: string) =>
  new Promise<number>((resolve) => s.listen(0, host, () => resolve((s.address() as AddressInfo).port)));

beforeAll(async () => {
  catcher = createServer((req, res) => {
    caught.push({ url: req.url ?? '', sawSecret: JSON.stringify([req.url, req.headers]).includes(SECRET) });
    res.end('{}');
  });
  catcherPort = await listen(catcher, '127.0.0.2');
  server = createServer(route);
  base = `http://127.0.0.1:${await listen(server, '127.0.0.1')}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => catcher.close(resolve));
});

const get = (path: string, extra: Partial<Parameters<typeof httpRequest>[0]> = {}) =>
  httpRequest({ url: `${base}${path}`, what: 'Transfers', maxBytes: CAP, timeoutMs: 2000, ...extra })
    // As the clients read an answer: an error status becomes its typed error.
    .then((response) => expectJson(response, 'Transfers') && null)
    .catch((error: unknown) => error);

describe('httpRequest against a hostile service', () => {
  it('refuses a 200 MB answer by its Content-Length, before reading it', async () => {
    const error = await get('/huge');
    expect(error).toMatchObject({
      code: 'bad_response',
      message: `Transfers: the answer from ${base}/huge is larger than 2 MB (its Content-Length says 200.0 MB); Ledger Explorer stops reading at that size`,
      details: { maxBytes: CAP, declaredBytes: HUGE },
    });
    // The connection is closed, not drained: the server could hand over no more than the socket buffers.
    expect(await written.get('/huge')).toBeLessThan(CAP + 8 * MB);
  });

  it('stops reading a 200 MB answer without a Content-Length at the cap', async () => {
    const rssBefore = process.memoryUsage().rss;
    const error = await get('/huge-chunked');
    expect(error).toMatchObject({
      code: 'bad_response',
      message: `Transfers: the answer from ${base}/huge-chunked is larger than 2 MB; Ledger Explorer stops reading at that size`,
    });
    expect(await written.get('/huge-chunked')).toBeLessThan(CAP + 8 * MB);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(CAP + 64 * MB);
  });

  it('refuses JSON nested 100,000 deep before any caller reads it', async () => {
    expect(await get('/deep')).toMatchObject({
      code: 'bad_response',
      message: `Transfers: the answer from ${base}/deep is nested more than 512 levels deep; Ledger Explorer does not read JSON that deep`,
    });
  });

  it('an error body nested that deep still gives its status, and is never parsed', async () => {
    const error = await get('/deep-error');
    expect(error).toMatchObject({ code: 'service_error', message: expect.stringMatching(/^Transfers: HTTP 500 — /) });
  });

  it('says an answer trickled in, and main answers other calls meanwhile', async () => {
    const drip = get('/drip', { timeoutMs: 600 });
    // Another call while the drip is under way: answered, and the drip is still running.
    await expect(httpRequest({ url: `${base}/ok`, what: 'Other' })).resolves.toMatchObject({ status: 200 });
    expect(drips).toBe(1);
    const error = (await drip) as { code: string; message: string; details: { receivedBytes: number } };
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(
      new RegExp(
        `^Transfers: the answer from ${base}/drip trickled in: \\d+ bytes in 0\\.6 s, then the time limit passed$`,
      ),
    );
    expect(error.details.receivedBytes).toBeGreaterThan(0);
  });

  it('refuses invalid UTF-8 naming the byte', async () => {
    expect(await get('/badutf8')).toMatchObject({
      code: 'bad_response',
      message: `Transfers: the answer from ${base}/badutf8 is not valid UTF-8 (at byte 12)`,
    });
  });

  it('names a 200 HTML page (a proxy sign-in) by its title', async () => {
    expect(await get('/html200')).toMatchObject({
      code: 'bad_response',
      message: 'Transfers: HTTP 200 — the server answered an HTML page, not JSON: Sign in to Corp Proxy',
    });
  });

  it('says a Content-Length that lies did not match, not a bare parse error', async () => {
    expect(await get('/liar')).toMatchObject({
      code: 'bad_response',
      message: `Transfers: the answer from ${base}/liar ended before its JSON did, after 20 bytes: the length the server declared (Content-Length 20) does not match what it sent`,
    });
    // The connection the liar spoiled is not reused for the next call.
    await expect(httpRequest({ url: `${base}/ok`, what: 'Other' })).resolves.toMatchObject({ status: 200 });
  });

  it('never follows a redirect to another host: the secret never gets there', async () => {
    const error = await get('/redirect', { headers: { jwt: SECRET }, secretName: 'JWT' });
    expect(error).toMatchObject({
      code: 'service_error',
      message: `Transfers: the service redirected to http://127.0.0.2:${catcherPort}/stolen; Ledger Explorer does not follow redirects, so your JWT was not sent there`,
      details: { status: 307 },
    });
    expect(JSON.stringify(error)).not.toContain(SECRET);
    expect(caught).toEqual([]);
  });

  it('does not follow a redirect on the same origin either', async () => {
    expect(await get('/redirect-same', { secretName: 'API key' })).toMatchObject({
      code: 'service_error',
      message: `Transfers: the service redirected to ${base}/ok; Ledger Explorer does not follow redirects, so your API key was not sent there`,
    });
  });

  it('a 429 is rate_limited, with the wait the service asked for', async () => {
    expect(await get('/limited')).toMatchObject({
      code: 'rate_limited',
      message: 'Transfers: HTTP 429 — the service is limiting requests; try again in 2 s (too many requests)',
      details: { status: 429, retryAfterSeconds: 2 },
    });
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    const noWait = statusError({ status: 429, headers: new Headers(), text: '' }, 'Chain listing');
    expect(noWait.message).toBe('Chain listing: HTTP 429 — the service is limiting requests; try again later');
  });
});

describe('httpRequest against a self-signed TLS host', () => {
  let dir: string;
  let tls: Server;
  let port: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hostile-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    tls = createTlsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (_q, s) => s.end('{}'),
    );
    port = await listen(tls, '127.0.0.1');
  });
  afterAll(async () => {
    await new Promise((resolve) => tls.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the untrusted certificate and never bypasses the check', async () => {
    const error = await httpRequest({ url: `https://127.0.0.1:${port}/x`, what: 'Chain listing' }).catch((e) => e);
    expect(error).toMatchObject({
      code: 'network',
      message: `Chain listing: the certificate of 127.0.0.1:${port} is not trusted (self-signed: DEPTH_ZERO_SELF_SIGNED_CERT); Ledger Explorer does not bypass certificate checks`,
      details: { certificateError: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
    });
    expect(process.env.NODE_TLS_REJECT_UNAUTHORIZED).toBeUndefined();
  });
});

describe('the scans behind the limits', () => {
  it('nestedDeeperThan counts containers on the parsed value, iteratively (100,000 deep does not overflow)', () => {
    expect(nestedDeeperThan(JSON.parse('{"a":"[[[[{{{{","b":[1,{"c":2}]}'), 3)).toBe(false);
    expect(nestedDeeperThan(JSON.parse('{"a":"x","b":[1,{"c":[]}]}'), 3)).toBe(true);
    expect(nestedDeeperThan('just text', 0)).toBe(false);
    expect(nestedDeeperThan(null, 0)).toBe(false);
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(nestedDeeperThan(deep, 512)).toBe(true);
    expect(nestedDeeperThan(deep, 100_000)).toBe(false);
  });

  it('jsonShape skips strings (brackets and escaped quotes inside them) and finds unfinished JSON', () => {
    expect(jsonShape('{"a":"[[[[{{{{","b":"\\"[[["}', 2)).toBe('ok');
    expect(jsonShape('[[[1]]]', 2)).toBe('too_deep');
    expect(jsonShape('{"a":[1,2', 10)).toBe('unfinished');
    expect(jsonShape('{"a":"unterminated', 10)).toBe('unfinished');
    expect(jsonShape('not json [[[[', 1)).toBe('ok');
    // An escaped backslash ends before the quote; an escaped quote does not end the string.
    expect(jsonShape('{"a":"\\\\"}', 10)).toBe('ok');
    expect(jsonShape('{"a":"\\"]"}', 1)).toBe('ok');
    expect(jsonShape('{"a":"\\\\\\"}', 10)).toBe('unfinished');
  });

  it('invalidUtf8Offset finds the first bad byte, and none in good text', () => {
    expect(invalidUtf8Offset(Buffer.from('héllo €𝄞', 'utf8'))).toBe(Buffer.byteLength('héllo €𝄞'));
    expect(invalidUtf8Offset(Buffer.from([0x61, 0xff]))).toBe(1);
    expect(invalidUtf8Offset(Buffer.from([0x61, 0xe2, 0x82]))).toBe(1); // cut short
    expect(invalidUtf8Offset(Buffer.from([0xed, 0xa0, 0x80]))).toBe(0); // a surrogate
    expect(invalidUtf8Offset(Buffer.from([0xc0, 0xaf]))).toBe(0); // overlong
  });
});
