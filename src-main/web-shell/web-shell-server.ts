// The browser test bridge: the same main-process dispatch, served on loopback so the built
// renderer can run in a plain Chromium. Only the Electron IPC transport is swapped: a random
// token (handed to the page in the URL fragment) and an exact Origin check stand in for
// Electron's "is this our window" check.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rendererCsp } from '../../src-shared/csp.ts';
import type { Dispatch } from '../services/handlers/dispatch.ts';
import { readStatic } from './static-files.ts';

const MAX_BODY_BYTES = 8 * 1024 * 1024;
export const BRIDGE_PATH = '/__bridge/';

export interface WebShell {
  /** Open this in a browser: it carries the bridge token in its fragment. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

export async function startWebShell(options: {
  rendererDir: string;
  dispatch: Dispatch;
  port?: number;
}): Promise<WebShell> {
  const token = randomBytes(24).toString('hex');
  let origin = '';
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', origin).pathname;
    if (path.startsWith(BRIDGE_PATH)) return bridge(req, res, path.slice(BRIDGE_PATH.length));
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'method not allowed');
    const file = await readStatic(options.rendererDir, path);
    if (!file) return plain(res, 404, 'not found');
    res.writeHead(200, {
      'content-type': file.type,
      'content-security-policy': rendererCsp('web'),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  async function bridge(req: IncomingMessage, res: ServerResponse, channel: string): Promise<void> {
    if (req.method !== 'POST') return plain(res, 405, 'POST only');
    if (req.headers.origin !== origin) return plain(res, 403, 'foreign origin');
    if (!tokenMatches(req.headers.authorization, token)) return plain(res, 403, 'bad bridge token');
    let args: unknown;
    try {
      args = JSON.parse(await readBody(req));
    } catch (error) {
      return plain(res, 400, (error as Error).message);
    }
    const envelope = await options.dispatch(decodeURIComponent(channel), args);
    const bytes = Buffer.from(JSON.stringify(envelope));
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': bytes.length,
      'cache-control': 'no-store',
    });
    res.end(bytes);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/#bridge=${token}`,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
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
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}
