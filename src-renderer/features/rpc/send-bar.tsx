// Send (or Ctrl/⌘+Enter), the id the next call gets, and the curl copies of the request.
import type { RpcCurlRequest } from '../../../src-shared/contract/rpc.ts';
import { CurlActions } from './curl-actions.tsx';

interface SendBarProps {
  canSend: boolean;
  nextId: number;
  /** The request as it would be sent, for the curl copies; null while the form is not valid. */
  request: Omit<RpcCurlRequest, 'withKey'> | null;
}

export function SendBar({ canSend, nextId, request }: SendBarProps) {
  return (
    <div className="form-actions rpc-actions">
      <button type="submit" disabled={!canSend} aria-keyshortcuts="Control+Enter">
        Send
      </button>
      <span className="muted">
        Ctrl/⌘+Enter · next id <span data-testid="rpc-next-id">{nextId}</span>
      </span>
      <CurlActions request={request} />
    </div>
  );
}
