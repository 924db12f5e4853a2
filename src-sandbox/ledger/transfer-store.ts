// The sandbox ledger's transfers, stored column-wise in typed arrays so a million of them fit in
// a few tens of MB and generate in well under a second. Amounts and update ids are derived from
// the seed on demand rather than stored (leg-values.ts, whose bytes page-json.ts writes straight
// into the answer).
import { hostileStatuses, withHostileParties, withHostileSymbols } from './hostile-names.ts';
import { type Instrument, LEDGER_COIN, sandboxInstruments } from './instruments.ts';
import { withLongPartyId } from './long-party-id.ts';
import { INSTITUTION_COUNT, type SandboxParties, sandboxParties } from './parties.ts';
import { seededRandom } from './random.ts';

/** Documented in docs/service-decisions.md. */
export const TRANSFER_STATUSES = ['completed', 'pending', 'failed', 'withdrawn'] as const;
const STATUS_WEIGHTS = [94, 3, 2, 1];

/** The generated history ends here (not at "now") so a seed gives the same ledger on any day. */
export const HISTORY_END_MICROS = Date.UTC(2026, 10, 1) * 1000;
const HISTORY_DAYS = 700;
const NO_PARTY = -1;
/** With `busyParty`: the party in (nearly) every transfer, the first of `parties.ids` (exchange-north). */
export const BUSY_PARTY = 0;

export interface TransferStore {
  readonly seed: number;
  readonly parties: SandboxParties;
  readonly instruments: Instrument[];
  /** Status names by index (TRANSFER_STATUSES, or their hostile variants). */
  readonly statuses: readonly string[];
  /** Party BUSY_PARTY is sender or receiver of every transfer (generated and appended). */
  readonly busyParty: boolean;
  count: number;
  /** effectiveAt, microseconds since the epoch (exact in a double up to year 2255). */
  time: Float64Array;
  /**
   * The update (transaction) number of transfer i is updateBase[i >> 8] + updateOffset[i]: updates
   * only grow, by at most one per transfer, so a block of 256 needs one base and a byte each
   * (1 MB for a million transfers instead of 4).
   */
  updateBase: Uint32Array;
  updateOffset: Uint8Array;
  /** Index into parties.ids; -1 for a mint (no sender). One byte while there are under 128 parties. */
  sender: PartyColumn;
  receiver: PartyColumn;
  instrument: Uint8Array;
  status: Uint8Array;
  /** Per party: indices of its transfers, ascending (= ascending effectiveAt, then index). */
  legsOf: Int32Array[];
  legCount: Int32Array;
  updateCount: number;
}

type PartyColumn = Int8Array | Int16Array;

const UPDATE_BLOCK = 256;

/** The update (transaction) number of transfer i: its legs share it, and with it the update id. */
export function updateOf(store: TransferStore, i: number): number {
  return store.updateBase[i >> 8] + store.updateOffset[i];
}

export interface GenerateOptions {
  /** Party ids, symbols and statuses carrying HTML and script (hostile-names.ts). Same ledger otherwise. */
  hostileNames?: boolean;
  /**
   * Party BUSY_PARTY (parties.ids[0]) is the sender or receiver of every transfer, so `transfers`
   * gives it exactly that many legs (a benchmark's million-leg party). Off: the ledger is unchanged.
   */
  busyParty?: boolean;
  /** One party's id is the longest the pattern allows (long-party-id.ts). Same ledger otherwise. */
  longPartyId?: boolean;
}

