// The "Contract" request kind: pick a contract from the ABI library and one of its functions, fill
// the typed form, and choose what Send sends (eth_call or eth_estimateGas). The form publishes the
// call it makes as it changes (`onCall`); the console writes it into its single-call draft and shows
// it, read-only, as what Send sends, so history, saving, Copy as and compare see an ordinary eth_call.
// There is no second send button here: Send is the one (docs/rpc-console.md, "Contract mode").

import { useEffect } from 'react';
import type { AbiFunction } from 'viem';
import { signatureOf } from './abi-index.ts';
import { buildCall, type CallProblems, functionsOf } from './call-request.ts';
import { type ContractCall, type ContractMethod, useContractStore } from './contract-store.ts';
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
  /** The call the form makes now (null: no function chosen), each time it changes. */
  onCall: (call: ContractCall | null) => void;
}

const METHODS: readonly { method: ContractMethod; label: string }[] = [
  { method: 'eth_call', label: 'Call (eth_call)' },
  { method: 'eth_estimateGas', label: 'Estimate gas (eth_estimateGas)' },
];

/** The first field at fault, named as the form labels it, with its message. */
function firstProblem(fn: AbiFunction, problems: CallProblems): string {
  for (const [index, param] of fn.inputs.entries()) {
    const message = problems[`input-${index}`];
    if (message) return `${param.name || `argument ${index + 1}`} (${param.type}): ${message}`;
  }
  const labels = { to: 'Contract address', blockTag: 'Block', from: 'From', value: 'Value' } as const;
  for (const [key, label] of Object.entries(labels)) {
    const message = problems[key as keyof typeof labels];
    if (message) return `${label}: ${message}`;
  }
  return 'the form is incomplete';
}

export function ContractMode({ entries, onCall }: ContractModeProps) {
  const form = useContractStore();
  const entry = entries.find((e) => e.id === form.entryId) ?? null;
  const { reads, writes } = entry ? functionsOf(entry.abi) : { reads: [], writes: [] };
  const fn: AbiFunction | null = [...reads, ...writes].find((f) => signatureOf(f) === form.functionSig) ?? null;

  // What Send would send for the form as it stands, as text so an unchanged call is not published again.
  const built = fn ? buildCall(fn, form, form.method) : null;
  const call: ContractCall | null =
    built === null || fn === null
      ? null
      : built.ok
        ? { ok: true, method: built.method, paramsText: JSON.stringify(built.params, null, 2) }
        : { ok: false, problem: firstProblem(fn, built.problems) };
  const published = JSON.stringify(call);
  const latest = { call, onCall };
  // biome-ignore lint/correctness/useExhaustiveDependencies: published is the call as text; the call object is new each render
  useEffect(() => latest.onCall(latest.call), [published]);

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
          <fieldset className="abi-actions">
            <legend>Send sends</legend>
            {METHODS.map(({ method, label }) => (
              <label key={method}>
                <input
                  type="radio"
                  name="abi-method"
                  checked={form.method === method}
                  onChange={() => form.patch({ method })}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
        </>
      )}
    </section>
  );
}
