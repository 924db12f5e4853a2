// No text from the request can break a snippet or run anything: strings with quotes, $, backticks,
// backslashes, newlines, U+2028 and any Unicode (fast-check), read back by the snippet's own tool,
// are the same text again. Each property runs its samples through one bash / node / python3 process.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeSnippet } from '../../../../src-main/services/rpc/code-snippets/index.ts';
import { jsString, jsValue, pyValue } from '../../../../src-main/services/rpc/code-snippets/quoting.ts';
import type { RpcBody } from '../../../../src-shared/contract/rpc.ts';
import { SNIPPET_LANGUAGES } from '../../../../src-shared/contract/rpc-snippet.ts';
import { inDoubleQuotes, shellWord } from '../../../../src-shared/text/shell-quote.ts';
import { syntaxProblem, writeSnippet } from './snippet-checks.ts';

const run = promisify(execFile);
const SAMPLES = 300;
const SEED = { seed: 14 };

/** Mostly the characters that end strings, comments or commands, plus any Unicode. */
const hostileText = fc
  .oneof(
    fc.string({
      unit: fc.constantFrom(
        "'",
        '"',
        '$',
        '`',
        '\\',
        '\n',
        '\r',
        '\t',
        '!',
        '#',
        ';',
        '(',
        ')',
        '\u2028',
        '€',
        '😀',
        'a',
      ),
    }),
    fc.string({ unit: 'binary' }),
  )
  .filter((text) => text.isWellFormed() && !text.includes('\0'));
const jsonValue = fc.jsonValue().filter((value) => JSON.stringify(value).isWellFormed());
const same = (value: unknown) => JSON.parse(JSON.stringify(value));

async function bash(script: string): Promise<string[]> {
  const path = await writeSnippet('curl', script);
  const { stdout } = await run('bash', [path], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.split('\0').slice(0, -1);
}

describe('quoting, read back by each language', () => {
  it("a shell word (single quotes, or $'…' with control characters) is the text itself, one argument", async () => {
    const texts = fc.sample(hostileText, { numRuns: SAMPLES, ...SEED });
    expect(await bash(texts.map((text) => `printf '%s\\0' ${shellWord(text)}`).join('\n'))).toEqual(texts);
  });

  it('text inside double quotes expands nothing', async () => {
    const texts = fc.sample(hostileText, { numRuns: SAMPLES, ...SEED });
    const script = texts.map((text) => `printf '%s\\0' "${inDoubleQuotes(text)}"`).join('\n');
    expect(await bash(script)).toEqual(texts);
  });

  it('a JS string and a JS value give back the same string and JSON', async () => {
    const texts = fc.sample(hostileText, { numRuns: SAMPLES, ...SEED });
    const values = [{ ['__proto__']: { polluted: true } }, ...fc.sample(jsonValue, { numRuns: SAMPLES, ...SEED })];
    const source = [
      `const texts = [${texts.map(jsString).join(',\n')}];`,
      `const values = [${values.map((value) => jsValue(value, '  ')).join(',\n')}];`,
      'process.stdout.write(JSON.stringify({ texts, values }));',
    ].join('\n');
    const { stdout } = await run(process.execPath, [await writeSnippet('fetch', source)], { maxBuffer: 1 << 26 });
    expect(JSON.parse(stdout)).toEqual({ texts, values: same(values) });
  });

  it('a Python literal gives back the same JSON', async () => {
    const values = [...fc.sample(hostileText, { numRuns: SAMPLES, ...SEED }), ...fc.sample(jsonValue, SAMPLES)];
    const source = `import json, sys\nvalues = [\n${values.map((value) => pyValue(value)).join(',\n')}\n]\nsys.stdout.write(json.dumps(values))\n`;
    const { stdout } = await run('python3', [await writeSnippet('python', source)], { maxBuffer: 1 << 26 });
    expect(JSON.parse(stdout)).toEqual(same(values));
  });
});

describe('whole snippets with hostile chains, methods and params', () => {
  const request = fc.record({
    chain: hostileText.filter((text) => text.length > 0),
    method: hostileText.filter((text) => text.trim().length > 0),
    params: fc.array(fc.oneof(hostileText, jsonValue), { maxLength: 3 }),
    placement: fc.constantFrom('header' as const, 'query' as const),
    batch: fc.boolean(),
  });
  const samples = fc.sample(request, { numRuns: 12, ...SEED });
  const snippet = (language: (typeof SNIPPET_LANGUAGES)[number], sample: (typeof samples)[number]) => {
    const call = { jsonrpc: '2.0' as const, id: 1, method: sample.method, params: sample.params };
    const body: RpcBody = sample.batch ? [call, { ...call, id: 2 }] : call;
    const endpoint = { rpcUrl: 'http://127.0.0.1:4013', separator: '_' as const, keyPlacement: sample.placement };
    return codeSnippet(endpoint, { chain: sample.chain, nodeType: 'full', body, language }).code;
  };

  for (const language of SNIPPET_LANGUAGES) {
    it(`${language}: valid for its tool`, async () => {
      for (const sample of samples) expect(await syntaxProblem(language, snippet(language, sample))).toBeNull();
    });
  }

  it('cast gets a method that looks like an option after `--`, where clap reads it as the method', async () => {
    const method = '--rpc-url=https://evil.example';
    const code = codeSnippet(
      { rpcUrl: 'http://127.0.0.1:4013', separator: '_', keyPlacement: 'header' },
      { chain: 'eth', nodeType: 'full', body: { jsonrpc: '2.0', id: 1, method, params: [] }, language: 'cast' },
    ).code;
    expect(await syntaxProblem('cast', code)).toBeNull();
    const args = await bash(`cast() { printf '%s\\0' "$@"; }\nLEDGER_API_KEY=k\n${code}`);
    const end = args.indexOf('--');
    expect(args.slice(end)).toEqual(['--', method, '[]']);
    expect(args.slice(0, end).filter((arg) => arg.startsWith('--rpc-url'))).toEqual(['--rpc-url']);
  });

  it('curl and cast run the one command with exactly the intended arguments (nothing injected)', async () => {
    for (const sample of samples) {
      const stubs = `curl() { printf '%s\\0' curl "$@"; }\ncast() { printf '%s\\0' cast "$@"; }\nLEDGER_API_KEY='k$(x)'\n`;
      const args = await bash(`${stubs}${snippet('curl', sample)}\n${snippet('cast', sample)}`);
      const address = `http://127.0.0.1:4013/${encodeURIComponent(sample.chain)}_full`;
      const url = sample.placement === 'query' ? `${address}?apiKey=k$(x)` : address;
      const key = sample.placement === 'header' ? ['-H', 'apiKey: k$(x)'] : [];
      const castKey = sample.placement === 'header' ? ['--rpc-headers', 'apiKey: k$(x)'] : [];
      const call = { jsonrpc: '2.0', id: 1, method: sample.method, params: sample.params };
      const body = sample.batch ? [call, { ...call, id: 2 }] : call;
      const castCall = [
        'cast',
        'rpc',
        '--rpc-url',
        url,
        ...castKey,
        '--raw',
        '--',
        sample.method,
        JSON.stringify(same(sample.params)),
      ];
      expect(args).toEqual([
        ...['curl', '-sS', '-X', 'POST', url, '-H', 'content-type: application/json', ...key],
        ...['--data-raw', JSON.stringify(same(body))],
        ...castCall,
        ...(sample.batch ? castCall : []),
      ]);
    }
  });
});
