import { useState } from 'react';
import { asBridgeError } from '../../../src-shared/contract/errors.ts';
import type { RpcCurlRequest } from '../../../src-shared/contract/rpc.ts';
import { curlCommand } from '../../data/rpc.ts';

/**
 * "Copy as curl" writes main's command with the key as $LEDGER_API_KEY. "Copy with key" asks main
 * for the real key in the command, puts it on the clipboard and keeps nothing: the answer is not
 * cached, not in state and not shown.
 */
export function CurlActions({ request }: { request: Omit<RpcCurlRequest, 'withKey'> | null }) {
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);

  const copy = async (withKey: boolean) => {
    if (!request) return;
    try {
      const { command } = await curlCommand({ ...request, withKey });
      await navigator.clipboard.writeText(command);
      setStatus({
        text: withKey
          ? 'Copied with the real key: do not paste it anywhere shared.'
          : 'Copied: the key is $LEDGER_API_KEY (export LEDGER_API_KEY=… before running it).',
        error: false,
      });
    } catch (error) {
      setStatus({ text: `Not copied: ${asBridgeError(error).message}`, error: true });
    }
  };

  return (
    <span className="rpc-curl">
      <button type="button" onClick={() => void copy(false)} disabled={!request}>
        Copy as curl
      </button>
      <button
        type="button"
        onClick={() => void copy(true)}
        disabled={!request}
        title="Puts the real API key on the clipboard"
      >
        Copy with key
      </button>
      {status && (
        <span className={status.error ? 'field-error' : 'muted'} role="status" data-testid="rpc-curl-status">
          {status.text}
        </span>
      )}
    </span>
  );
}
