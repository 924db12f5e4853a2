// Lines the three JavaScript snippets share: the key from process.env, and the address (with the
// key as a query parameter when the profile sends it there).
import { KEY_VARIABLE } from '../../../../src-shared/contract/rpc-snippet.ts';
import { jsString } from './quoting.ts';
import { KEY_NAME, type SnippetTarget } from './snippet-target.ts';

export function jsKeyCheck(): string[] {
  return [
    `const apiKey = process.env.${KEY_VARIABLE};`,
    `if (!apiKey) throw new Error('Set ${KEY_VARIABLE} first: export ${KEY_VARIABLE}=...');`,
  ];
}

/** `const url = …`: a string for the header placement, a URL carrying the key for the query placement. */
export function jsUrlLines({ address, keyPlacement }: SnippetTarget): string[] {
  if (keyPlacement === 'header') return [`const url = ${jsString(address)};`];
  return [`const url = new URL(${jsString(address)});`, `url.searchParams.set('${KEY_NAME}', apiKey);`];
}
