// The contract form's state, kept while the user visits other sections (as the console's draft is).
// No viem here: the radio that opens the form is on the first screen's bundle; the form is loaded on use.
import { create } from 'zustand';
import type { FormValue } from './input-parse.ts';

/** What Send sends for the form as it stands (the form publishes it; the console shows it and sends it). */
export type ContractCall =
  | { ok: true; method: ContractMethod; paramsText: string }
  /** Not sendable yet: the first field at fault, named, with its message. */
  | { ok: false; problem: string };

export type ContractMethod = 'eth_call' | 'eth_estimateGas';

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
  /** What Send sends: eth_call (a read, or a write simulated) or eth_estimateGas. */
  method: ContractMethod;
  /** Every field shows its message, empty ones too (after Send was pressed once with the form incomplete). */
  showAll: boolean;
  /** The call the form makes now; null while no function is chosen (or the form has not loaded). */
  call: ContractCall | null;
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
  method: 'eth_call',
  showAll: false,
  call: null,
  patch: (patch) => set(patch),
}));
