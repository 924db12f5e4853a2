// The call itself: a method and its params (single call: method-field.tsx, params-field.tsx) or a
// JSON array of calls (batch), with what is wrong with it, if anything. An invalid request is not sent.
import { useId } from 'react';
import { JsonEditor } from './json-editor.tsx';
import { catalogMethod, paramsTemplate } from './method-catalog.ts';
import { MethodField } from './method-field.tsx';
import { describedMethod } from './openrpc-methods.ts';
import { ParamsField } from './params-field.tsx';
import type { DraftCheck } from './request-draft.ts';
import { type ConsoleDraft, useRpcConsoleStore } from './rpc-console-store.ts';

/**
 * The id of the message saying what is wrong with the request: the Chain and Method fields point at
 * it (aria-describedby) when they are the field at fault. One console is on screen at a time.
 */
export const DRAFT_ERROR_ID = 'rpc-draft-error';

interface RequestEditorProps {
  draft: ConsoleDraft;
  set: (patch: Partial<ConsoleDraft>) => void;
  check: DraftCheck;
  onSubmit: () => void;
}

export function RequestEditor({ draft, set, check, onSubmit }: RequestEditorProps) {
  const formId = useId();
  const textSeq = useRpcConsoleStore((s) => s.textSeq);
  const typed = useRpcConsoleStore((s) => s.typed);
  const writtenFor = useRpcConsoleStore((s) => s.paramsWrittenFor);
  const catalog = catalogMethod(draft.method);
  const described = describedMethod(draft.method);
  const invalidField = check.ok ? null : check.field;

  const template = catalog ? paramsTemplate(catalog.params) : null;
  // Asked while the params are another method's and not this one's template.
  const asking = template !== null && writtenFor !== draft.method && draft.paramsText !== template;

  return (
    <>
      {draft.mode === 'single' ? (
        <>
          <MethodField
            formId={formId}
            draft={draft}
            set={set}
            errorId={invalidField === 'method' ? DRAFT_ERROR_ID : null}
            catalog={catalog}
            described={described}
            template={template}
            asking={asking}
          />
          <ParamsField
            draft={draft}
            set={set}
            check={check}
            onSubmit={onSubmit}
            described={described}
            template={template}
            asking={asking}
            writtenFor={writtenFor}
            textSeq={textSeq}
            typed={typed}
          />
        </>
      ) : (
        <div className="field rpc-params">
          <span className="field-label">Batch (JSON array of calls; id and jsonrpc may be left out)</span>
          <JsonEditor
            value={draft.batchText}
            replaceSeq={textSeq}
            onChange={(text) => typed({ batchText: text })}
            onSubmit={onSubmit}
            label="Batch (JSON array of calls)"
            error={invalidField === 'batch' && !check.ok ? check.error : null}
          />
        </div>
      )}
      {!check.ok && (
        <p id={DRAFT_ERROR_ID} className="field-error" role="alert" data-testid="rpc-draft-error">
          {check.error} — not sent.
        </p>
      )}
      {check.ok && check.warning && (
        <p className="muted" role="status" data-testid="rpc-draft-warning">
          {check.warning}; sent as written.
        </p>
      )}
    </>
  );
}
