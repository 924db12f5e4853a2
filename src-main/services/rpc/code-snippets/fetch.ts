// JavaScript fetch (Node 18+, Deno, Bun): posts the body as it is (a batch stays one array) and
// prints the answer's JSON text as the node sent it.

import { jsKeyCheck, jsUrlLines } from './js-common.ts';
import { jsValue } from './quoting.ts';
import { aboutLines, KEY_NAME, type SnippetTarget } from './snippet-target.ts';

export function fetchSnippet(target: SnippetTarget): string {
  const header = target.keyPlacement === 'header' ? [`    ${KEY_NAME}: apiKey,`] : [];
  return [
    ...aboutLines(target, 'JavaScript fetch').map((line) => `// ${line}`),
    ...jsKeyCheck(),
    ...jsUrlLines(target),
    'const response = await fetch(url, {',
    "  method: 'POST',",
    '  headers: {',
    "    'content-type': 'application/json',",
    ...header,
    '  },',
    `  body: JSON.stringify(${jsValue(target.body, '  ')}),`,
    '});',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the snippet's own template literal
    'if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);',
    'console.log(await response.text());',
    '',
  ].join('\n');
}
