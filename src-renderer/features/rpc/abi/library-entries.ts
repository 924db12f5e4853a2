// The profile's ABI library as the contract form and the decoder use it (built-ins, the sandbox's
// contracts on the sandbox profile, saved ABIs). Null while it loads: the decoder then waits
// rather than call every selector unknown.
import { useAbiLibrary } from '../../../data/abi.ts';
import type { ContractEntry } from './contract-mode.tsx';

export function useLibraryEntries(profileId: string | undefined): readonly ContractEntry[] | null {
  return useAbiLibrary(profileId).data ?? null;
}
