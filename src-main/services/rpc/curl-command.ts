// "Copy as curl": the same request as the console sends, as a POSIX shell command. The key is the
// shell variable $LEDGER_API_KEY (so the command runs after `export LEDGER_API_KEY=...` and can be
// pasted into a ticket safely); only the explicit "with key" variant writes the key itself.
import type { RpcBody } from '../../../src-shared/contract/rpc.ts';
import { inDoubleQuotes, singleQuoted } from '../../../src-shared/text/shell-quote.ts';
import { KEY_PLACEHOLDER } from './rpc-history-store.ts';

export interface CurlInput {
  /** The node address, without any key. */
  address: string;
  keyPlacement: 'header' | 'query';
  body: RpcBody;
  /** The real key, or null for the placeholder. */
  apiKey: string | null;
}

export function curlCommand({ address, keyPlacement, body, apiKey }: CurlInput): string {
  const url =
    keyPlacement === 'query'
      ? apiKey === null
        ? `"${inDoubleQuotes(address)}?apiKey=${KEY_PLACEHOLDER}"`
        : singleQuoted(`${address}?apiKey=${encodeURIComponent(apiKey)}`)
      : singleQuoted(address);
  const lines = [`curl -sS -X POST ${url}`, `-H 'content-type: application/json'`];
  if (keyPlacement === 'header') {
    lines.push(apiKey === null ? `-H "apiKey: ${KEY_PLACEHOLDER}"` : `-H ${singleQuoted(`apiKey: ${apiKey}`)}`);
  }
  lines.push(`--data-raw ${singleQuoted(JSON.stringify(body))}`);
  return lines.join(' \\\n  ');
}
