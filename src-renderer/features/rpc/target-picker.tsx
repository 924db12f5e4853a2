// Where a call goes: the chain (typed, or picked from the listing), the node type and the timeout,
// with the address main will call. The API key is added by main and never shown here.
import { useEffect, useId } from 'react';
import { NODE_TYPES, type NodeType, nodeAddress } from '../../../src-shared/contract/rpc.ts';
import type { ChainSummary } from '../../../src-shared/contract/schemas.ts';
import type { useRpcEndpoint } from '../../data/rpc.ts';
import { DRAFT_ERROR_ID } from './request-editor.tsx';
import { type ConsoleDraft, useRpcConsoleStore } from './rpc-console-store.ts';

interface TargetPickerProps {
  draft: ConsoleDraft;
  set: (patch: Partial<ConsoleDraft>) => void;
  /** The profile's chain listing, when it has arrived. */
  chains: readonly ChainSummary[] | undefined;
  listingFailed: boolean;
  endpoint: ReturnType<typeof useRpcEndpoint>;
  invalid: boolean;
  /** The chain with its {{variables}} filled in (the address shows where the call really goes), when it resolves. */
  resolvedChain?: string | null;
}

export function TargetPicker({
  draft,
  set,
  chains,
  listingFailed,
  endpoint,
  invalid,
  resolvedChain,
}: TargetPickerProps) {
  const formId = useId();
  const ids = {
    chain: `${formId}-chain`,
    chains: `${formId}-chains`,
    nodeType: `${formId}-node-type`,
    timeout: `${formId}-timeout`,
  };

  // A console opened for the first time starts on the listing's first chain, unless the user is
  // already in the Chain field (the listing may arrive mid-typing: it must not land under the cursor).
  const firstChain = chains?.[0]?.name;
  useEffect(() => {
    const typing = document.activeElement?.id === ids.chain;
    if (firstChain && !typing && !useRpcConsoleStore.getState().chain) set({ chain: firstChain });
  }, [firstChain, set, ids.chain]);

  const chain = resolvedChain ?? draft.chain.trim();
  const address =
    endpoint.data && chain ? nodeAddress(endpoint.data.rpcUrl, chain, endpoint.data.separator, draft.nodeType) : null;

  return (
    <>
      <div className="rpc-target">
        <div className="field">
          <label htmlFor={ids.chain}>Chain</label>
          <input
            id={ids.chain}
            list={ids.chains}
            value={draft.chain}
            onChange={(e) => set({ chain: e.target.value })}
            placeholder={chains?.[0]?.name ?? 'chain name'}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? DRAFT_ERROR_ID : undefined}
            spellCheck={false}
            autoComplete="off"
          />
          <datalist id={ids.chains}>
            {chains?.map((c) => (
              <option key={c.name} value={c.name} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor={ids.nodeType}>Node type</label>
          <select
            id={ids.nodeType}
            value={draft.nodeType}
            onChange={(e) => set({ nodeType: e.target.value as NodeType })}
          >
            {NODE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="field rpc-timeout">
          <label htmlFor={ids.timeout}>Timeout (s)</label>
          <input
            id={ids.timeout}
            type="number"
            min={1}
            max={300}
            value={draft.timeoutSeconds}
            onChange={(e) =>
              set({ timeoutSeconds: Math.min(300, Math.max(1, Math.round(Number(e.target.value) || 30))) })
            }
          />
        </div>
      </div>
      <p className="rpc-address">
        <span className="muted">Address: </span>
        <code data-testid="rpc-address">{address ?? '(choose a chain)'}</code>
        {endpoint.data && (
          <span className="muted">
            {' '}
            · key in the apiKey {endpoint.data.keyPlacement === 'header' ? 'header' : 'query parameter'} (added by the
            app, never shown)
          </span>
        )}
        {listingFailed && <span className="muted"> · chain listing unavailable: type the chain name</span>}
      </p>
      {endpoint.error && <p className="field-error">{(endpoint.error as { message?: string }).message}</p>}
    </>
  );
}
