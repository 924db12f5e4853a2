// The "Contract" request kind: pick a contract from the ABI library and one of its functions,
// fill the typed form, then Call (eth_call) or Estimate gas. The call is written into the
// console's single-call draft (method + params) and sent from there, so history, saving, Copy as
// and compare see an ordinary eth_call.
import type { AbiFunction } from 'viem';
import { signatureOf } from './abi-index.ts';
import { buildCall, type CallMethod, functionsOf } from './call-request.ts';
import { useContractStore } from './contract-store.ts';
import { FunctionForm } from './function-form.tsx';
import { emptyValue } from './input-parse.ts';

export interface ContractEntry {
  id: string;
  name: string;
  address: string | null;
  abi: readonly unknown[];
}

interface ContractModeProps {
  entries: readonly ContractEntry[];
  /** Writes the built call into the console's draft and sends it. */
  onBuilt: (method: CallMethod, paramsText: string) => void;
  /** Sending is possible (a profile, no call in flight). */
  canSend: boolean;
}

export function ContractMode({ entries, onBuilt, canSend }: ContractModeProps) {
  const form = useContractStore();
  const entry = entries.find((e) => e.id === form.entryId) ?? null;
  const { reads, writes } = entry ? functionsOf(entry.abi) : { reads: [], writes: [] };
  const fn: AbiFunction | null = [...reads, ...writes].find((f) => signatureOf(f) === form.functionSig) ?? null;

  const pickEntry = (id: string) => {
    const next = entries.find((e) => e.id === id) ?? null;
    const first = next ? (functionsOf(next.abi).reads[0] ?? functionsOf(next.abi).writes[0]) : undefined;
    form.patch({
      entryId: next?.id ?? null,
      to: next?.address ?? form.to,
      functionSig: first ? signatureOf(first) : null,
      inputs: first ? first.inputs.map(emptyValue) : [],
      showAll: false,
    });
  };
  const pickFunction = (sig: string) => {
    const next = [...reads, ...writes].find((f) => signatureOf(f) === sig);
    form.patch({ functionSig: sig, inputs: next ? next.inputs.map(emptyValue) : [], showAll: false });
  };
  const run = (method: CallMethod) => {
    if (!fn) return;
    const built = buildCall(fn, form, method);
    if (!built.ok) {
      form.patch({ showAll: true });
      return;
    }
    onBuilt(method, JSON.stringify(built.params, null, 2));
  };

  return (
    <section className="abi-contract-mode" aria-label="Contract call">
      <div className="abi-pickers">
        <label>
          Contract{' '}
          <select value={entry?.id ?? ''} onChange={(e) => pickEntry(e.target.value)}>
            <option value="">Choose a contract…</option>
            {entries.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
                {e.address ? ` · ${e.address.slice(0, 8)}…` : ''}
              </option>
            ))}
          </select>
        </label>
        {entry && (
          <label>
            Function{' '}
            <select value={form.functionSig ?? ''} onChange={(e) => pickFunction(e.target.value)}>
              {!fn && <option value="">Choose a function…</option>}
              <optgroup label="Read (eth_call)">
                {reads.map((f) => (
                  <option key={signatureOf(f)} value={signatureOf(f)}>
                    {signatureOf(f)}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Write (estimate gas, or simulate with eth_call)">
                {writes.map((f) => (
                  <option key={signatureOf(f)} value={signatureOf(f)}>
                    {signatureOf(f)}
                  </option>
                ))}
              </optgroup>
            </select>
          </label>
        )}
      </div>
      {entries.length === 0 && <p className="muted">The ABI library is empty: add an ABI first.</p>}
      {fn && (
        <>
          <FunctionForm fn={fn} form={form} patch={form.patch} />
          <div className="abi-actions">
            <button type="button" onClick={() => run('eth_call')} disabled={!canSend}>
              Call
            </button>
            <button type="button" onClick={() => run('eth_estimateGas')} disabled={!canSend}>
              Estimate gas
            </button>
            <span className="muted">Writes the eth_call below and sends it.</span>
          </div>
        </>
      )}
    </section>
  );
}
