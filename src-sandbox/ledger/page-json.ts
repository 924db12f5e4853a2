// A transfers page written as the bytes of its JSON answer, leg by leg, into one buffer: no leg
// object, no string per value and no JSON.stringify of 1000 legs (which, with the objects, was
// two thirds of a 1000-leg page's time and most of the garbage that grew the heap).
// The bytes equal JSON.stringify of the same answer built as objects (legOf): every text that can
// need escaping (party ids, instrument fields, statuses, the echoed party and nextPageUrl) goes
// through JSON.stringify once; the values written here per leg (update id, time, amount) are
// digits and letters by construction. test/src-sandbox/ledger/page-json.test.ts holds both to it.
import type { ServerResponse } from 'node:http';
import {
  AMOUNT_MAX_BYTES,
  EFFECTIVE_AT_MAX_BYTES,
  UPDATE_ID_BYTES,
  writeAmount,
  writeIsoMicros,
  writeUpdateId,
} from './leg-values.ts';
import type { TransferPage } from './transfer-page.ts';
import type { TransferStore } from './transfer-store.ts';

const bytes = (text: string): Uint8Array => Buffer.from(text, 'utf8');

const LEG_START = bytes('{"updateId":"');
const EFFECTIVE_AT = bytes('","effectiveAt":"');
const NULL_JSON = 'null';
const COMMA = 44;

/** The per-ledger pieces of a leg's JSON, encoded once (or on first use). */
class LegFragments {
  /** JSON of each party id, by party index. */
  private readonly party: string[];
  /** `","instrumentAdmin":…,"instrumentId":…,"symbol":…,"decimals":…,"amount":"`, by instrument index. */
  readonly instrument: Uint8Array[];
  /** `,"status":…}`, by status index. */
  readonly status: Uint8Array[];
  /**
   * `","senderParty":…,"receiverParty":…,"counterparty":…,"isIncoming":…` by (sender, receiver, incoming):
   * the three party ids of a leg in one copy. Built on first use: at most 2 x 61 x 60 of them.
   */
  private readonly parties: Array<Uint8Array | undefined>;
  /** An upper bound of one leg's bytes. */
  readonly maxLeg: number;

  constructor(store: TransferStore) {
    this.party = store.parties.ids.map((id) => JSON.stringify(id));
    this.instrument = store.instruments.map((i) => {
      const fields = JSON.stringify({
        instrumentAdmin: i.admin,
        instrumentId: i.id,
        symbol: i.symbol,
        decimals: i.decimals,
      }).slice(1, -1);
      return bytes(`",${fields},"amount":"`);
    });
    this.status = store.statuses.map((s) => bytes(`,"status":${JSON.stringify(s)}}`));
    this.parties = new Array((this.party.length + 1) * this.party.length * 2).fill(undefined);
    const longest = (list: Array<{ length: number }>) => Math.max(0, ...list.map((b) => b.length));
    this.maxLeg =
      1 + // the comma before it
      LEG_START.length +
      UPDATE_ID_BYTES +
      EFFECTIVE_AT.length +
      EFFECTIVE_AT_MAX_BYTES +
      longest(this.instrument) +
      AMOUNT_MAX_BYTES +
      this.partiesOf(-1, 0, false).length +
      3 * Math.max(NULL_JSON.length, longest(this.party)) +
      longest(this.status);
  }

  /** `sender` -1 for a mint (no sender). */
  partiesOf(sender: number, receiver: number, incoming: boolean): Uint8Array {
    const key = ((sender + 1) * this.party.length + receiver) * 2 + (incoming ? 1 : 0);
    const known = this.parties[key];
    if (known) return known;
    const senderJson = sender < 0 ? NULL_JSON : this.party[sender];
    const receiverJson = this.party[receiver];
    const made = bytes(
      `","senderParty":${senderJson},"receiverParty":${receiverJson},"counterparty":${incoming ? senderJson : receiverJson},"isIncoming":${incoming}`,
    );
    this.parties[key] = made;
    return made;
  }
}

