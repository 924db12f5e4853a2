// Injected faults, for client tests (only with --faults): a request header
//   x-sandbox-fault: latency=<ms> | status=500 | status=503 | reset | truncate | html502
// applied to any of the sandbox's interfaces before the request is served.

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http-replies.ts';
import { startupStatusBody } from './ledger/startup-status.ts';

export type Fault =
  | { kind: 'latency'; ms: number }
  | { kind: 'status'; status: 500 | 503 }
  | { kind: 'reset' }
  | { kind: 'truncate' }
  | { kind: 'html502' };

export type Interface = 'ledger' | 'chains' | 'rpc';

/** The start of a plausible answer of each interface, cut off. */
const TRUNCATED: Record<Interface, string> = {
  ledger: '{"party":"alice::1220","transfers":[{"updateId":"12',
  chains: '[{"name":"ethereum","chainId":31',
  rpc: '{"jsonrpc":"2.0","id":1,"result":"0x1',
};

/** A 500 of the ledger-data interface (spec 2.4), with a trace id. `path` without its query: it may carry a JWT. */
export function problemDetails(path: string, detail = 'the sandbox network failed to answer this request') {
  return {
    type: 'https://docs.sandbox.invalid/problems/internal',
    title: 'Internal Server Error',
    status: 500,
    detail,
    instance: path || null,
    traceId: randomUUID().replaceAll('-', ''),
  };
}

export function parseFault(header: string | string[] | undefined): Fault | 'invalid' | null {
  if (header === undefined) return null;
  const value = (Array.isArray(header) ? header[0] : header).trim();
  const latency = /^latency=(\d{1,6})$/.exec(value);
  if (latency) return { kind: 'latency', ms: Number(latency[1]) };
  if (value === 'status=500') return { kind: 'status', status: 500 };
  if (value === 'status=503') return { kind: 'status', status: 503 };
  if (value === 'reset' || value === 'truncate' || value === 'html502') return { kind: value };
  return 'invalid';
}

/**
 * Applies a fault. Returns true when the fault answered (or killed) the request, false when the
 * request should now be served normally (latency).
 */
export async function applyFault(
  fault: Fault,
  where: Interface,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  switch (fault.kind) {
    case 'latency':
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, fault.ms);
        // A client that gives up (timeout) closes the socket: stop waiting.
        req.socket.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return req.socket.destroyed;
    case 'status':
      if (fault.status === 500) {
        if (where === 'ledger') {
          const body = problemDetails((req.url ?? '').split('?')[0], 'injected fault: the ledger index query failed');
          sendJson(res, 500, body, {}, 'application/problem+json');
        } else {
          sendJson(res, 500, { error: 'injected fault: internal server error' });
        }
      } else if (where === 'ledger') {
        const now = Date.now();
        sendJson(res, 503, startupStatusBody(now - 4_000, now, 20), { 'retry-after': '1' });
      } else {
        sendJson(res, 503, { error: 'injected fault: service unavailable' }, { 'retry-after': '1' });
      }
      return true;
    case 'reset':
      // Headers and a little of the body go out, then the connection dies mid-response.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      res.write('{"partial": tr', () => res.socket?.destroy());
      return true;
    case 'truncate': {
      const body =
        where === 'rpc'
          ? '{"jsonrpc":"2.0","id":1,"result":"0x1'
          : '{"party":"alice::1220","transfers":[{"updateId":"12';
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length + 200) });
      res.write(body, () => res.socket?.destroy());
      return true;
    }
    case 'html502': {
      const html =
        '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
      res.writeHead(502, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(html) });
      res.end(html);
      return true;
    }
  }
}
