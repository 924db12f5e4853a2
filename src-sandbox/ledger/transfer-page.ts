// One page of a party's transfer legs: binary search to the time window and the cursor in the
// party's time-ordered index, then a walk that collects pageSize matching legs. The cost depends
// on the page, not on the size of the ledger.
import { encodeCursor } from './cursor.ts';
import { LEDGER_COIN } from './instruments.ts';
import type { TransferQuery } from './transfer-query.ts';
import { amountOf, isoMicros, type TransferStore, updateIdOf } from './transfer-store.ts';

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
  legs: TransferLeg[];
  /** Cursor of the next page, or null when this is the last one. */
  next: string | null;
}

export function transferPage(store: TransferStore, partyIndex: number, query: TransferQuery): TransferPage {
  const legs = store.legsOf[partyIndex];
  const n = store.legCount[partyIndex];
  const matches = assetMatcher(store, query);
  if (!matches) return { legs: [], next: null };

  // [lo, hi): the legs inside the time window.
  let lo = query.after === null ? 0 : lowerBound(store, legs, n, query.after, -1);
  let hi = query.before === null ? n : lowerBound(store, legs, n, query.before, -1);
  if (query.cursor) {
    // Keyset: strictly after the cursor's (time, index) in the page order.
    const { time, index } = query.cursor;
    if (query.desc) hi = Math.min(hi, lowerBound(store, legs, n, time, index));
    else lo = Math.max(lo, lowerBound(store, legs, n, time, index + 1));
  }

  const picked: number[] = [];
  let more = false;
  const step = query.desc ? -1 : 1;
  for (let k = query.desc ? hi - 1 : lo; k >= lo && k < hi; k += step) {
    if (!matches(legs[k])) continue;
    if (picked.length === query.pageSize) {
      more = true;
      break;
    }
    picked.push(legs[k]);
  }
  const last = picked.at(-1);
  return {
    legs: picked.map((i) => legOf(store, partyIndex, i)),
    next: more && last !== undefined ? encodeCursor({ time: store.time[last], index: last, desc: query.desc }) : null,
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
