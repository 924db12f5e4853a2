// Foundry's cast: `cast rpc` sends one call, so a batch becomes one command per call (in order).
// The key travels as cast's --rpc-headers (Foundry releases from 2024 on; older ones have no way to
// send a header, which the snippet says), or inside the URL for the query placement.
import { KEY_VARIABLE } from '../../../../src-shared/contract/rpc-snippet.ts';
import { inDoubleQuotes, shellWord } from '../../../../src-shared/text/shell-quote.ts';
import { aboutLines, callsOf, KEY_NAME, type SnippetTarget } from './snippet-target.ts';

export function castSnippet(target: SnippetTarget): string {
  const header = target.keyPlacement === 'header';
  const url = header ? shellWord(target.address) : `"${inDoubleQuotes(target.address)}?${KEY_NAME}=$${KEY_VARIABLE}"`;
  const keyOption = header ? ` --rpc-headers "${KEY_NAME}: $${KEY_VARIABLE}"` : '';
  const calls = callsOf(target.body);
  const notes = [
    ...(header
      ? [
          `cast sends the key as a header with --rpc-headers (Foundry 2024 or later). An older cast cannot`,
          `send a header: use the curl snippet, or a profile that puts the key in the query.`,
        ]
      : []),
    ...(calls.length > 1
      ? [`cast rpc sends one call at a time: the batch's ${calls.length} calls, one command each, in order.`]
      : []),
  ];
  return [
    ...[...aboutLines(target, "Foundry's cast"), ...notes].map((line) => `# ${line}`),
    ...calls.map(
      (call) =>
        // `--` ends cast's options: a method such as `--rpc-url=https://…` stays the method, never an option.
        `cast rpc --rpc-url ${url}${keyOption} --raw \\\n  -- ${shellWord(call.method)} ${shellWord(JSON.stringify(call.params))}`,
    ),
    '',
  ].join('\n');
}
