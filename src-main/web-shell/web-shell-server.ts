// The browser version's server: the same main-process dispatch, served on loopback so the built
// renderer can run in a plain browser. Only the Electron IPC transport is swapped: the bridge key
// (handed to the page in the URL fragment), an exact Host and Origin check stand in for Electron's
// "is this our window" check. What it refuses and why: docs/security.md, "The browser version's key".
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import {
  CHALLENGE_PATTERN,
  serverProofText,
  WEB_APP_NAME,
  WEB_BRIDGE_PATH,
  WEB_DOWNLOAD_PATH,
  WEB_HEALTH_PATH,
} from '../../src-shared/bridge/web-bridge.ts';
import { rendererCsp } from '../../src-shared/csp.ts';
import type { Dispatch } from '../services/dispatch.ts';
import { contentDisposition, type DownloadRegistry } from '../services/local-ledger/export/download-registry.ts';
import { readStatic } from './static-files.ts';

const MAX_BODY_BYTES = 8 * 1024 * 1024;
export const BRIDGE_PATH = WEB_BRIDGE_PATH;

/** A new bridge key: 192 random bits, hex. */
export function newBridgeKey(): string {
  return randomBytes(24).toString('hex');
}

export interface WebShell {
  /** Open this in a browser: it carries the bridge key in its fragment. */
  url: string;
  origin: string;
  port: number;
  /** Says who answers /__health (the folder lock records it, so a second start can tell it is us). */
  instance: string;
  close(): Promise<void>;
}

export interface WebShellOptions {
  rendererDir: string;
  /** The handlers, or their promise: the server can listen (and answer /__health) while main's services start. */
  dispatch: Dispatch | Promise<Dispatch>;
  /** The bridge key (default: a new one). */
  key?: string;
  /** 0 or absent: any free port. A port in use rejects with the listen error (code EADDRINUSE). */
  port?: number;
  /** The files main wrote that the page may download (`GET /__download/<token>`); absent: none. */
  downloads?: DownloadRegistry | null | Promise<DownloadRegistry | null>;
}

/** What each request is answered with: the options, the key (and its digest, for the bridge) and who answers. */
interface Shell {
  options: WebShellOptions;
  key: string;
  keyDigest: Buffer;
  instance: string;
  /** 0 until the server listens: no Host header names port 0, so nothing is answered before. */
  port: number;
}

