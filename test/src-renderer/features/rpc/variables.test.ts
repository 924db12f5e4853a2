// {{variables}} in the console's request: found where they are, replaced by the environment's
// values (inside a JSON string textually, standing alone as JSON when the value is JSON), and an
// unknown one refused at its field by name before anything is sent.
import { describe, expect, it } from 'vitest';
import { parseVariableLines } from '../../../../src-renderer/features/rpc/environment-lines.ts';
import type { ConsoleDraft } from '../../../../src-renderer/features/rpc/rpc-console-store.ts';
import { findVariables, resolveDraft, resolveText } from '../../../../src-renderer/features/rpc/variables.ts';

const draft = (over: Partial<ConsoleDraft> = {}): ConsoleDraft =>
  ({
    chain: 'ethereum',
    nodeType: 'full',
    mode: 'single',
    method: 'eth_getBalance',
    paramsText: '[]',
    batchText: '[]',
    nextId: 7,
    timeoutSeconds: 30,
    ...over,
  }) as ConsoleDraft;

const staging = {
  environment: 'staging',
  values: {
    holder: '0x00000000000000000000000000000000000000aa',
    block: '0x10',
    n: '42',
    chain: 'polygon',
    obj: '{"a": 1}',
  },
};

describe('findVariables', () => {
  it('names each variable once, in order, with the characters a name may have', () => {
    expect(findVariables('["{{holder}}", {{block}}, "{{ holder }}", {{my-var.v2_x}}]')).toEqual([
      'holder',
      'block',
      'my-var.v2_x',
    ]);
    expect(findVariables('["{{not a var}}", "{{}}", "{single}"]')).toEqual([]);
  });
});

describe('resolveText', () => {
  it('replaces a variable inside a JSON string textually, escaped for that string', () => {
    expect(resolveText('["0x{{x}}", "a{{q}}b"]', { x: 'ff', q: 'say "hi"\\' }, true)).toEqual({
      text: '["0xff", "asay \\"hi\\"\\\\b"]',
    });
  });

  it('puts a variable standing as a value in as JSON when its value is JSON, else as a string', () => {
    const values = { n: '42', t: 'true', arr: '["a"]', quoted: '"0x10"', tag: 'latest', hex: '0x10', empty: '' };
    const text = '[{{n}}, {{t}}, {{arr}}, {{quoted}}, {{tag}}, {{hex}}, {{empty}}]';
    const resolved = resolveText(text, values, true);
    expect(resolved).toEqual({ text: '[42, true, ["a"], "0x10", "latest", "0x10", ""]' });
    if ('text' in resolved) expect(JSON.parse(resolved.text)).toEqual([42, true, ['a'], '0x10', 'latest', '0x10', '']);
  });

  it('does not resolve a value again, and lists every missing name', () => {
    expect(resolveText('{{a}}', { a: '{{b}}' }, false)).toEqual({ text: '{{b}}' });
    expect(resolveText('{{a}} {{b}} {{a}}', {}, false)).toEqual({ missing: ['a', 'b'] });
  });
});

describe('resolveDraft', () => {
  it('resolves the chain, the method and the params, then checks the call as Send does', () => {
    const checked = resolveDraft(draft({ chain: '{{chain}}', paramsText: '["{{holder}}", "{{block}}"]' }), staging);
    expect(checked).toEqual({
      ok: true,
      chain: 'polygon',
      nodeType: 'full',
      body: { jsonrpc: '2.0', id: 7, method: 'eth_getBalance', params: [staging.values.holder, '0x10'] },
      idsUsed: 1,
    });
  });

  it('refuses an unknown variable at its field, naming it and the environment', () => {
    expect(resolveDraft(draft({ paramsText: '["{{owner}}", "latest"]' }), staging)).toMatchObject({
      ok: false,
      field: 'params',
      message: 'Params: unknown variable {{owner}} (not in environment "staging")',
    });
    expect(resolveDraft(draft({ chain: '{{net}}' }), staging)).toMatchObject({
      field: 'chain',
      error: 'Chain: unknown variable {{net}} (not in environment "staging")',
    });
    expect(
      resolveDraft(draft({ mode: 'batch', batchText: '[{"method": "{{m}}", "params": [{{p}}]}]' }), {
        environment: null,
        values: {},
      }),
    ).toMatchObject({
      field: 'batch',
      error: 'The batch: unknown variables {{m}}, {{p}} (no environment is chosen)',
    });
  });

  it('checks the resolved params: a value that breaks the call is reported like a typed one', () => {
    const checked = resolveDraft(draft({ paramsText: '[{{obj}}, "latest"]' }), staging);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.field).toBe('params');
    // The same text with no variables is what the user would have typed: the same message.
    const typed = resolveDraft(draft({ paramsText: '[{"a": 1}, "latest"]' }), staging);
    expect(checked).toEqual(typed);
  });

  it('resolves a batch and numbers its calls from the counter', () => {
    const checked = resolveDraft(
      draft({ mode: 'batch', batchText: '[{"method": "eth_getBalance", "params": ["{{holder}}", {{n}}]}]' }),
      staging,
      true,
    );
    expect(checked).toMatchObject({
      ok: true,
      body: [{ id: 7, method: 'eth_getBalance', params: [staging.values.holder, 42] }],
    });
  });
});

describe('the environment editor lines', () => {
  it('reads name = value lines and names the first bad line', () => {
    expect(parseVariableLines('holder = 0xaa\n\n# a comment\nblock=latest\nurl = a=b')).toEqual({
      variables: [
        { name: 'holder', value: '0xaa' },
        { name: 'block', value: 'latest' },
        { name: 'url', value: 'a=b' },
      ],
    });
    expect(parseVariableLines('a = 1\nmy var = 2')).toEqual({
      error: 'Line 2: "my var" is not a variable name (1-64 letters, digits, "_", "." or "-")',
    });
    expect(parseVariableLines('a = 1\njust text')).toEqual({ error: 'Line 2: write name = value' });
    expect(parseVariableLines('a = 1\na = 2')).toEqual({ error: 'Line 2: "a" is defined twice' });
  });
  it('a call from the history is sent as it was: a {{x}} in its data is not resolved again', () => {
    const sent = draft({ chain: 'polygon', paramsText: '["hello {{holder}}"]' });
    expect(resolveDraft(sent, staging, true, true)).toMatchObject({
      ok: true,
      chain: 'polygon',
      body: { params: ['hello {{holder}}'] },
    });
    expect(resolveDraft(sent, { values: {}, environment: null }, true, true)).toMatchObject({ ok: true });
  });
  it('refuses a bare number JSON would round, at its field, and keeps an exact one', () => {
    const scope = { values: { wei: '1000000000000000000000', huge: '1e400', small: '42' }, environment: 'staging' };
    expect(resolveDraft(draft({ paramsText: '[{{wei}}]' }), scope)).toMatchObject({
      ok: false,
      field: 'params',
      error: expect.stringContaining('{{wei}} is a number JSON cannot carry exactly'),
    });
    expect(resolveDraft(draft({ paramsText: '[{{huge}}]' }), scope)).toMatchObject({ ok: false, field: 'params' });
    expect(resolveDraft(draft({ method: 'debug_custom', paramsText: '[{{small}}, "{{wei}}"]' }), scope)).toMatchObject({
      ok: true,
      body: { params: [42, '1000000000000000000000'] },
    });
  });
});
