// The sandbox ledger's transfers, stored column-wise in typed arrays so a million of them fit in
// a few tens of MB and generate in well under a second. Amounts and update ids are derived from
// the seed on demand rather than stored.
import { hostileStatuses, withHostileParties, withHostileSymbols } from './hostile-names.ts';
import { type Instrument, LEDGER_COIN, sandboxInstruments } from './instruments.ts';
import { INSTITUTION_COUNT, type SandboxParties, sandboxParties } from './parties.ts';
import { hash32, seededRandom } from './random.ts';

/** Documented in docs/service-decisions.md. */
export const TRANSFER_STATUSES = ['completed', 'pending', 'failed', 'withdrawn'] as const;
const STATUS_WEIGHTS = [94, 3, 2, 1];

/** The generated history ends here (not at "now") so a seed gives the same ledger on any day. */
export const HISTORY_END_MICROS = Date.UTC(2026, 10, 1) * 1000;
const HISTORY_DAYS = 700;
const NO_PARTY = -1;

export interface TransferStore {
  readonly seed: number;
  readonly parties: SandboxParties;
  readonly instruments: Instrument[];
  /** Status names by index (TRANSFER_STATUSES, or their hostile variants). */
  readonly statuses: readonly string[];
  count: number;
  /** effectiveAt, microseconds since the epoch (exact in a double up to year 2255). */
  time: Float64Array;
  update: Uint32Array;
  /** Index into parties.ids; -1 for a mint (no sender). */
  sender: Int16Array;
  receiver: Int16Array;
  instrument: Uint8Array;
  status: Uint8Array;
  /** Per party: indices of its transfers, ascending (= ascending effectiveAt, then index). */
  legsOf: Int32Array[];
  legCount: Int32Array;
  updateCount: number;
  /**
   * Update ids built so far ('' = not yet), by update number: a page's legs share updates and pages
   * are re-read. A packed array: a sparse one falls into dictionary mode and is slower than no cache.
   */
  updateIds: string[];
}

export interface GenerateOptions {
  /** Party ids, symbols and statuses carrying HTML and script (hostile-names.ts). Same ledger otherwise. */
  hostileNames?: boolean;
}

