// The hostile faults (issue 17) on every interface, against raw node:http, node:net and fetch: no
// app code in between. Bodies are checked by their bytes; the 200 MB ones by counting the first
// megabyte and hanging up (never by downloading them); the drip by bytes received, not by time.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUGE_BYTES, HUGE_PARTS, VALID } from '../../src-sandbox/faults/answers.ts';
import type { CaughtRequest, FaultedRequest } from '../../src-sandbox/faults.ts';
import { type SandboxInternals, startSandboxNetwork } from '../../src-sandbox/sandbox-network.ts';

type Where = 'ledger' | 'chains' | 'rpc';
const INTERFACES: Where[] = ['ledger', 'chains', 'rpc'];

let net: SandboxInternals;
let jwt: string;
let apiKey: string;
beforeAll(async () => {
  net = await startSandboxNetwork({ seed: 17, transfers: 200, faults: true, evm: false });
  jwt = net.ledger.auth.tokens.readAll;
  apiKey = net.credentials.apiKey;
});
afterAll(() => net.close());

/** Each interface's address, with its secret where the app would put it, and a query the log must not keep. */
const target = (where: Where, base = net.urls) =>
  ({
    ledger: {
      method: 'GET',
      url: `${base.baseUrl}/api/v2/parties/${encodeURIComponent(net.ledger.store.parties.ids[0])}/tokenTransfers?pageSize=2`,
      headers: { jwt } as Record<string, string>,
    },
    chains: {
      method: 'GET',
      url: `${base.translateUrl}/evm/chains?x=1`,
      headers: { apiKey } as Record<string, string>,
    },
    rpc: {
      method: 'POST',
      url: `${base.rpcUrl}/ethereum_full?x=1`,
      headers: { apiKey, 'content-type': 'application/json' } as Record<string, string>,
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
    },
  })[where] as { method: string; url: string; headers: Record<string, string>; body?: string };

/** Sends a request with the fault header over raw node:http; resolves with the response once its headers are in. */
function open(where: Where, fault: string): Promise<{ res: IncomingMessage; abort(): void }> {
  const t = target(where);
  return new Promise((resolve, reject) => {
    const req = httpRequest(t.url, { method: t.method, headers: { ...t.headers, 'x-sandbox-fault': fault } }, (res) =>
      resolve({ res, abort: () => req.destroy() }),
    );
    req.on('error', reject);
    req.end(t.body);
  });
}

/** Reads until at least `bytes` arrived (or the end); returns what arrived. */
function readAtLeast(res: IncomingMessage, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise((resolve, reject) => {
    const done = () => {
      res.off('data', onData);
      res.pause();
      resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= bytes) done();
    };
    res.on('data', onData);
    res.once('end', done);
    res.once('error', reject);
  });
}

const readAll = (res: IncomingMessage) => readAtLeast(res, Number.POSITIVE_INFINITY);

const state = async () =>
  (await (await fetch(net.describe().faultsUrl as string)).json()) as {
    requests: FaultedRequest[];
    catcher: { url: string; requests: CaughtRequest[] };
  };
/** The log entry of the newest request a fault met, once it has an outcome. */
async function lastOutcome(fault: string) {
  await expect.poll(async () => (await state()).requests.findLast((r) => r.fault === fault)?.outcome).not.toBeNull();
  return (await state()).requests.findLast((r) => r.fault === fault);
}

