import { createHash } from 'node:crypto';

/** A prefunded account of the sandbox EVM chains; the same key holds the same balance on every chain. */
export interface EvmAccount {
  address: string;
  privateKey: string;
  /** Balance at genesis (block 0); later blocks move value between the accounts. */
  balanceWei: string;
}

export const EVM_ACCOUNT_COUNT = 10;

/** 10,000 coins of 18 decimals: plenty for any test, and a round number a person recognises. */
export const EVM_ACCOUNT_BALANCE_WEI = (10_000n * 10n ** 18n).toString();

/**
 * Private keys derived from the seed like the sandbox credentials, so a support case can be replayed
 * with the same accounts. A SHA-256 digest is a valid secp256k1 key except with negligible probability.
 */
export function evmAccountKeys(seed: number): string[] {
  return Array.from(
    { length: EVM_ACCOUNT_COUNT },
    (_, index) => `0x${createHash('sha256').update(`ledger-sandbox:${seed}:evm-account:${index}`).digest('hex')}`,
  );
}

/**
 * The key that deploys the sandbox contracts (src-shared/abi/sandbox-contracts.ts) as its first two
 * transactions on every chain, so their CREATE addresses are the same on every chain and for every seed:
 * a constant, not drawn from the seed. It is no EvmAccount: it moves no value, and the ten accounts and
 * their balances stay what they were. The node holds it (eth_accounts lists it last) to sign the deploys.
 */
export const CONTRACT_DEPLOYER_KEY = `0x${createHash('sha256').update('ledger-sandbox:contract-deployer').digest('hex')}`;
