// The second target of Side by side: profile, chain and node type. Until the user changes a field
// it follows the console's own target, with the other node type (full vs archive of the same chain).
import { useId } from 'react';
import { ChainName, NODE_TYPES, type NodeType } from '../../../../src-shared/contract/rpc.ts';
import type { Profile } from '../../../../src-shared/contract/schemas.ts';
import { useChainListing } from '../../../data/chains.ts';

/** What the user chose; null: follow the console's target (for the node type: the other one). */
export interface SecondChoice {
  profileId: string | null;
  chain: string | null;
  nodeType: NodeType | null;
}

export const FOLLOW: SecondChoice = { profileId: null, chain: null, nodeType: null };

export const otherNodeType = (type: NodeType): NodeType => (type === 'full' ? 'archive' : 'full');

/** The second target as it stands, from the user's choice and the console's target. */
export function secondTarget(choice: SecondChoice, first: { profileId: string; chain: string; nodeType: NodeType }) {
  return {
    profileId: choice.profileId ?? first.profileId,
    chain: choice.chain ?? first.chain,
    nodeType: choice.nodeType ?? otherNodeType(first.nodeType),
  };
}

/** The chain field's message, or null when the name is one main would accept. */
export function chainProblem(chain: string): string | null {
  const checked = ChainName.safeParse(chain);
  return checked.success ? null : `Chain: ${checked.error.issues[0].message}`;
}

interface CompareTargetProps {
  target: { profileId: string; chain: string; nodeType: NodeType };
  profiles: readonly Profile[];
  onChange: (patch: Partial<SecondChoice>) => void;
  onFollow: () => void;
  following: boolean;
}

export function CompareTarget({ target, profiles, onChange, onFollow, following }: CompareTargetProps) {
  const formId = useId();
  const ids = {
    profile: `${formId}-profile`,
    chain: `${formId}-chain`,
    chains: `${formId}-chains`,
    type: `${formId}-type`,
  };
  const chains = useChainListing(target.profileId);
  const problem = chainProblem(target.chain);
  const errorId = `${formId}-chain-error`;
  return (
    <fieldset className="rpc-compare-target">
      <legend>Compare with (B)</legend>
      <div className="field">
        <label htmlFor={ids.profile}>Profile (B)</label>
        <select id={ids.profile} value={target.profileId} onChange={(e) => onChange({ profileId: e.target.value })}>
          {profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.chain}>Chain (B)</label>
        <input
          id={ids.chain}
          list={ids.chains}
          value={target.chain}
          onChange={(e) => onChange({ chain: e.target.value })}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          spellCheck={false}
          autoComplete="off"
        />
        <datalist id={ids.chains}>
          {chains.data?.chains.map((c) => (
            <option key={c.name} value={c.name} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor={ids.type}>Node type (B)</label>
        <select
          id={ids.type}
          value={target.nodeType}
          onChange={(e) => onChange({ nodeType: e.target.value as NodeType })}
        >
          {NODE_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      {!following && (
        <button type="button" onClick={onFollow}>
          Follow the console (other node type)
        </button>
      )}
      {problem && (
        <p id={errorId} className="field-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