describe.each(INTERFACES)('%s', (where) => {
  it('huge: 200 MB declared in Content-Length, streamed (the first megabyte is the start of valid JSON)', async () => {
    const { res, abort } = await open(where, 'huge');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['content-length']).toBe(String(HUGE_BYTES));
    const first = await readAtLeast(res, 1024 * 1024);
    abort();
    const { head, pad } = HUGE_PARTS[where];
    expect(first.length).toBeGreaterThanOrEqual(1024 * 1024);
    expect(first.subarray(0, head.length).toString()).toBe(head);
    expect(first.subarray(head.length).every((byte) => byte === pad.charCodeAt(0))).toBe(true);
    // The sandbox stopped when the client went.
    await expect
      .poll(async () => (await state()).requests.findLast((r) => r.fault === 'huge')?.outcome)
      .toBe('abandoned');
  });

  it('huge-chunked: the same 200 MB with no Content-Length, so only counting tells', async () => {
    const { res, abort } = await open(where, 'huge-chunked');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const first = await readAtLeast(res, 1024 * 1024);
    abort();
    expect(first.subarray(0, HUGE_PARTS[where].head.length).toString()).toBe(HUGE_PARTS[where].head);
    await expect
      .poll(async () => (await state()).requests.findLast((r) => r.fault === 'huge-chunked')?.outcome)
      .toBe('abandoned');
  });

  it('deep: JSON nested 100,000 deep', async () => {
    const { res } = await open(where, 'deep');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    const body = (await readAll(res)).toString();
    expect(body).toBe(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
  });

  it('drip: a valid answer, one byte at a time, stopped when the client goes', async () => {
    const { res, abort } = await open(where, 'drip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(VALID[where].length));
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve) => {
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (chunks.length === 2) resolve();
      });
    });
    abort();
    expect(chunks.map((c) => c.length)).toEqual([1, 1]);
    expect(Buffer.concat(chunks)).toEqual(VALID[where].subarray(0, 2));
    await expect
      .poll(async () => (await state()).requests.findLast((r) => r.fault === 'drip')?.outcome)
      .toBe('abandoned');
  });

  it('badutf8: a JSON answer whose string holds bytes that are not UTF-8', async () => {
    const { res } = await open(where, 'badutf8');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    const body = await readAll(res);
    expect(body.includes(Buffer.from([0xc3, 0x28]))).toBe(true);
    expect(body.includes(0xff)).toBe(true);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(body)).toThrow();
    // Read leniently, it is JSON: only a strict decoder notices.
    expect(() => JSON.parse(body.toString('latin1'))).not.toThrow();
  });

  it("html200: a 200 that is a proxy's sign-in page", async () => {
    const { res } = await open(where, 'html200');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await readAll(res)).toString()).toContain('<title>Sign in to continue — Corporate Proxy</title>');
  });

  it('liar: Content-Length declares half of the bytes that are sent', async () => {
    const t = target(where);
    const url = new URL(t.url);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        const headers = { ...t.headers, 'x-sandbox-fault': 'liar', host: url.host, connection: 'close' };
        const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
        if (t.body) lines.push(`content-length: ${Buffer.byteLength(t.body)}`);
        socket.end(`${t.method} ${url.pathname}${url.search} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${t.body ?? ''}`);
      });
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('close', () => resolve(Buffer.concat(chunks)));
      socket.on('error', reject);
    });
    const split = raw.indexOf('\r\n\r\n');
    const head = raw.subarray(0, split).toString();
    const sent = raw.subarray(split + 4);
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    const declared = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    expect(sent).toEqual(VALID[where]);
    expect(declared).toBe(Math.floor(sent.length / 2));
  });

  it('redirect: 307 to another host, same path and query; the catcher records who came, never what they sent', async () => {
    const t = target(where);
    const answer = await fetch(t.url, {
      method: t.method,
      headers: { ...t.headers, 'x-sandbox-fault': 'redirect' },
      body: t.body,
      redirect: 'manual',
    });
    expect(answer.status).toBe(307);
    const location = new URL(answer.headers.get('location') as string);
    const catcher = new URL(net.describe().faultsCatcherUrl as string);
    expect(location.origin).toBe(catcher.origin);
    expect(location.hostname).not.toBe(new URL(t.url).hostname);
    const asked = new URL(t.url);
    expect(location.pathname + location.search).toBe(asked.pathname + asked.search);
    expect((await lastOutcome('redirect'))?.outcome).toBe('redirected');

    // A client that follows, with its secrets: the catcher answers like the service and says so.
    const before = (await state()).catcher.requests.length;
    const secretQuery = `${location.href}&jwt=${jwt}`;
    const followed = await fetch(secretQuery, {
      method: t.method,
      headers: { ...t.headers, authorization: `Bearer ${jwt}` },
      body: t.body,
    });
    expect(followed.status).toBe(200);
    expect(Buffer.from(await followed.arrayBuffer())).toEqual(VALID[where]);
    const seen = await state();
    expect(seen.catcher.url).toBe(net.describe().faultsCatcherUrl);
    expect(seen.catcher.requests.slice(before)).toEqual([
      {
        method: t.method,
        path: location.pathname,
        at: expect.any(String),
        authorization: true,
        apiKeyHeader: where !== 'ledger',
        jwtHeader: where === 'ledger',
        secretQuery: true,
      },
    ]);
    // Never a secret's value in the log.
    const text = JSON.stringify(seen);
    expect(text).not.toContain(jwt);
    expect(text).not.toContain(apiKey);
  });

  it('status=429: rate limited, with Retry-After: 2', async () => {
    const { res } = await open(where, 'status=429');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('2');
    const body = JSON.parse((await readAll(res)).toString());
    if (where === 'ledger') {
      expect(res.headers['content-type']).toBe('application/problem+json');
      expect(body).toMatchObject({
        status: 429,
        title: 'Too Many Requests',
        detail: 'rate limited: too many requests',
      });
      expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
    } else {
      expect(res.headers['content-type']).toBe('application/json');
      expect(body).toEqual({ error: 'rate limited: too many requests' });
    }
  });

  it('TLS: served over HTTPS with a self-signed certificate, which fetch refuses', async () => {
    const tls = net.describe().tlsUrls;
    expect(tls).toBeDefined();
    const t = target(where, tls);
    expect(t.url.startsWith('https://127.0.0.1:')).toBe(true);
    const error = await fetch(t.url, { method: t.method, headers: t.headers, body: t.body }).catch((e) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
  });
});