export function generateTransfers(seed: number, transfers: number, options: GenerateOptions = {}): TransferStore {
  const plain = sandboxParties(seed);
  const parties = options.hostileNames ? withHostileParties(plain, INSTITUTION_COUNT) : plain;
  const instruments = options.hostileNames ? withHostileSymbols(sandboxInstruments(plain)) : sandboxInstruments(plain);
  const statuses = options.hostileNames ? hostileStatuses(TRANSFER_STATUSES) : TRANSFER_STATUSES;
  const store = allocate(seed, parties, instruments, statuses, Math.max(transfers, 16));
  const random = seededRandom(seed);
  const pickParty = weightedPicker(parties.weights, random);
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
      const mint = random() < 0.01;
      const sender = mint ? NO_PARTY : pickParty();
      let receiver = pickParty();
      while (receiver === sender) receiver = pickParty();
      put(
        store,
        i,
        time,
        store.updateCount,
        sender,
        receiver,
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
  store.updateIds = Array.from({ length: store.updateCount }, () => '');
  buildPartyIndex(store);
  return store;
}

/** New transfers arriving after start-up (for cursor-stability tests and live demos). */
export function appendTransfers(store: TransferStore, count: number, atMicros: number): void {
  const random = seededRandom(store.seed ^ store.count);
  const pickParty = weightedPicker(store.parties.weights, random);
  let time = Math.max(atMicros, store.count ? store.time[store.count - 1] : 0);
  ensureCapacity(store, store.count + count);
  for (let n = 0; n < count; n++) {
    time += 1;
    const i = store.count++;
    const sender = pickParty();
    let receiver = pickParty();
    while (receiver === sender) receiver = pickParty();
    put(store, i, time, store.updateCount++, sender, receiver, LEDGER_COIN, 0);
    store.updateIds.push('');
    for (const party of [sender, receiver]) addLeg(store, party, i);
  }
}

function allocate(
  seed: number,
  parties: SandboxParties,
  instruments: Instrument[],
  statuses: readonly string[],
  capacity: number,
): TransferStore {
  return {
    seed,
    parties,
    instruments,
    statuses,
    count: 0,
    time: new Float64Array(capacity),
    update: new Uint32Array(capacity),
    sender: new Int16Array(capacity),
    receiver: new Int16Array(capacity),
    instrument: new Uint8Array(capacity),
    status: new Uint8Array(capacity),
    legsOf: [],
    legCount: new Int32Array(parties.ids.length),
    updateCount: 0,
    updateIds: [],
  };
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
  store.update[i] = update;
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
  store.legsOf = Array.from(counts, (n) => new Int32Array(Math.max(16, Math.ceil(n * 1.25))));
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
  const grow = <T extends Float64Array | Uint32Array | Int16Array | Uint8Array>(old: T, make: (n: number) => T): T => {
    const next = make(capacity);
    next.set(old as never);
    return next;
  };
  store.time = grow(store.time, (n) => new Float64Array(n));
  store.update = grow(store.update, (n) => new Uint32Array(n));
  store.sender = grow(store.sender, (n) => new Int16Array(n));
  store.receiver = grow(store.receiver, (n) => new Int16Array(n));
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

/** Exact decimal amount of transfer i, derived from the seed: never a float. */
export function amountOf(store: TransferStore, i: number): string {
  const instrument = store.instruments[store.instrument[i]];
  const h1 = hash32(store.seed, i, 1);
  const h2 = hash32(store.seed, i, 2);
  // Mostly modest sizes, with a long tail and the odd whale.
  let whole = BigInt(Math.floor(((h1 % 100_000) / 100_000) ** 3 * instrument.scale * 10));
  if (h2 % 4096 === 0) whole *= 10n ** 15n;
  const decimals = instrument.decimals ?? 0;
  if (decimals === 0) return (whole === 0n ? 1n : whole).toString();
  let fraction = '';
  for (let salt = 3; fraction.length < decimals; salt++)
    fraction += hash32(store.seed, i, salt).toString().padStart(10, '0');
  return `${whole}.${fraction.slice(0, decimals)}`;
}

const HEX_BYTE = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Canton-style update id: hex, derived from the seed and the update number; built once per update. */
export function updateIdOf(store: TransferStore, i: number): string {
  const update = store.update[i];
  const known = store.updateIds[update];
  if (known) return known;
  let hex = '1220';
  for (let salt = 0; salt < 8; salt++) {
    const h = hash32(store.seed, update, 100 + salt);
    hex += HEX_BYTE[h >>> 24] + HEX_BYTE[(h >>> 16) & 255] + HEX_BYTE[(h >>> 8) & 255] + HEX_BYTE[h & 255];
  }
  store.updateIds[update] = hex;
  return hex;
}

const MICROS_PER_DAY = 86_400_000_000;
let cachedDay = Number.NaN;
let cachedDate = '';
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** ISO-8601 UTC with microseconds: 2025-03-04T05:06:07.123456Z (hot: one call per leg served). */
export function isoMicros(micros: number): string {
  const day = Math.floor(micros / MICROS_PER_DAY);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDate = new Date(day * 86_400_000).toISOString().slice(0, 11); // YYYY-MM-DDT
  }
  let rest = micros - day * MICROS_PER_DAY;
  const fraction = rest % 1_000_000;
  rest = (rest - fraction) / 1_000_000;
  const seconds = rest % 60;
  const minutes = ((rest - seconds) / 60) % 60;
  const hours = Math.floor(rest / 3600);
  return `${cachedDate}${two(hours)}:${two(minutes)}:${two(seconds)}.${String(fraction).padStart(6, '0')}Z`;
}