export function generateTransfers(seed: number, transfers: number, options: GenerateOptions = {}): TransferStore {
  const plain = sandboxParties(seed);
  const named = options.hostileNames ? withHostileParties(plain, INSTITUTION_COUNT) : plain;
  const parties = options.longPartyId ? withLongPartyId(named) : named;
  const instruments = options.hostileNames ? withHostileSymbols(sandboxInstruments(plain)) : sandboxInstruments(plain);
  const statuses = options.hostileNames ? hostileStatuses(TRANSFER_STATUSES) : TRANSFER_STATUSES;
  const store = allocate(seed, parties, instruments, statuses, Math.max(transfers, 16), options.busyParty === true);
  const random = seededRandom(seed);
  const pickPair = pairPicker(store, random, true);
  const pickInstrument = weightedPicker(
    instruments.map((i) => i.weight),
    random,
  );
  const pickStatus = weightedPicker(STATUS_WEIGHTS, random);

  const meanGapMicros = (HISTORY_DAYS * 86_400e6) / Math.max(transfers, 1);
  let time = HISTORY_END_MICROS - HISTORY_DAYS * 86_400e6;
  let i = 0;
  while (i < transfers) {
    // One update (transaction) moves 1-4 legs at the same instant, often of the same instrument.
    const legs = Math.min(transfers - i, 1 + Math.floor(random() ** 3 * 4));
    time += Math.max(1, Math.floor(-Math.log(1 - random()) * meanGapMicros * legs));
    const instrument = pickInstrument();
    for (let leg = 0; leg < legs; leg++, i++) {
      pickPair();
      put(
        store,
        i,
        time,
        store.updateCount,
        pair.sender,
        pair.receiver,
        leg > 0 && random() < 0.3 ? pickInstrument() : instrument,
        pickStatus(),
      );
    }
    store.updateCount++;
  }
  store.count = transfers;
  // Random gaps over- or undershoot the span: shift so the history ends exactly at HISTORY_END.
  const shift = transfers > 0 ? HISTORY_END_MICROS - store.time[transfers - 1] : 0;
  for (let k = 0; k < transfers; k++) store.time[k] += shift;
  buildPartyIndex(store);
  return store;
}

/** The sender and receiver pickPair chose last (one object, not one per transfer). */
const pair = { sender: NO_PARTY, receiver: NO_PARTY };

/**
 * Picks a transfer's two parties into `pair`: with `mints` 1% have no sender, the rest weighted by party. A
 * busy store puts BUSY_PARTY on one side, the side and the other party drawn from `random`.
 */
function pairPicker(store: TransferStore, random: () => number, mints: boolean): () => void {
  const pickParty = weightedPicker(store.parties.weights, random);
  return () => {
    const mint = mints && random() < 0.01;
    if (store.busyParty) {
      let other = pickParty();
      while (other === BUSY_PARTY) other = pickParty();
      const sends = !mint && random() < 0.5;
      pair.sender = mint ? NO_PARTY : sends ? BUSY_PARTY : other;
      pair.receiver = sends ? other : BUSY_PARTY;
      return;
    }
    pair.sender = mint ? NO_PARTY : pickParty();
    pair.receiver = pickParty();
    while (pair.receiver === pair.sender) pair.receiver = pickParty();
  };
}

/**
 * New transfers arriving after start-up (cursor-stability tests, live demos, an incremental sync's
 * new window): ledger-coin, completed, `gapMicros` apart (default 1) from max(atMicros, newest)
 * on, so they are newer than everything stored and keep every cursor valid. Deterministic from the
 * seed and the count so far; a busy store keeps BUSY_PARTY in each.
 */
export function appendTransfers(store: TransferStore, count: number, atMicros: number, gapMicros = 1): void {
  const random = seededRandom(store.seed ^ store.count);
  const pickPair = pairPicker(store, random, false);
  let time = Math.max(atMicros, store.count ? store.time[store.count - 1] : 0);
  ensureCapacity(store, store.count + count);
  for (let n = 0; n < count; n++) {
    time += gapMicros;
    const i = store.count++;
    pickPair();
    put(store, i, time, store.updateCount++, pair.sender, pair.receiver, LEDGER_COIN, 0);
    addLeg(store, pair.sender, i);
    addLeg(store, pair.receiver, i);
  }
}

/**
 * Test aid: transfer `i` as the service answers from now on, changed in place (its time, parties
 * and update stay): another status (a name in `store.statuses`), or another instrument (an index
 * into `store.instruments`: to a client that keys a leg by its fields, the old leg is gone and a
 * new one came).
 */
export function reviseTransfer(
  store: TransferStore,
  i: number,
  change: { status?: string; instrument?: number },
): void {
  if (i < 0 || i >= store.count) throw new RangeError(`no transfer ${i}`);
  if (change.status !== undefined) {
    const status = store.statuses.indexOf(change.status);
    if (status < 0) throw new RangeError(`no status ${change.status}`);
    store.status[i] = status;
  }
  if (change.instrument !== undefined) {
    if (!store.instruments[change.instrument]) throw new RangeError(`no instrument ${change.instrument}`);
    store.instrument[i] = change.instrument;
  }
}

