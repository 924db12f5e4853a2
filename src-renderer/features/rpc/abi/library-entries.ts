// The ABI library as the contract form and the decoder use it. Until the library's data hook is
// in place this is the built-ins and the sandbox's contracts; the same shape either way.
import { BUILTIN_ABIS } from '../../../../src-shared/abi/builtin-abis.ts';
import { SANDBOX_CONTRACTS } from '../../../../src-shared/abi/sandbox-contracts.ts';
import type { ContractEntry } from './contract-mode.tsx';

const FALLBACK: ContractEntry[] = [
  ...SANDBOX_CONTRACTS.map((c) => ({ id: `sandbox-${c.name}`, name: c.name, address: c.address, abi: c.abi })),
  ...BUILTIN_ABIS.map((b) => ({ id: b.id, name: b.name, address: null, abi: b.abi })),
];

export function useLibraryEntries(_profileId: string | undefined): readonly ContractEntry[] {
  return FALLBACK;
}
