// The params of a single call: whether they are checked against the method's description, the
// question when they were written for another method, and the JSON editor itself.
import { JsonEditor } from './json-editor.tsx';
import type { DescribedMethod } from './openrpc-methods.ts';
import { signature } from './param-check.ts';
import type { DraftCheck } from './request-draft.ts';
import { type ConsoleDraft, useRpcConsoleStore } from './rpc-console-store.ts';

interface ParamsFieldProps {
  draft: ConsoleDraft;
  set: (patch: Partial<ConsoleDraft>) => void;
  check: DraftCheck;
  onSubmit: () => void;
  described: DescribedMethod | undefined;
  /** The method's params template, when the catalog has one. */
  template: string | null;
  /** Asked: the params are another method's (`writtenFor`) and not this one's template. */
  asking: boolean;
  writtenFor: string;
  /** The console store's: moves on when the text is set from outside; what the user typed. */
  textSeq: number;
  typed: (patch: { paramsText: string }) => void;
}

export function ParamsField(props: ParamsFieldProps) {
  const { draft, set, check, onSubmit, described, template, asking, writtenFor, textSeq, typed } = props;
  const keepParams = useRpcConsoleStore((s) => s.keepParams);
  return (
    <div className="field rpc-params">
      <span className="field-label">Params (JSON array)</span>
      {draft.method.trim() && (
        <span className="muted rpc-params-note" data-testid="rpc-params-note">
          {described
            ? `Checked before sending: ${signature(described)}`
            : 'Not in the Ethereum JSON-RPC description: params not checked.'}
        </span>
      )}
      {asking && template !== null && (
        <p className="rpc-params-question" data-testid="rpc-params-question">
          <span role="status">
            These params were written for {writtenFor}: use {draft.method}'s template instead?
          </span>
          <button type="button" onClick={() => set({ paramsText: template })}>
            Use template
          </button>
          <button type="button" onClick={keepParams}>
            Keep these params
          </button>
        </p>
      )}
      <JsonEditor
        value={draft.paramsText}
        replaceSeq={textSeq}
        onChange={(text) => typed({ paramsText: text })}
        onSubmit={onSubmit}
        label="Params (JSON array)"
        error={!check.ok && check.field === 'params' ? check.error : null}
      />
    </div>
  );
}
