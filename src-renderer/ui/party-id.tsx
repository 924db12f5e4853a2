import { CopyButton } from './copy-button.tsx';
import { shortenParty } from './party-format.ts';

/** A party id shown short (the full id in its tooltip), with a button that copies the full id. */
export function PartyId({ party, copy = true }: { party: string; copy?: boolean }) {
  return (
    <span className="party-id">
      <span className="mono" title={party}>
        {shortenParty(party)}
      </span>
      {copy && <CopyButton text={party} label={shortenParty(party)} />}
    </span>
  );
}