export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const key = options.key ?? newBridgeKey();
  const shell: Shell = { options, key, keyDigest: digest(key), instance: randomBytes(8).toString('hex'), port: 0 };
  const server = createServer((req, res) => {
    handle(shell, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  shell.port = port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/#bridge=${key}`,
    origin,
    port,
    instance: shell.instance,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function handle(shell: Shell, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // DNS rebinding: a page on evil.example whose name now resolves to 127.0.0.1 reaches this port
  // with `Host: evil.example:PORT`. Only the loopback names this server was opened with are ours.
  const host = loopbackHost(req.headers.host, shell.port);
  if (!host) return plain(res, 403, 'unknown host');
  const origin = `http://${host}`;
  const url = new URL(req.url ?? '/', origin);
  if (url.pathname.startsWith(BRIDGE_PATH)) {
    return bridge(shell, req, res, origin, url.pathname.slice(BRIDGE_PATH.length));
  }
  if (url.pathname.startsWith(WEB_DOWNLOAD_PATH)) {
    return download(shell, req, res, origin, url.pathname.slice(WEB_DOWNLOAD_PATH.length));
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'method not allowed');
  if (url.pathname === WEB_HEALTH_PATH) return health(shell, res, origin, url.searchParams.get('challenge'));
  const file = await readStatic(shell.options.rendererDir, url.pathname);
  if (!file) return plain(res, 404, 'not found');
  res.writeHead(200, {
    'content-type': file.type,
    'content-security-policy': rendererCsp('web'),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    // No other origin may load the bundle as a script or image (it holds no secret; still ours only).
    'cross-origin-resource-policy': 'same-origin',
  });
  res.end(req.method === 'HEAD' ? undefined : file.body);
}

/** Unauthenticated, cheap, no CORS header (another origin cannot read it); the proof only when asked. */
function health(shell: Shell, res: ServerResponse, origin: string, challenge: string | null): void {
  if (challenge !== null && !CHALLENGE_PATTERN.test(challenge)) {
    plain(res, 400, 'bad challenge');
    return;
  }
  const proof =
    challenge === null
      ? undefined
      : createHmac('sha256', shell.key).update(serverProofText(origin, challenge)).digest('hex');
  const bytes = Buffer.from(
    JSON.stringify({ app: WEB_APP_NAME, instance: shell.instance, ...(proof ? { proof } : {}) }),
  );
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(bytes);
}

async function bridge(
  shell: Shell,
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  channel: string,
): Promise<void> {
  if (req.method !== 'POST') return plain(res, 405, 'POST only');
  // The page's own origin (the address it was loaded from) and nothing else: a request a browser
  // sends for another page names that page's origin, and a non-browser client has no key.
  if (req.headers.origin !== origin) return plain(res, 403, 'foreign origin');
  if (!keyMatches(req.headers.authorization, shell.keyDigest)) return plain(res, 403, 'bad bridge token');
  let args: unknown;
  try {
    args = JSON.parse(await readBody(req));
  } catch (error) {
    return plain(res, 400, (error as Error).message);
  }
  const envelope = await (await shell.options.dispatch)(decodeURIComponent(channel), args);
  const bytes = Buffer.from(JSON.stringify(envelope));
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': bytes.length,
    'cache-control': 'no-store',
  });
  res.end(bytes);
}

/**
 * A file main wrote, for the token main gave the page over the bridge. A download is a navigation:
 * it carries no Authorization header (and the key is never a cookie), so the token is the
 * credential: one-time, ten minutes, 256 random bits, bound to one file. The Host check above
 * applies; a browser's `Origin` (if sent) must be the page's own, and `Sec-Fetch-Site` (if sent)
 * same-origin or none: another site, or another port of 127.0.0.1 (same-site), cannot start one.
 */
async function download(
  shell: Shell,
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  token: string,
): Promise<void> {
  if (req.method !== 'GET') return plain(res, 405, 'GET only');
  if (req.headers.origin !== undefined && req.headers.origin !== origin) return plain(res, 403, 'foreign origin');
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return plain(res, 403, 'foreign origin');
  const registry = await shell.options.downloads;
  const opened = registry ? await registry.open(token) : ({ kind: 'unknown' } as const);
  // Unknown, used or expired: the answer any missing file gets, and nothing more.
  if (opened.kind === 'unknown') return plain(res, 404, 'not found');
  if (opened.kind === 'gone') return plain(res, 410, opened.message);
  const { handle, size } = opened;
  res.writeHead(200, {
    'content-type': opened.contentType,
    'content-length': size,
    'content-disposition': contentDisposition(opened.fileName),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    // Never shown as a page (it is an attachment); if a browser ever did, nothing in it would run.
    'content-security-policy': "default-src 'none'; sandbox",
  });
  if (size === 0) {
    await handle.close();
    res.end();
    return;
  }
  // Streamed from the handle that was checked, exactly the size written (a file grown since is cut
  // there); a client that goes away ends the stream and closes the file.
  try {
    await pipeline(handle.createReadStream({ start: 0, end: size - 1 }), res);
  } catch {
    res.destroy();
  }
}

/**
 * The Host header when it names this server by a loopback name (`127.0.0.1:PORT` or
 * `localhost:PORT`, case as sent for the port, any case for the name), else null. It is also the
 * page's origin: the browser sends the address bar's host:port.
 */
export function loopbackHost(header: string | undefined, port: number): string | null {
  if (!header || port === 0) return null;
  const match = /^(127\.0\.0\.1|localhost):(\d{1,5})$/i.exec(header);
  if (!match || Number(match[2]) !== port || match[2] !== String(port)) return null;
  return `${(match[1] as string).toLowerCase()}:${port}`;
}

/** SHA-256 of a secret: compared in constant time, and equal in length whatever the caller sent. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

function keyMatches(header: string | undefined, expected: Buffer): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), expected);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}
