// The local sandbox network: one loopback HTTP server with the four addresses of the spec
// under path prefixes. This version serves the chain listing (plain and marketplace-partner);
// the ledger-data interface and node access answer 501 until the sandbox issue builds them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceUrls } from '../connection.ts';
import { SANDBOX_CHAINS } from './sandbox-chains.ts';
import { sandboxCredentials } from './sandbox-credentials.ts';

export interface SandboxOptions {
  host?: string;
  port?: number;
  seed?: number;
}

export interface SandboxNetwork {
  urls: ServiceUrls;
  credentials: { apiKey: string; partnerToken: string };
  close(): Promise<void>;
}

export async function startSandboxNetwork(options: SandboxOptions = {}): Promise<SandboxNetwork> {
  const host = options.host ?? '127.0.0.1';
  const credentials = sandboxCredentials(options.seed ?? 1);
  const server: Server = createServer((req, res) => route(req, res, credentials));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    urls: {
      baseUrl: `${origin}/ledger`,
      translateUrl: `${origin}/translate`,
      partnerUrl: `${origin}/partner`,
      rpcUrl: `${origin}/rpc`,
    },
    credentials,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function route(req: IncomingMessage, res: ServerResponse, credentials: SandboxNetwork['credentials']): void {
  const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
  if (path === '/translate/evm/chains' || path === '/partner/evm/chains') {
    chainListing(req, res, credentials, path.startsWith('/partner'));
  } else if (path.startsWith('/ledger/') || path.startsWith('/rpc/')) {
    sendJson(res, 501, { error: 'not implemented in this version of the sandbox network' });
  } else {
    sendJson(res, 404, { error: `no such resource: ${path}` });
  }
}

function chainListing(
  req: IncomingMessage,
  res: ServerResponse,
  credentials: SandboxNetwork['credentials'],
  partner: boolean,
): void {
  if (req.method !== 'GET') {
    sendJson(res, 405, { error: 'method not allowed: use GET' });
    return;
  }
  const given = partner ? req.headers.authorization : req.headers.apikey;
  const expected = partner ? `Bearer ${credentials.partnerToken}` : credentials.apiKey;
  if (given !== expected) {
    const what = partner ? 'partner bearer token' : 'apiKey header';
    sendJson(res, 401, { error: given ? `invalid ${what}` : `missing ${what}` });
    return;
  }
  sendJson(res, 200, SANDBOX_CHAINS);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
