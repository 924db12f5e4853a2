// Python requests: posts the body (a batch stays one list) with the key from os.environ, and
// prints the answer's JSON text as the node sent it.
import { KEY_VARIABLE } from '../../../../src-shared/contract/rpc-snippet.ts';
import { pyString, pyValue } from './quoting.ts';
import { aboutLines, KEY_NAME, type SnippetTarget } from './snippet-target.ts';

export function pythonSnippet(target: SnippetTarget): string {
  const key = `{${pyString(KEY_NAME)}: os.environ[${pyString(KEY_VARIABLE)}]}`;
  return [
    ...aboutLines(target, 'Python requests').map((line) => `# ${line}`),
    'import os',
    '',
    'import requests',
    '',
    `payload = ${pyValue(target.body)}`,
    'response = requests.post(',
    `    ${pyString(target.address)},`,
    '    json=payload,',
    `    ${target.keyPlacement === 'header' ? 'headers' : 'params'}=${key},`,
    '    timeout=30,',
    ')',
    'response.raise_for_status()',
    'print(response.text)',
    '',
  ].join('\n');
}
