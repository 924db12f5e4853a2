// Legs shaped like the sandbox's busiest party's, made without a sandbox: party ids of ~80
// characters, 10 decimals, RFC 3339 times with milliseconds, 200 counterparties. For the benches of
// the store's write path alone (leg-append-bench.ts, json-ingest-bench.ts).
import type { TransferLeg } from '../src-shared/contract/transfers.ts';

const hex = (k: number, len: number) =>
  k
    .toString(16)
    .padStart(8, '0')
    .repeat(Math.ceil(len / 8))
    .slice(0, len);

/** The party every synthetic leg belongs to. */
export const SYNTHETIC_PARTY = `busy-party::1220${hex(7, 64)}`;
const others = Array.from({ length: 200 }, (_, k) => `party-${k}::1220${hex(k * 7919 + 13, 64)}`);
const admin = `dso::1220${hex(99, 64)}`;
const t0ms = Date.parse('2024-01-01T00:00:00Z');

/** The k-th leg: the same k gives the same leg in every bench. */
export function syntheticLeg(k: number): TransferLeg {
  const other = others[k % others.length];
  const incoming = k % 3 === 0;
  return {
    updateId: `1220${hex(k * 2654435761, 64)}`,
    effectiveAt: new Date(t0ms + k * 37_000).toISOString().replace('Z', `${String(k % 1000).padStart(3, '0')}Z`),
    instrumentAdmin: admin,
    instrumentId: k % 5 === 0 ? 'USDCx' : 'Amulet',
    symbol: k % 5 === 0 ? 'USDCx' : 'CC',
    decimals: 10,
    amount: `${(k * 7919) % 100000}.${String((k * 104729) % 10_000_000_000).padStart(10, '0')}`,
    senderParty: incoming ? other : SYNTHETIC_PARTY,
    receiverParty: incoming ? SYNTHETIC_PARTY : other,
    counterparty: other,
    isIncoming: incoming,
    status: 'completed',
  };
}
