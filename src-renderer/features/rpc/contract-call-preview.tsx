// Contract mode's request, read-only: exactly the JSON-RPC call Send sends (the console's single-call
// draft as the form wrote it, variables resolved, with the id it will carry), or why nothing is sent
// yet. It stands where the Method and Params editor stands in Single call: in Contract mode the form is
// the editor, and nothing else on screen describes another call (docs/rpc-console.md, "Contract mode").
import type { ContractCall } from './abi/contract-store.ts';
import type { ResolvedCheck } from './variables.ts';

export function ContractCallPreview({ call, check }: { call: ContractCall | null; check: ResolvedCheck }) {
  return (
    <section className="rpc-contract-preview" aria-label="What Send sends" data-testid="rpc-contract-preview">
      <h2>What Send sends</h2>
      {call === null ? (
        <p className="muted">Choose a contract and a function: the call Send sends appears here.</p>
      ) : !call.ok ? (
        <p className="muted" data-testid="rpc-contract-not-ready">
          Nothing to send yet: {call.problem}
        </p>
      ) : check.ok ? (
        <pre className="mono rpc-contract-call" data-testid="rpc-contract-call">
          {JSON.stringify(check.body, null, 2)}
        </pre>
      ) : (
        <p className="field-error" role="alert" data-testid="rpc-draft-error">
          {check.error} — not sent.
        </p>
      )}
    </section>
  );
}
