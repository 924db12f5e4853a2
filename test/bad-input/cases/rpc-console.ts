// The RPC console: chain, method, params (single call) and the batch text. The console checks the
// draft on every edit (checkDraft) and the params against the method's OpenRPC description before
// Send (checkRequest); the message shows at the field and Send does nothing. Main checks the body
// again with the same RpcBody schema (see the bridge-channel table).
import { type BadInput, type BadInputTable, refused } from './bad-input-case.ts';

/** Part of the console's draft (src-renderer/features/rpc/rpc-console-store.ts). */
export type ConsoleInput = Record<string, unknown>;

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const ADDRESS = `0x${'00'.repeat(19)}aa`;

const params = (input: string, paramsText: string, message: RegExp, method = 'eth_getBalance', shown?: string) =>
  refused<ConsoleInput>('Params', input, { method, paramsText }, message, shown ?? paramsText);
const batch = (input: string, batchText: string, message: RegExp, shown?: string) =>
  refused<ConsoleInput>('Batch', input, { mode: 'batch', batchText }, message, shown ?? batchText);

const chainRows: BadInput<ConsoleInput>[] = [
  refused('Chain', 'empty', { chain: '' }, /^Chain: enter a chain name$/),
  refused('Chain', 'spaces only', { chain: '   ' }, /^Chain: enter a chain name$/),
  refused(
    'Chain',
    'a slash and dots (another path)',
    { chain: 'eth/../admin' },
    /^Chain: a chain name is letters, digits, "\.", "_" or "-"$/,
  ),
  refused('Chain', 'a query string', { chain: 'eth?apiKey=x' }, /letters, digits/),
  refused('Chain', 'a fragment', { chain: 'eth#x' }, /letters, digits/),
  refused('Chain', 'a space inside', { chain: 'eth main' }, /letters, digits/),
  refused('Chain', 'percent-encoded slash', { chain: 'eth%2Fadmin' }, /letters, digits/),
  refused('Chain', 'starts with a dot', { chain: '.hidden' }, /letters, digits/),
  refused('Chain', 'accented', { chain: 'éthereum' }, /letters, digits/),
  refused('Chain', 'emoji', { chain: '🐳' }, /letters, digits/),
  refused('Chain', 'a line break inside', { chain: 'eth\nX-Evil: 1' }, /letters, digits/, '"eth\\nX-Evil: 1"'),
  refused(
    'Chain',
    '101 characters',
    { chain: 'e'.repeat(101) },
    /^Chain: at most 100 characters$/,
    '"eee…" (101 characters)',
  ),
];

const methodRows: BadInput<ConsoleInput>[] = [
  refused('Method', 'empty', { method: '' }, /^Method: enter a method name, e\.g\. eth_blockNumber$/),
  refused('Method', 'spaces only', { method: '   ' }, /enter a method name/),
  refused('Method', 'a tab only', { method: '\t' }, /enter a method name/, '"\\t"'),
  refused(
    'Method',
    '201 characters',
    { method: `eth_${'x'.repeat(197)}` },
    /^Method: at most 200 characters$/,
    '"eth_xxx…" (201 characters)',
  ),
];

const paramsRows: BadInput<ConsoleInput>[] = [
  params('invalid JSON (a bare word)', '["0xabc", latest]', /^Params are not valid JSON: .+/),
  params('a trailing comma', '["0xabc",]', /^Params are not valid JSON/),
  params('single quotes', "['0xabc']", /^Params are not valid JSON/),
  params('unclosed bracket', '["0xabc"', /^Params are not valid JSON/),
  params('a comment', '[] // none', /^Params are not valid JSON/),
  params('NaN', '[NaN]', /^Params are not valid JSON/),
  params(
    'an object, not an array',
    '{"address": "0xabc"}',
    /^Params must be a JSON array, e\.g\. .*\(this is an object\)$/,
  ),
  params('a string', '"0xabc"', /must be a JSON array.*\(this is a string\)/),
  params('a number', '42', /must be a JSON array.*\(this is a number\)/),
  params('true', 'true', /must be a JSON array.*\(this is a boolean\)/),
  params('null', 'null', /must be a JSON array.*\(this is null\)/),
  params('empty', '', /^Params are empty: write a JSON array \(\[\] for none\)$/, 'eth_getBalance', '""'),
  params('whitespace only', '  \n ', /^Params are empty/, 'eth_getBalance', '"  \\n "'),
  params(
    '5 MB pasted',
    `["${'a'.repeat(5 * 1024 * 1024)}"]`,
    /^Params are 5\.0 MB; the console sends at most 1\.0 MB$/,
    'eth_getBalance',
    '["aaa…"] (5 MB)',
  ),
  params(
    'just over 1 MB',
    `["${'a'.repeat(1024 * 1024)}"]`,
    /^Params are 1\.0 MB; the console sends at most 1\.0 MB$/,
    'eth_getBalance',
    '["aaa…"] (1 MB + 4 bytes)',
  ),
  params(
    'nested 10,000 deep (20 KB of brackets)',
    deep(10_000),
    /^the request nests arrays or objects more than 100 levels deep/,
    'eth_call',
    '[[[[…]]]] (10,000 deep)',
  ),
  params('nested 101 deep', deep(101), /more than 100 levels deep/, 'eth_call', '[[[[…]]]] (101 deep)'),
  params('an address too short', '["0x12", "latest"]', /^params\[0\] \(Address\): not a 20-byte hex address/),
  params(
    'an address without 0x',
    `["${'00'.repeat(19)}aa", "latest"]`,
    /^params\[0\] \(Address\): not a 20-byte hex address/,
  ),
  params('a block tag misspelt', `["${ADDRESS}", "lastest"]`, /^params\[1\] \(Block\): not a block number/),
  params(
    'a block as a decimal string',
    '["12", false]',
    /^params\[0\] \(Block\): not a block number \(hex quantity\)/,
    'eth_getBlockByNumber',
  ),
  params(
    'a boolean as a string',
    '["0x10", "yes"]',
    /^params\[1\] \(Hydrated transactions\): expected a boolean \(this is a string\)$/,
    'eth_getBlockByNumber',
  ),
  params(
    'params for a method that takes none',
    '[1]',
    /^params: eth_blockNumber takes no params; this has 1$/,
    'eth_blockNumber',
  ),
  params(
    'one param too many',
    `["${ADDRESS}", "latest", "extra"]`,
    /^params: eth_getBalance takes at most 2 \(Address, Block\); this has 3$/,
  ),
  params(
    'a hash too short',
    '["0x12"]',
    /^params\[0\] \(Transaction hash\): not a 32-byte hex hash/,
    'eth_getTransactionByHash',
  ),
  params(
    'a call object with a bad "to"',
    '[{"to":"nope"},"latest"]',
    /^params\[0\] \(Transaction\)\.to: not a 20-byte hex address/,
    'eth_call',
  ),
  params(
    'a log filter with a number block',
    '[{"fromBlock":"earliest","toBlock":12}]',
    /^params\[0\] \(Filter\)\.toBlock: not a block number/,
    'eth_getLogs',
  ),
];

