// Loaded on demand (React.lazy): the contract form with the profile's ABI library. Kept out of
// the first screen's bundle because it brings viem.

import type { CallMethod } from './call-request.ts';
import { ContractMode } from './contract-mode.tsx';
import { useLibraryEntries } from './library-entries.ts';
import './abi.css';

export default function ContractPanel(props: {
  profileId: string | undefined;
  onBuilt: (method: CallMethod, paramsText: string) => void;
  canSend: boolean;
}) {
  const entries = useLibraryEntries(props.profileId);
  if (!entries) return <p className="muted">Loading the ABI library…</p>;
  return <ContractMode entries={entries} onBuilt={props.onBuilt} canSend={props.canSend} />;
}
