// A test aid, served only with faults: POST /__sandbox/ledger/append {"count": N} appends N new
// transfers after the ledger's newest (ledger/transfer-store.ts appendTransfers), so a browser test
// can give a later incremental sync something new. The same as `network.appendTransfers(N)`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http-replies.ts';
import { isoMicros } from './ledger/leg-values.ts';
import type { TransferStore } from './ledger/transfer-store.ts';
import { readBody } from './request-body.ts';

export const LEDGER_APPEND_PATH = '/__sandbox/ledger/append';
/** At most this many per call (a million legs is what the benchmarks sync). */
export const APPEND_LIMIT = 1_000_000;

export interface Appended {
  /** Transfers appended. */
  count: number;
  /** Transfers in the ledger now. */
  total: number;
  /** effectiveAt of the first and last appended (ISO, microseconds); null when count is 0. */
  firstEffectiveAt: string | null;
  lastEffectiveAt: string | null;
}

/** One second between appended transfers: distinct, readable times after the newest. */
export const APPEND_GAP_MICROS = 1_000_000;

export function appendedSummary(store: TransferStore, before: number): Appended {
  const count = store.count - before;
  return {
    count,
    total: store.count,
    firstEffectiveAt: count ? isoMicros(store.time[before]) : null,
    lastEffectiveAt: count ? isoMicros(store.time[store.count - 1]) : null,
  };
}

export async function serveLedgerAppend(
  req: IncomingMessage,
  res: ServerResponse,
  append: (count: number) => Appended,
): Promise<void> {
  if (req.method !== 'POST') return sendJson(res, 405, { error: 'use POST with {"count": N}' }, { allow: 'POST' });
  const text = await readBody(req, 4096);
  if (text === null) return sendJson(res, 413, { error: 'the request body is over 4096 bytes' });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return sendJson(res, 400, { error: 'the body is not JSON: send {"count": N}' });
  }
  const count = (body as { count?: unknown } | null)?.count;
  if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > APPEND_LIMIT) {
    return sendJson(res, 400, { error: `"count" must be an integer from 1 to ${APPEND_LIMIT}` });
  }
  return sendJson(res, 201, append(count as number));
}
