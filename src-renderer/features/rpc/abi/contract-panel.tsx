// Loaded on demand (React.lazy): the contract form with the profile's ABI library. Kept out of
// the first screen's bundle because it brings viem.

import { ContractMode } from './contract-mode.tsx';
import type { ContractCall } from './contract-store.ts';
import { useLibraryEntries } from './library-entries.ts';
import './abi.css';

export default function ContractPanel(props: {
  profileId: string | undefined;
  onCall: (call: ContractCall | null) => void;
}) {
  const entries = useLibraryEntries(props.profileId);
  if (!entries) return <p className="muted">Loading the ABI library…</p>;
  return <ContractMode entries={entries} onCall={props.onCall} />;
}
