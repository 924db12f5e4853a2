import type { SandboxParties } from './parties.ts';

export interface Instrument {
  admin: string;
  id: string;
  /** null for an instrument whose metadata the registry does not publish. */
  symbol: string | null;
  decimals: number | null;
  /** Typical size of a transfer, in whole units. */
  scale: number;
  /** Share of generated transfers. */
  weight: number;
}

/** Index 0 is always the ledger coin (assetKind=ledger_coin). */
export function sandboxInstruments(parties: SandboxParties): Instrument[] {
  const [usd, bonds, metals] = parties.registrars;
  return [
    { admin: parties.dso, id: 'Amulet', symbol: 'CC', decimals: 10, scale: 5_000, weight: 50 },
    { admin: usd, id: 'USDX', symbol: 'USDX', decimals: 6, scale: 20_000, weight: 20 },
    { admin: usd, id: 'EURX', symbol: 'EURX', decimals: 2, scale: 10_000, weight: 8 },
    { admin: bonds, id: 'TBILL-2026-12', symbol: 'TB26', decimals: 0, scale: 500, weight: 8 },
    { admin: metals, id: 'GOLD-OZ', symbol: 'XAUT', decimals: 3, scale: 40, weight: 6 },
    { admin: metals, id: 'WETH-CANTON', symbol: 'cWETH', decimals: 18, scale: 20, weight: 6 },
    { admin: bonds, id: 'LEGACY-NOTE-7', symbol: null, decimals: null, scale: 1_000, weight: 2 },
  ];
}

export const LEDGER_COIN = 0;
