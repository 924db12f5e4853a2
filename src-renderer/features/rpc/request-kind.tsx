// Single call or batch, and the method catalog: picking a method fills the single call's method
// and params template (or asks, over params of the user's own), or appends a call to the batch.

import { useContractStore } from './abi/contract-store.ts';
import { catalogMethod, METHOD_CATALOG } from './method-catalog.ts';
import { appendToBatch } from './request-draft.ts';
import { type ConsoleDraft, useRpcConsoleStore } from './rpc-console-store.ts';

const GROUPS = [
  ['eth_', 'eth'],
  ['net_', 'net'],
  ['web3_', 'web3'],
] as const;

interface RequestKindProps {
  draft: ConsoleDraft;
  set: (patch: Partial<ConsoleDraft>) => void;
}

export function RequestKind({ draft, set }: RequestKindProps) {
  // "Contract" writes a single call (eth_call) into the draft: the console's mode stays single.
  const contract = useContractStore((s) => s.open);
  const openContract = useContractStore((s) => s.patch);
  const chooseMethod = useRpcConsoleStore((s) => s.chooseMethod);
  const pickFromCatalog = (method: string) => {
    const entry = catalogMethod(method);
    if (!entry) return;
    // As a typed name: its template over a template, a question over params of the user's own.
    if (draft.mode === 'single') chooseMethod(entry.method);
    else {
      const next = appendToBatch(draft.batchText, entry.method, entry.params);
      if (next !== null) set({ batchText: next });
    }
  };

  return (
    <fieldset className="rpc-mode">
      <legend className="visually-hidden">Request kind</legend>
      <label>
        <input
          type="radio"
          name="rpc-mode"
          checked={draft.mode === 'single' && !contract}
          onChange={() => {
            openContract({ open: false });
            set({ mode: 'single' });
          }}
        />{' '}
        Single call
      </label>
      <label>
        <input
          type="radio"
          name="rpc-mode"
          checked={draft.mode === 'batch'}
          onChange={() => {
            openContract({ open: false });
            set({ mode: 'batch' });
          }}
        />{' '}
        Batch
      </label>
      <label>
        <input
          type="radio"
          name="rpc-mode"
          checked={draft.mode === 'single' && contract}
          onChange={() => {
            openContract({ open: true });
            set({ mode: 'single' });
          }}
        />{' '}
        Contract
      </label>
      {/* In Contract mode the form makes the call: a catalog method would be a second, competing one. */}
      {!(draft.mode === 'single' && contract) && (
        <select
          aria-label="Method catalog"
          value=""
          onChange={(e) => pickFromCatalog(e.target.value)}
          className="rpc-catalog"
        >
          <option value="">{draft.mode === 'single' ? 'Method catalog…' : 'Add a call from the catalog…'}</option>
          {GROUPS.map(([prefix, label]) => (
            <optgroup key={prefix} label={label}>
              {METHOD_CATALOG.filter((m) => m.method.startsWith(prefix)).map((m) => (
                <option key={m.method} value={m.method}>
                  {m.method}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </fieldset>
  );
}
