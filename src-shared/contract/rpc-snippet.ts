// "Copy as": the console's request as code in a developer's language. Main builds the text; the
// API key is never in it, only a reference to the environment variable LEDGER_API_KEY.
import { z } from 'zod';
import { RpcCurlRequest } from './rpc.ts';

export const SNIPPET_LANGUAGES = ['curl', 'fetch', 'viem', 'ethers', 'cast', 'python'] as const;
export const SnippetLanguage = z.enum(SNIPPET_LANGUAGES);
export type SnippetLanguage = z.infer<typeof SnippetLanguage>;

/** What the "Copy as" choice shows for each language. */
export const SNIPPET_LABELS: Record<SnippetLanguage, string> = {
  curl: 'curl',
  fetch: 'JavaScript fetch',
  viem: 'viem',
  ethers: 'ethers v6',
  cast: 'cast (Foundry)',
  python: 'Python requests',
};

/** The environment variable every snippet reads the key from (`$LEDGER_API_KEY` in a shell). */
export const KEY_VARIABLE = 'LEDGER_API_KEY';

/** The same target and body as a curl copy, and the language; no `withKey`: a snippet never holds the key. */
export const RpcSnippetRequest = z.strictObject({
  ...RpcCurlRequest.omit({ withKey: true }).shape,
  language: SnippetLanguage,
});
export type RpcSnippetRequest = z.input<typeof RpcSnippetRequest>;

export interface RpcSnippet {
  language: SnippetLanguage;
  code: string;
  keyVariable: typeof KEY_VARIABLE;
}
