// "Copy curl with key", asked first: what will be on the clipboard (the curl command with the real
// key in it; the key itself is never shown), and for how long. Escape or Cancel closes it.
import type { RefObject } from 'react';
import type { RpcCurlRequest } from '../../../src-shared/contract/rpc.ts';

interface CurlKeyConfirmProps {
  request: Omit<RpcCurlRequest, 'withKey'>;
  onCopy: () => void;
  onCancel: () => void;
  /** Focused by the owner when the question opens (the button that opened it is disabled then). */
  cancelButton: RefObject<HTMLButtonElement | null>;
}

export function CurlKeyConfirm({ request, onCopy, onCancel, cancelButton }: CurlKeyConfirmProps) {
  return (
    <span
      className="rpc-curl-confirm"
      role="dialog"
      aria-label="Copy with the API key?"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <span data-testid="rpc-curl-confirm-text">
        This puts on the clipboard the curl command that calls {request.body && describeBody(request.body)} on{' '}
        {request.chain} ({request.nodeType} node): the same command as "Copy as curl", with your real API key written in
        it instead of $LEDGER_API_KEY. Anyone who gets it can use your key. The clipboard is cleared after 60 s if it
        still holds the command.
      </span>
      <span>
        <button type="button" onClick={onCopy}>
          Copy command with key
        </button>{' '}
        <button type="button" ref={cancelButton} onClick={onCancel}>
          Cancel
        </button>
      </span>
    </span>
  );
}

/** The call(s) in words: eth_getBalance, or "a batch of 3 calls". */
function describeBody(body: RpcCurlRequest['body']): string {
  return Array.isArray(body) ? `a batch of ${body.length} calls` : body.method;
}
