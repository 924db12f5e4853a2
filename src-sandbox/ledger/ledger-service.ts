// The ledger-data interface of the sandbox network (spec 4.1, 7, 8):
// GET {base_url}/api/v2/parties/{party}/tokenTransfers
// Order of checks (docs/service-decisions.md): start-up 503, header/query conflicts 400,
// node 404/503, JWT 401, query 400, unknown party 404, permission 403, then the page.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http-replies.ts';
import { AuthError, createLedgerAuth, type LedgerAuth } from './ledger-auth.ts';
import { sendPage } from './page-json.ts';
import { startupStatusBody } from './startup-status.ts';
import { transferPage } from './transfer-page.ts';
import { BadRequest, parseTransferQuery } from './transfer-query.ts';
import { generateTransfers, type TransferStore } from './transfer-store.ts';
import { NODE_LAG_MICROS, quarantinedBody, VALIDATOR_NODES } from './validator-nodes.ts';

export interface LedgerServiceOptions {
  seed: number;
  transfers: number;
  /** For this many seconds after start every transfers call answers 503 with the start-up body. */
  startupSeconds?: number;
  /** Party ids, symbols and statuses carrying HTML and script (hostile-names.ts). */
  hostileNames?: boolean;
  /** The first party is in every transfer (transfer-store.ts BUSY_PARTY). */
  busyParty?: boolean;
  /** One party's id is the longest the pattern allows (long-party-id.ts). */
  longPartyId?: boolean;
}

export interface LedgerService {
  store: TransferStore;
  auth: LedgerAuth;
  /** Starts the start-up clock: call when the server is listening, so a short window is still seen. */
  startClock(): void;
  /** Handles a request whose path starts with the base_url prefix; `path` is the rest. */
  handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL, baseUrl: string): Promise<void>;
}

const ROUTE = /^\/api\/v2\/parties\/([^/]+)\/tokenTransfers$/;

export async function createLedgerService(options: LedgerServiceOptions): Promise<LedgerService> {
  const store = generateTransfers(options.seed, options.transfers, {
    hostileNames: options.hostileNames,
    busyParty: options.busyParty,
    longPartyId: options.longPartyId,
  });
  const knownParties = new Map<string, number>(store.parties.ids.map((id, index) => [id, index]));
  // The DSO and the registrars administer instruments but never send or receive: known, no legs.
  const quietParties = new Set([store.parties.dso, ...store.parties.registrars]);
  const auth = await createLedgerAuth(options.seed, [...store.parties.ids, ...quietParties]);
  let startedAt = Date.now();
  const startupMs = (options.startupSeconds ?? 0) * 1000;

  async function handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL, baseUrl: string) {
    const match = ROUTE.exec(path);
    if (!match) return sendJson(res, 404, { error: `no such resource: ${path}` });
    if (req.method !== 'GET') return sendJson(res, 405, { error: 'method not allowed: use GET' }, { allow: 'GET' });
    if (hasBody(req)) return sendJson(res, 400, { error: 'the request must not have a body' });

    const now = Date.now();
    // No start-up phase: never "starting", whatever the clock says (a test that sets Date back a
    // moment before the sandbox started got a 503 from a sandbox started with no phase at all).
    if (startupMs > 0 && now - startedAt < startupMs) {
      const retryAfter = Math.max(1, Math.min(5, Math.ceil((startupMs - (now - startedAt)) / 1000)));
      return sendJson(res, 503, startupStatusBody(startedAt, now, startupMs / 1000), {
        'retry-after': String(retryAfter),
      });
    }

    let party: string;
    try {
      party = decodeURIComponent(match[1]);
    } catch {
      return sendJson(res, 400, { error: 'party is not valid percent-encoding' });
    }
    const jwt = headerOrQuery(req, url, 'jwt');
    if (jwt === CONFLICT || jwt === REPEATED) return sendJson(res, 400, { error: ambiguous('jwt', jwt) });
    const nodeId = headerOrQuery(req, url, 'nodeId');
    if (nodeId === CONFLICT || nodeId === REPEATED) return sendJson(res, 400, { error: ambiguous('nodeId', nodeId) });

    const node =
      nodeId === null ? VALIDATOR_NODES.find((n) => n.default) : VALIDATOR_NODES.find((n) => n.id === nodeId);
    if (!node) {
      return sendJson(res, 404, {
        error: `unknown nodeId "${String(nodeId).slice(0, 80)}"; configured nodes: ${VALIDATOR_NODES.map((n) => n.id).join(', ')}`,
      });
    }
    if (node.state === 'quarantined') return sendJson(res, 503, quarantinedBody(node));

    let readable: Set<string>;
    try {
      readable = await auth.readableParties(jwt);
    } catch (error) {
      if (error instanceof AuthError) return sendJson(res, 401, { error: error.message });
      throw error;
    }

    let query: ReturnType<typeof parseTransferQuery>;
    try {
      query = parseTransferQuery(party, url.searchParams);
    } catch (error) {
      if (error instanceof BadRequest) return sendJson(res, 400, { error: error.message });
      throw error;
    }

    const partyIndex = knownParties.get(party);
    if (partyIndex === undefined && !quietParties.has(party)) {
      return sendJson(res, 404, { error: `unknown party: ${party.slice(0, 80)}` });
    }
    if (!readable.has(party))
      return sendJson(res, 403, { error: `the ledger JWT does not grant readAs or actAs for ${party}` });

    // A lagging node sees the ledger only up to its lag behind the newest transfer.
    const lag = NODE_LAG_MICROS[node.id];
    const seenUntil = lag && store.count > 0 ? store.time[store.count - 1] - lag : null;
    const page = transferPage(store, partyIndex ?? -1, query, seenUntil);
    let nextPageUrl: string | null = null;
    if (page.next) {
      const params = new URLSearchParams(query.echo);
      if (url.searchParams.has('nodeId')) params.set('nodeId', url.searchParams.get('nodeId') as string);
      params.set('cursor', page.next);
      nextPageUrl = `${baseUrl}/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers?${params}`;
    }
    sendPage(res, store, party, page, nextPageUrl);
  }

  return {
    store,
    auth,
    handle,
    startClock: () => {
      startedAt = Date.now();
    },
  };
}

const CONFLICT = Symbol('conflict');
const REPEATED = Symbol('repeated');

function ambiguous(name: string, why: typeof CONFLICT | typeof REPEATED): string {
  return why === REPEATED
    ? `${name} is given more than once`
    : `${name} header and ${name} query parameter differ: send one, or both equal`;
}

/**
 * The header (case-insensitive) or the query form of a parameter; CONFLICT if both are sent and
 * differ, REPEATED if the query gives it twice (checked here, before the node or JWT is used).
 */
function headerOrQuery(
  req: IncomingMessage,
  url: URL,
  name: string,
): string | null | typeof CONFLICT | typeof REPEATED {
  const header = req.headers[name.toLowerCase()];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (url.searchParams.getAll(name).length > 1) return REPEATED;
  const fromQuery = url.searchParams.get(name);
  if (fromHeader !== undefined && fromQuery !== null && fromHeader !== fromQuery) return CONFLICT;
  return fromHeader ?? fromQuery;
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}
