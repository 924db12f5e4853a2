// The contract form's state, kept while the user visits other sections (as the console's draft is).
// No viem here: the radio that opens the form is on the first screen's bundle; the form is loaded on use.
import { create } from 'zustand';
import type { FormValue } from './input-parse.ts';

export interface ContractFormState {
  /** The "Contract" request kind is chosen. */
  open: boolean;
  entryId: string | null;
  /** The function picked, by its signature ("balanceOf(address)"): names can be overloaded. */
  functionSig: string | null;
  inputs: FormValue[];
  to: string;
  blockTag: string;
  from: string;
  value: string;
  /** Every field shows its message, empty ones too (after Call or Estimate gas was pressed once). */
  showAll: boolean;
}

interface ContractStore extends ContractFormState {
  patch: (patch: Partial<ContractFormState>) => void;
}

export const useContractStore = create<ContractStore>((set) => ({
  open: false,
  entryId: null,
  functionSig: null,
  inputs: [],
  to: '',
  blockTag: 'latest',
  from: '',
  value: '',
  showAll: false,
  patch: (patch) => set(patch),
}));