describe('arming and describing the hostile faults', () => {
  it('each can be armed, so that the app meets it on its own requests', async () => {
    const control = net.describe().faultsUrl as string;
    try {
      for (const fault of [
        'huge',
        'huge-chunked',
        'deep',
        'drip',
        'badutf8',
        'html200',
        'liar',
        'redirect',
        'status=429',
      ]) {
        const armed = await fetch(control, {
          method: 'POST',
          body: JSON.stringify({ interface: 'chains', fault, times: 1 }),
        });
        expect(armed.status, fault).toBe(201);
      }
      // The oldest first: the next request meets huge.
      const { res, abort } = await new Promise<{ res: IncomingMessage; abort(): void }>((resolve, reject) => {
        const req = httpRequest(`${net.urls.translateUrl}/evm/chains`, { headers: { apiKey } }, (r) =>
          resolve({ res: r, abort: () => req.destroy() }),
        );
        req.on('error', reject).end();
      });
      abort();
      expect(res.headers['content-length']).toBe(String(HUGE_BYTES));
    } finally {
      await fetch(control, { method: 'DELETE' });
    }
  });

  it('an unknown fault is refused with the list of every valid one', async () => {
    const answer = await fetch(net.describe().faultsUrl as string, {
      method: 'POST',
      body: '{"interface":"rpc","fault":"explode"}',
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toBe(
      '"fault" must be latency=<ms>, status=500, status=503, reset, truncate, html502, status=429, huge, huge-chunked, deep, drip, badutf8, html200, liar or redirect',
    );
  });

  it('describe() gives the catcher (another loopback host) and the HTTPS addresses only with faults', async () => {
    const described = net.describe();
    expect(new URL(described.faultsCatcherUrl as string).hostname).toBe('127.0.0.2');
    expect(described.tlsUrls?.rpcUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/rpc$/);
    const plain = await startSandboxNetwork({ seed: 17, transfers: 50, evm: false });
    try {
      expect(plain.describe()).not.toHaveProperty('faultsCatcherUrl');
      expect(plain.describe()).not.toHaveProperty('tlsUrls');
    } finally {
      await plain.close();
    }
  });
});
