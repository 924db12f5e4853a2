// viem: a public client over the http transport (the key as a fetch header, or in the URL), then
// client.request per call. A batch keeps its one round trip through http's `batch` option; viem
// numbers the calls itself, so the printed results are in the request's order, without ids.

import { jsKeyCheck, jsUrlLines } from './js-common.ts';
import { jsString, jsValue } from './quoting.ts';
import { aboutLines, callsOf, KEY_NAME, type SnippetTarget } from './snippet-target.ts';

export function viemSnippet(target: SnippetTarget): string {
  const batch = Array.isArray(target.body);
  const options = [
    ...(batch ? ['batch: true'] : []),
    ...(target.keyPlacement === 'header' ? [`fetchOptions: { headers: { ${KEY_NAME}: apiKey } }`] : []),
  ];
  const transport =
    options.length === 0
      ? 'http(url.toString())'
      : `http(${target.keyPlacement === 'header' ? 'url' : 'url.toString()'}, { ${options.join(', ')} })`;
  const request = (call: { method: string; params: unknown[] }, indent: string) =>
    `client.request({ method: ${jsString(call.method)}, params: ${jsValue(call.params, indent)} })`;
  const calls = callsOf(target.body);
  const run = batch
    ? [
        "// Called together, these go out as one JSON-RPC batch (the transport's batch option).",
        'const results = await Promise.all([',
        ...calls.map((call) => `  ${request(call, '  ')},`),
        ']);',
        'console.log(JSON.stringify(results, null, 2));',
      ]
    : [`const result = await ${request(calls[0], '')};`, 'console.log(JSON.stringify(result, null, 2));'];
  return [
    ...aboutLines(target, 'viem').map((line) => `// ${line}`),
    "import { createPublicClient, http } from 'viem';",
    '',
    ...jsKeyCheck(),
    ...jsUrlLines(target),
    `const client = createPublicClient({ transport: ${transport} });`,
    ...run,
    '',
  ].join('\n');
}
