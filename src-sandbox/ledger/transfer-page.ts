// One page of a party's transfer legs: binary search to the time window and the cursor in the
// party's time-ordered index, then a walk that collects pageSize matching legs. The cost depends
// on the page, not on the size of the ledger. The page is a list of transfer numbers; page-json.ts
// writes it as the answer's bytes, legOf builds one leg as an object (tests, variations).
import { encodeCursor } from './cursor.ts';
import { LEDGER_COIN } from './instruments.ts';
import { amountOf, isoMicros, updateIdOf } from './leg-values.ts';
import type { TransferQuery } from './transfer-query.ts';
import type { TransferStore } from './transfer-store.ts';

export interface TransferLeg {
  updateId: string | null;
  effectiveAt: string | null;
  instrumentAdmin: string | null;
  instrumentId: string | null;
  symbol: string | null;
  decimals: number | null;
  amount: string | null;
  senderParty: string | null;
  receiverParty: string | null;
  counterparty: string | null;
  isIncoming: boolean;
  status: string | null;
}

export interface TransferPage {
  /** The party the legs are seen from (isIncoming, counterparty); -1 for a party with no legs. */
  partyIndex: number;
  /** Transfer numbers, in page order (a typed array: no per-page garbage on the JS heap). */
  transfers: Int32Array;
  /** Cursor of the next page, or null when this is the last one. */
  next: string | null;
}

/**
 * `partyIndex` -1: a known party that never sends or receives (the DSO, the registrars).
 * `seenUntil`: a lagging node's view, only transfers effective at or before it (microseconds).
 */
export function transferPage(
  store: TransferStore,
  partyIndex: number,
  query: TransferQuery,
  seenUntil: number | null = null,
): TransferPage {
  const matches = partyIndex < 0 ? null : assetMatcher(store, query);
  if (!matches) return { partyIndex, transfers: new Int32Array(0), next: null };
  const legs = store.legsOf[partyIndex];
  const n = store.legCount[partyIndex];

  // [lo, hi): the legs inside the time window.
  let lo = query.after === null ? 0 : lowerBound(store, legs, n, query.after, -1);
  let hi = query.before === null ? n : lowerBound(store, legs, n, query.before, -1);
  if (seenUntil !== null) hi = Math.min(hi, lowerBound(store, legs, n, seenUntil + 1, -1));
  if (query.cursor) {
    // Keyset: strictly after the cursor's (time, index) in the page order.
    const { time, index } = query.cursor;
    if (query.desc) hi = Math.min(hi, lowerBound(store, legs, n, time, index));
    else lo = Math.max(lo, lowerBound(store, legs, n, time, index + 1));
  }

  const picked = new Int32Array(Math.max(0, Math.min(query.pageSize, hi - lo)));
  let count = 0;
  let more = false;
  const step = query.desc ? -1 : 1;
  for (let k = query.desc ? hi - 1 : lo; k >= lo && k < hi; k += step) {
    if (!matches(legs[k])) continue;
    if (count === query.pageSize) {
      more = true;
      break;
    }
    picked[count++] = legs[k];
  }
  const last = picked[count - 1];
  return {
    partyIndex,
    transfers: picked.subarray(0, count),
    next: more ? encodeCursor({ time: store.time[last], index: last, desc: query.desc }) : null,
  };
}

/** First position k in the party's legs whose (time, index) >= (time, index); index -1 means "any". */
function lowerBound(store: TransferStore, legs: Int32Array, n: number, time: number, index: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const t = store.time[legs[mid]];
    if (t < time || (t === time && legs[mid] < index)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function assetMatcher(store: TransferStore, query: TransferQuery): ((i: number) => boolean) | null {
  const { asset } = query;
  if (asset.kind === 'all') return () => true;
  if (asset.kind === 'ledgerCoin') return (i) => store.instrument[i] === LEDGER_COIN;
  const wanted = store.instruments.findIndex((x) => x.admin === asset.admin && x.id === asset.id);
  if (wanted < 0) return null; // a well-formed pair nobody issued: no legs, not an error
  return (i) => store.instrument[i] === wanted;
}

export function legOf(store: TransferStore, partyIndex: number, i: number): TransferLeg {
  const instrument = store.instruments[store.instrument[i]];
  const ids = store.parties.ids;
  const sender = store.sender[i] < 0 ? null : ids[store.sender[i]];
  const receiver = ids[store.receiver[i]];
  const isIncoming = store.receiver[i] === partyIndex;
  return {
    updateId: updateIdOf(store, i),
    effectiveAt: isoMicros(store.time[i]),
    instrumentAdmin: instrument.admin,
    instrumentId: instrument.id,
    symbol: instrument.symbol,
    decimals: instrument.decimals,
    amount: amountOf(store, i),
    senderParty: sender,
    receiverParty: receiver,
    counterparty: isIncoming ? sender : receiver,
    isIncoming,
    status: store.statuses[store.status[i]],
  };
}
