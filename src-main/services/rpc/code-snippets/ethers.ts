// ethers v6: a JsonRpcProvider over a FetchRequest that carries the key (a header, or in the URL),
// then provider.send per call; ethers groups the sends of one tick into a single batch.

import { jsKeyCheck, jsUrlLines } from './js-common.ts';
import { jsString, jsValue } from './quoting.ts';
import { aboutLines, callsOf, KEY_NAME, type SnippetTarget } from './snippet-target.ts';

export function ethersSnippet(target: SnippetTarget): string {
  const header = target.keyPlacement === 'header';
  const send = (call: { method: string; params: unknown[] }, indent: string) =>
    `provider.send(${jsString(call.method)}, ${jsValue(call.params, indent)})`;
  const calls = callsOf(target.body);
  const run = Array.isArray(target.body)
    ? [
        '// Sent in the same tick, these go out as one JSON-RPC batch.',
        'const results = await Promise.all([',
        ...calls.map((call) => `  ${send(call, '  ')},`),
        ']);',
        'console.log(JSON.stringify(results, null, 2));',
      ]
    : [`const result = await ${send(calls[0], '')};`, 'console.log(JSON.stringify(result, null, 2));'];
  return [
    ...aboutLines(target, 'ethers v6').map((line) => `// ${line}`),
    "import { FetchRequest, JsonRpcProvider } from 'ethers';",
    '',
    ...jsKeyCheck(),
    ...jsUrlLines(target),
    `const request = new FetchRequest(${header ? 'url' : 'url.toString()'});`,
    ...(header ? [`request.setHeader('${KEY_NAME}', apiKey);`] : []),
    'const provider = new JsonRpcProvider(request);',
    ...run,
    'provider.destroy();',
    '',
  ].join('\n');
}
