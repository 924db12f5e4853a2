// curl: the same command as "Copy as curl" (curl-command.ts), with $LEDGER_API_KEY in place of the key.
import { curlCommand } from '../curl-command.ts';
import type { SnippetTarget } from './snippet-target.ts';

export function curlSnippet({ address, keyPlacement, body }: SnippetTarget): string {
  return curlCommand({ address, keyPlacement, body, apiKey: null });
}