function allocate(
  seed: number,
  parties: SandboxParties,
  instruments: Instrument[],
  statuses: readonly string[],
  capacity: number,
  busyParty: boolean,
): TransferStore {
  return {
    seed,
    parties,
    instruments,
    statuses,
    busyParty,
    count: 0,
    time: new Float64Array(capacity),
    updateBase: new Uint32Array(Math.ceil(capacity / UPDATE_BLOCK)),
    updateOffset: new Uint8Array(capacity),
    sender: partyColumn(parties, capacity),
    receiver: partyColumn(parties, capacity),
    instrument: new Uint8Array(capacity),
    status: new Uint8Array(capacity),
    legsOf: [],
    legCount: new Int32Array(parties.ids.length),
    updateCount: 0,
  };
}

function partyColumn(parties: SandboxParties, capacity: number): PartyColumn {
  return parties.ids.length < 128 ? new Int8Array(capacity) : new Int16Array(capacity);
}

function put(
  store: TransferStore,
  i: number,
  time: number,
  update: number,
  sender: number,
  receiver: number,
  instrument: number,
  status: number,
): void {
  store.time[i] = time;
  if (i % UPDATE_BLOCK === 0) store.updateBase[i / UPDATE_BLOCK] = update;
  store.updateOffset[i] = update - store.updateBase[Math.floor(i / UPDATE_BLOCK)];
  store.sender[i] = sender;
  store.receiver[i] = receiver;
  store.instrument[i] = instrument;
  store.status[i] = status;
}

function buildPartyIndex(store: TransferStore): void {
  const counts = new Int32Array(store.parties.ids.length);
  for (let i = 0; i < store.count; i++) {
    if (store.sender[i] !== NO_PARTY) counts[store.sender[i]]++;
    counts[store.receiver[i]]++;
  }
  // Exact sizes (addLeg doubles a party's array when live transfers arrive): 2M legs cost 8 MB, not 10.
  store.legsOf = Array.from(counts, (n) => new Int32Array(Math.max(16, n)));
  store.legCount.fill(0);
  for (let i = 0; i < store.count; i++) {
    if (store.sender[i] !== NO_PARTY) store.legsOf[store.sender[i]][store.legCount[store.sender[i]]++] = i;
    store.legsOf[store.receiver[i]][store.legCount[store.receiver[i]]++] = i;
  }
}

function addLeg(store: TransferStore, party: number, transfer: number): void {
  let legs = store.legsOf[party];
  if (store.legCount[party] === legs.length) {
    const grown = new Int32Array(legs.length * 2);
    grown.set(legs);
    store.legsOf[party] = legs = grown;
  }
  legs[store.legCount[party]++] = transfer;
}

function ensureCapacity(store: TransferStore, needed: number): void {
  if (needed <= store.time.length) return;
  const capacity = Math.max(needed, store.time.length * 2);
  const grow = <T extends Float64Array | Uint32Array | PartyColumn | Uint8Array>(old: T, make: (n: number) => T): T => {
    const next = make(capacity);
    next.set(old as never);
    return next;
  };
  store.time = grow(store.time, (n) => new Float64Array(n));
  store.updateOffset = grow(store.updateOffset, (n) => new Uint8Array(n));
  const bases = new Uint32Array(Math.ceil(capacity / UPDATE_BLOCK));
  bases.set(store.updateBase);
  store.updateBase = bases;
  store.sender = grow(store.sender, (n) => partyColumn(store.parties, n));
  store.receiver = grow(store.receiver, (n) => partyColumn(store.parties, n));
  store.instrument = grow(store.instrument, (n) => new Uint8Array(n));
  store.status = grow(store.status, (n) => new Uint8Array(n));
}

/** Picks an index with probability proportional to its weight, through a 4096-slot lookup table. */
function weightedPicker(weights: number[], random: () => number): () => number {
  const total = weights.reduce((a, b) => a + b, 0);
  const table = new Int16Array(4096);
  let slot = 0;
  let cumulative = 0;
  weights.forEach((w, index) => {
    cumulative += w;
    const end = Math.round((cumulative / total) * table.length);
    for (; slot < end; slot++) table[slot] = index;
  });
  return () => table[Math.floor(random() * table.length)];
}
