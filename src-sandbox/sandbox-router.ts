// The router of the sandbox network's server (and, with faults, of its HTTPS twin): which path
// prefix is which interface, the control endpoints, the variation and fault hooks that run before
// an interface serves, and the 500 an interface gives when serving throws. sandbox-network.ts
// starts the parts it routes to and the servers it runs in.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { serveChainListing } from './chain-listing.ts';
import type { FaultControl, Interface } from './faults.ts';
import { problemDetails, sendJson } from './http-replies.ts';
import type { LedgerService } from './ledger/ledger-service.ts';
import { type Appended, LEDGER_APPEND_PATH, serveLedgerAppend } from './ledger-append-endpoint.ts';
import type { NodeAccessHandler } from './node-access/node-access-router.ts';
import type { sandboxCredentials } from './sandbox-credentials.ts';
import type { VariationControl } from './variations.ts';

/** The fault control endpoint (only with `faults`): see faults.ts and docs/faults.md. */
export const FAULTS_PATH = '/__sandbox/faults';

export interface RoutedParts {
  ledger: LedgerService;
  nodeAccess: NodeAccessHandler;
  credentials: ReturnType<typeof sandboxCredentials>;
  append: (count: number) => Appended;
  /** With faults: the armed faults and their module (loaded only then), else null. */
  faults: FaultControl | null;
  faultsModule: typeof import('./faults.ts') | null;
  /** With faults or variations: the armed variations and their module, else null. */
  variations: VariationControl | null;
  variationsModule: typeof import('./variations.ts') | null;
  /** The servers' own origins, known once they listen: for a request whose Host cannot be used. */
  origin: () => string;
  tlsOrigin: () => string;
  log?: (line: string) => void;
}

/** The request handler of the sandbox's servers. */
export function createSandboxHandler(parts: RoutedParts): (req: IncomingMessage, res: ServerResponse) => void {
  const { ledger, nodeAccess, credentials, append, faults, faultsModule, variations, variationsModule } = parts;

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Absolute URLs we hand out (nextPageUrl) use the address the client reached us at, so they
    // work when the server is bound to 0.0.0.0 or reached through a port forward.
    const host = req.headers.host;
    const scheme = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
    const reached =
      host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-fA-F:]+\](:\d{1,5})?$/.test(host)
        ? `${scheme}://${host}`
        : scheme === 'https'
          ? parts.tlsOrigin()
          : parts.origin();
    const url = new URL(req.url ?? '/', reached);
    const path = url.pathname;
    if (faults && path === FAULTS_PATH) return faults.serve(req, res, url);
    if (faults && path === LEDGER_APPEND_PATH) return serveLedgerAppend(req, res, append);
    if (variations && path === variationsModule?.VARIATIONS_PATH) return variations.serve(req, res, url);
    const where: Interface | null = path.startsWith('/ledger/')
      ? 'ledger'
      : path.startsWith('/translate/') || path.startsWith('/partner/')
        ? 'chains'
        : path.startsWith('/rpc/')
          ? 'rpc'
          : null;
    if (!where) return sendJson(res, 404, { error: `no such resource: ${path}` });
    if (variations?.wrap(where, req, res, url)) return;

    if (faults && faultsModule) {
      const header = faultsModule.parseFault(req.headers['x-sandbox-fault']);
      if (header === 'invalid') {
        return sendJson(res, 400, { error: `unknown x-sandbox-fault: use ${faultsModule.FAULT_HELP}` });
      }
      const taken = faults.take(where, path, header);
      if (taken && (await faults.apply(taken, where, req, res, path)) !== 'delayed') return;
    }

    if (where === 'ledger') return ledger.handle(req, res, path.slice('/ledger'.length), url, `${reached}/ledger`);
    if (where === 'rpc') return nodeAccess(req, res, path.slice('/rpc/'.length));
    if (path === '/translate/evm/chains' || path === '/partner/evm/chains') {
      return serveChainListing(req, res, credentials, path.startsWith('/partner'));
    }
    sendJson(res, 404, { error: `no such resource: ${path}` });
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    route(req, res).catch((error: Error) => {
      const path = req.url?.split('?')[0] ?? '/';
      parts.log?.(`internal error on ${req.method} ${path}: ${error.name}`);
      if (res.headersSent) res.destroy();
      else if (path.startsWith('/ledger/')) sendJson(res, 500, problemDetails(path), {}, 'application/problem+json');
      else sendJson(res, 500, { error: 'internal error in the sandbox network' });
    });
  };
}
