// Loaded on demand (React.lazy): the Decoded section with the profile's ABI library.
import type { NodeType, RpcBody } from '../../../../src-shared/contract/rpc.ts';
import { useActiveProfile } from '../../../data/settings.ts';
import { DecodedAnswer } from './decoded-answer.tsx';
import { useLibraryEntries } from './library-entries.ts';
import { AnswerTarget } from './token-amount.tsx';
import './abi.css';

export default function DecodedPanel({
  body,
  json,
  chain,
  nodeType,
}: {
  body: RpcBody;
  json: unknown;
  /** Where the answer came from: a token's decimals are asked of the same chain and node type. */
  chain: string;
  nodeType: NodeType;
}) {
  const profile = useActiveProfile();
  const entries = useLibraryEntries(profile?.id);
  if (!entries) return <p className="muted">Decoding…</p>;
  return (
    <AnswerTarget.Provider value={{ profileId: profile?.id, chain, nodeType }}>
      <DecodedAnswer body={body} json={json} sources={entries} />
    </AnswerTarget.Provider>
  );
}