const fragmentsByStore = new WeakMap<TransferStore, LegFragments>();

function fragmentsOf(store: TransferStore): LegFragments {
  let fragments = fragmentsByStore.get(store);
  if (!fragments) {
    fragments = new LegFragments(store);
    fragmentsByStore.set(store, fragments);
  }
  return fragments;
}

/**
 * Answer buffers, reused: a buffer goes back to the pool once its response has been handed to the
 * socket, so serving pages makes almost no garbage (a fresh 650 KB buffer per page grew the heap).
 */
const pool: Buffer[] = [];
const POOL_SIZE = 2;
const FIRST_SIZE = 1 << 20;

function grow(buffer: Buffer, pos: number, needed: number): Buffer {
  if (pos + needed <= buffer.length) return buffer;
  const grown = Buffer.allocUnsafe(Math.max(buffer.length * 2, pos + needed));
  buffer.copy(grown, 0, 0, pos);
  return grown;
}

function writeLeg(
  out: Buffer,
  pos: number,
  store: TransferStore,
  f: LegFragments,
  partyIndex: number,
  i: number,
): number {
  const receiver = store.receiver[i];
  out.set(LEG_START, pos);
  pos = writeUpdateId(out, pos + LEG_START.length, store, i);
  out.set(EFFECTIVE_AT, pos);
  pos = writeIsoMicros(out, pos + EFFECTIVE_AT.length, store.time[i]);
  const instrument = f.instrument[store.instrument[i]];
  out.set(instrument, pos);
  pos = writeAmount(out, pos + instrument.length, store, i);
  const parties = f.partiesOf(store.sender[i], receiver, receiver === partyIndex);
  out.set(parties, pos);
  pos += parties.length;
  const status = f.status[store.status[i]];
  out.set(status, pos);
  return pos + status.length;
}

/** Writes the answer into `out` (grown if needed); returns the buffer and the length written. */
function writePage(
  out: Buffer,
  store: TransferStore,
  party: string,
  page: TransferPage,
  nextPageUrl: string | null,
): { buffer: Buffer; length: number } {
  const f = fragmentsOf(store);
  const head = bytes(`{"party":${JSON.stringify(party)},"transfers":[`);
  const tail = bytes(
    `],"count":${page.transfers.length},"hasNextPage":${page.next !== null},"nextPageUrl":${JSON.stringify(nextPageUrl)}}`,
  );
  out = grow(out, 0, head.length);
  out.set(head, 0);
  let pos = head.length;
  for (let k = 0; k < page.transfers.length; k++) {
    out = grow(out, pos, f.maxLeg);
    if (k > 0) out[pos++] = COMMA;
    pos = writeLeg(out, pos, store, f, page.partyIndex, page.transfers[k]);
  }
  out = grow(out, pos, tail.length);
  out.set(tail, pos);
  return { buffer: out, length: pos + tail.length };
}

/**
 * The answer `{party, transfers, count, hasNextPage, nextPageUrl}` as bytes, equal to
 * JSON.stringify of it with the legs built by legOf.
 */
export function pageJson(store: TransferStore, party: string, page: TransferPage, nextPageUrl: string | null): Buffer {
  const { buffer, length } = writePage(Buffer.allocUnsafe(FIRST_SIZE), store, party, page, nextPageUrl);
  return buffer.subarray(0, length);
}

/** Sends a 200 transfers page (the headers sendJson would send). */
export function sendPage(
  res: ServerResponse,
  store: TransferStore,
  party: string,
  page: TransferPage,
  nextPageUrl: string | null,
): void {
  const { buffer, length } = writePage(pool.pop() ?? Buffer.allocUnsafe(FIRST_SIZE), store, party, page, nextPageUrl);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': length });
  // 'finish': the last bytes were handed to the operating system, so the buffer is free again. A
  // response cut off before that never finishes, and its buffer is left to the garbage collector.
  res.once('finish', () => {
    if (pool.length < POOL_SIZE) pool.push(buffer);
  });
  res.end(buffer.subarray(0, length));
}
