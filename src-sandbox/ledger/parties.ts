import { sha256Hex } from './random.ts';

/**
 * Canton party ids: `<hint>::<namespace fingerprint>`, the fingerprint a multihash of a SHA-256
 * key fingerprint written as `1220` + 64 hex digits.
 */
export const PARTY_ID = /^[A-Za-z0-9_-][A-Za-z0-9_:-]{0,184}::1220[0-9a-f]{64}$/;

export function partyId(hint: string, seed: number): string {
  return `${hint}::1220${sha256Hex(`party:${seed}:${hint}`)}`;
}

const HINTS = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
  'niaj',
  'olivia',
  'peggy',
  'rupert',
  'sybil',
  'trent',
  'victor',
  'walter',
  'yolanda',
];
const INSTITUTIONS = [
  'exchange-north',
  'exchange-south',
  'custodian-a',
  'custodian-b',
  'market-maker-1',
  'treasury-ops',
];

/** Parties 0 .. INSTITUTION_COUNT-1 are the institutions. */
export const INSTITUTION_COUNT = INSTITUTIONS.length;

export interface SandboxParties {
  /** Parties that send and receive (index into `ids`). */
  ids: string[];
  /** Weight of each party in generated traffic: institutions trade far more than individuals. */
  weights: number[];
  /** Administrator of the ledger coin. */
  dso: string;
  /** Administrators of the private instruments. */
  registrars: string[];
}

export function sandboxParties(seed: number, count = 60): SandboxParties {
  const ids: string[] = [];
  const weights: number[] = [];
  for (const name of INSTITUTIONS) {
    ids.push(partyId(name, seed));
    weights.push(40);
  }
  for (let i = 0; ids.length < count; i++) {
    const hint = i < HINTS.length ? HINTS[i] : `${HINTS[i % HINTS.length]}-${Math.floor(i / HINTS.length)}`;
    ids.push(partyId(hint, seed));
    weights.push(i < HINTS.length ? 6 : 1);
  }
  return {
    ids,
    weights,
    dso: partyId('DSO', seed),
    registrars: ['registrar-usd', 'registrar-bonds', 'registrar-metals'].map((h) => partyId(h, seed)),
  };
}
