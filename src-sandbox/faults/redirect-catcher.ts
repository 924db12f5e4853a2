// The other host of the `redirect` fault: a listener on a different loopback address (127.0.0.2)
// that the 307 points to. It answers like the service would and records what reached it, so a
// test can prove a client never followed the redirect with its secret. It records only whether a
// secret came (never its value), and paths without queries (a query may carry a JWT or a key).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { interfaceOf, VALID } from './answers.ts';

export interface CaughtRequest {
  method: string;
  /** The path only, never the query. */
  path: string;
  at: string;
  /** An Authorization header came (a bearer token). */
  authorization: boolean;
  /** An apiKey or x-api-key header came. */
  apiKeyHeader: boolean;
  /** A jwt header came (the ledger's own way to send its JWT). */
  jwtHeader: boolean;
  /** A query parameter named like a secret came (jwt, apiKey, token, key, secret, auth…). */
  secretQuery: boolean;
}

export interface RedirectCatcher {
  /** Its origin, e.g. http://127.0.0.2:40123: the Location of every redirect starts with it. */
  url: string;
  /** Set when 127.0.0.2 could not be bound and the catcher fell back to "localhost" on 127.0.0.1. */
  fallback: string | null;
  requests(): CaughtRequest[];
  close(): Promise<void>;
}

const LOG_LIMIT = 500;
const SECRET_PARAM = /jwt|key|token|secret|auth/i;

export async function startRedirectCatcher(): Promise<RedirectCatcher> {
  const log: CaughtRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://catcher');
    const h = req.headers;
    log.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      at: new Date().toISOString(),
      authorization: h.authorization !== undefined,
      apiKeyHeader: h.apikey !== undefined || h['x-api-key'] !== undefined,
      jwtHeader: h.jwt !== undefined,
      secretQuery: [...url.searchParams.keys()].some((name) => SECRET_PARAM.test(name)),
    });
    if (log.length > LOG_LIMIT) log.shift();
    // Drain what was sent (an RPC body), then answer as the service would.
    req.resume();
    req.on('end', () => {
      const body = VALID[interfaceOf(url.pathname) ?? 'ledger'];
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
      res.end(body);
    });
  });
  // Another host than the sandbox's 127.0.0.1, so a client compares origins and sees a different one.
  let host = '127.0.0.2';
  let fallback: string | null = null;
  try {
    await listen(server, host);
  } catch (error) {
    fallback = `127.0.0.2 could not be bound (${(error as NodeJS.ErrnoException).code}): the catcher is "localhost" on 127.0.0.1`;
    host = 'localhost';
    await listen(server, '127.0.0.1');
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    fallback,
    requests: () => log.map((entry) => ({ ...entry })),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function listen(server: ReturnType<typeof createServer>, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
