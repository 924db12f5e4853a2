// Loaded on demand (React.lazy): the Decoded section with the profile's ABI library.
import type { RpcBody } from '../../../../src-shared/contract/rpc.ts';
import { useActiveProfile } from '../../../data/settings.ts';
import { DecodedAnswer } from './decoded-answer.tsx';
import { useLibraryEntries } from './library-entries.ts';
import './abi.css';

export default function DecodedPanel({ body, json }: { body: RpcBody; json: unknown }) {
  const profile = useActiveProfile();
  const entries = useLibraryEntries(profile?.id);
  if (!entries) return <p className="muted">Decoding…</p>;
  return <DecodedAnswer body={body} json={json} sources={entries} />;
}
