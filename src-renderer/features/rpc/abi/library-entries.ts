// The profile's ABI library as the contract form and the decoder use it (built-ins, the sandbox's
// contracts on the sandbox profile, saved ABIs). Empty while it loads: decoding then shows nothing
// rather than guessing.
import { useAbiLibrary } from '../../../data/abi.ts';
import type { ContractEntry } from './contract-mode.tsx';

const NONE: readonly ContractEntry[] = [];

export function useLibraryEntries(profileId: string | undefined): readonly ContractEntry[] {
  return useAbiLibrary(profileId).data ?? NONE;
}