const calls = (n: number) => JSON.stringify(Array.from({ length: n }, () => ({ method: 'eth_chainId' })));
const batchRows: BadInput<ConsoleInput>[] = [
  batch(
    'an object, not an array',
    '{"method":"eth_chainId"}',
    /^A batch is a JSON array of calls \(this is an object\)$/,
  ),
  batch('empty array', '[]', /^A batch needs at least one call$/),
  batch('empty text', '', /^The batch is empty: write a JSON array/, '""'),
  batch('invalid JSON', '[{"method":"eth_chainId"},]', /^The batch is not valid JSON: .+/),
  batch(
    '1001 calls',
    calls(1001),
    /^A batch has at most 1000 calls \(this has 1001\)$/,
    '[{"method":"eth_chainId"}, …] (1001 calls)',
  ),
  batch(
    'a call that is a string',
    '["eth_chainId"]',
    /^Call 1: expected an object like \{"method": "…", "params": \[\]\}$/,
  ),
  batch('a call that is an array', '[[]]', /^Call 1: expected an object/),
  batch('a call that is null', '[null]', /^Call 1: expected an object/),
  batch('a call without a method', '[{"params":[]}]', /^Call 1: "method" must be a non-empty string$/),
  batch('a method that is a number', '[{"method":1}]', /^Call 1: "method" must be a non-empty string$/),
  batch('a method of spaces', '[{"method":"  "}]', /^Call 1: "method" must be a non-empty string$/),
  batch(
    'params as an object',
    '[{"method":"eth_chainId","params":{}}]',
    /^Call 1: "params" must be a JSON array \(it is an object\)$/,
  ),
  batch(
    'the second call bad',
    '[{"method":"eth_chainId"},{"method":"eth_getBalance","params":"0x1"}]',
    /^Call 2: "params" must be a JSON array \(it is a string\)$/,
  ),
  batch('jsonrpc "1.0"', '[{"jsonrpc":"1.0","method":"eth_chainId"}]', /^Call 1: "jsonrpc" must be "2\.0"$/),
  batch('an id that is an object', '[{"id":{},"method":"eth_chainId"}]', /^Call 1: "id" must be an integer, a string/),
  batch(
    'an id that is a fraction',
    '[{"id":1.5,"method":"eth_chainId"}]',
    /^Call 1: "id" must be an integer, a string/,
  ),
  batch(
    'an id of 200 characters',
    `[{"id":"${'i'.repeat(200)}","method":"eth_chainId"}]`,
    /^Call 1: "id" must be an integer, a string \(at most 128 characters\) or null$/,
    '[{"id":"iii…" (200 characters), …}]',
  ),
  batch(
    'a call nested 10,000 deep',
    `[{"method":"eth_call","params":${deep(10_000)}}]`,
    /more than 100 levels deep/,
    '[{"method":"eth_call","params":[[[[…]]]]}] (10,000 deep)',
  ),
  batch(
    'params checked against the description',
    `[{"method":"eth_getBalance","params":["0x12","latest"]}]`,
    /^Call 1 \(eth_getBalance\): params\[0\] \(Address\): not a 20-byte hex address/,
  ),
];

export const rpcConsole: BadInputTable<ConsoleInput> = {
  id: 'rpc-console',
  title: 'RPC console: chain, method, params and batch',
  where: 'Under the field that is wrong (the chain field or the editor is marked invalid); Send does nothing.',
  rows: [...chainRows, ...methodRows, ...paramsRows, ...batchRows],
};
