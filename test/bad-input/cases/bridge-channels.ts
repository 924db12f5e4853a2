// Every bridge channel (src-shared/contract/channel-names.ts), with hostile or mistaken arguments a
// renderer could send. Each goes through main's dispatch (src-main/services/handlers/dispatch.ts)
// on the app's real services; each must come back as an `invalid_argument` error whose details
// name the argument's path (`0.filters.pageSize`: the first argument's filters.pageSize) with a
// message matching the row, and no file in the user-data folder may change.
import { type BadInput, type BadInputTable, FINGERPRINT, GOOD_PARTY, refused } from './bad-input-case.ts';

export interface ChannelCall {
  channel: string;
  /** The arguments as the renderer passes them (a function for values built fresh each time). */
  args: unknown[] | (() => unknown[]);
}

/** The path in the error's details that must carry the message ("" = the argument list itself). */
const call = (
  channel: string,
  path: string,
  input: string,
  args: ChannelCall['args'],
  message: RegExp,
  shown?: string,
) => refused<ChannelCall>(path, `${channel}: ${input}`, { channel, args }, message, shown);

const PROFILE_MESSAGE = /^profile id: 1-64 lowercase letters, digits or dashes$/;
const EXPECTED_STRING = /expected string/;

/** The profile-id mistakes, tried on every channel that takes only a profile id. */
function profileIdRows(channel: string): BadInput<ChannelCall>[] {
  return [
    call(channel, '0', 'empty profile id', [''], PROFILE_MESSAGE),
    call(channel, '0', 'upper-case profile id', ['Sandbox'], PROFILE_MESSAGE),
    call(channel, '0', 'a path as the profile id', ['../settings'], PROFILE_MESSAGE),
    call(channel, '0', 'a NUL after the id', ['sandbox\u0000'], PROFILE_MESSAGE, '"sandbox\\u0000"'),
    call(channel, '0', '65 characters', ['p'.repeat(65)], PROFILE_MESSAGE, '"ppp…" (65 characters)'),
    call(channel, '0', '"__proto__"', ['__proto__'], PROFILE_MESSAGE),
    call(channel, '0', 'a number', [42], EXPECTED_STRING),
    call(channel, '0', 'null', [null], EXPECTED_STRING),
    call(channel, '', 'no argument', [], TOO_FEW(1)),
  ];
}

const REMOTE_PROFILE = {
  name: 'Staging',
  baseUrl: 'https://ledger.example.com',
  translateUrl: 'https://translate.example.com',
  partnerUrl: 'https://partner.example.com',
  rpcUrl: 'https://rpc.example.com',
  defaultNodeId: null,
  chainAuth: 'apiKey',
  rpcKeyPlacement: 'header',
  rpcSeparator: '_',
  ledgerAuthPlacement: 'header',
};
const profile = (over: Record<string, unknown>) => [{ ...REMOTE_PROFILE, ...over }];

const FILTERS = {
  party: GOOD_PARTY,
  asset: { kind: 'all' },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 25,
  nodeId: null,
};
const page = (filters: Record<string, unknown>, over: Record<string, unknown> = {}) => [
  { requestId: 'request-0001', profileId: 'sandbox', next: null, filters: { ...FILTERS, ...filters }, ...over },
];
const exportJob = (over: Record<string, unknown>) => [
  { profileId: 'sandbox', filters: FILTERS, format: 'csv', ...over },
];

const BODY = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] };
const rpcCall = (over: Record<string, unknown>) => [
  {
    requestId: 'request-0002',
    profileId: 'sandbox',
    chain: 'eth',
    nodeType: 'full',
    body: BODY,
    timeoutSeconds: 5,
    ...over,
  },
];
const saveRequest = (over: Record<string, unknown>) => [
  { name: 'chain id', chain: 'eth', nodeType: 'full', body: BODY, ...over },
];
const snippet = (over: Record<string, unknown>) => [
  { profileId: 'sandbox', chain: 'eth', nodeType: 'full', body: BODY, language: 'viem', ...over },
];
const curl = (over: Record<string, unknown>) => [
  { profileId: 'sandbox', chain: 'eth', nodeType: 'full', body: BODY, withKey: false, ...over },
];

function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}
function shared(levels: number): unknown {
  let value: unknown = ['0xff'];
  for (let i = 0; i < levels; i++) value = [value, value];
  return value;
}
function cyclic(): unknown {
  const params: unknown[] = [];
  params.push(params);
  return params;
}

const TOO_MANY = /Too big: expected array to have <=?\s?0 items|too big|at most/i;
const TOO_FEW = (n: number) => new RegExp(`^Too small: expected array to have >=\\s?${n} items$`);
const NO_EXTRA = (n: number) => new RegExp(`Too big: expected array to have <=?\\s?${n} items|too big`, 'i');

const appRows = [
  call('app:info', '', 'an unexpected argument', ['verbose'], TOO_MANY),
  call('app:cancel', '0', 'an empty request id', [''], /^request id$/),
  call('app:cancel', '0', 'a request id of 3 characters', ['abc'], /^request id$/),
  call('app:cancel', '0', 'spaces in the request id', ['request 0001'], /^request id$/),
  call('app:cancel', '0', 'a request id of 65 characters', ['r'.repeat(65)], /^request id$/, '"rrr…" (65 characters)'),
  call('app:cancel', '0', 'a number', [12345678], EXPECTED_STRING),
  call('app:cancel', '', 'no argument', [], TOO_FEW(1)),
];

const settingsRows = [
  call('settings:get', '', 'an unexpected argument', [{ reload: true }], TOO_MANY, '[{"reload":true}]'),
  call(
    'settings:saveProfile',
    '0.baseUrl',
    'javascript: URL',
    profile({ baseUrl: 'javascript:alert(1)' }),
    /^only http and https are allowed, not javascript:$/,
    '[{…, "baseUrl":"javascript:alert(1)"}]',
  ),
  call(
    'settings:saveProfile',
    '0.rpcUrl',
    'credentials in the URL',
    profile({ rpcUrl: 'https://k:s@rpc.example.com' }),
    /remove the user name\/password/,
    '[{…, "rpcUrl":"https://k:s@rpc.example.com"}]',
  ),
  call(
    'settings:saveProfile',
    '0.translateUrl',
    'plain http to another host',
    profile({ translateUrl: 'http://translate.example.com' }),
    /^use https/,
    '[{…, "translateUrl":"http://translate.example.com"}]',
  ),
  call(
    'settings:saveProfile',
    '0.partnerUrl',
    'a number as the URL',
    profile({ partnerUrl: 443 }),
    EXPECTED_STRING,
    '[{…, "partnerUrl":443}]',
  ),
  call(
    'settings:saveProfile',
    '0.name',
    'no name',
    profile({ name: undefined }),
    EXPECTED_STRING,
    '[{… without "name"}]',
  ),
  call(
    'settings:saveProfile',
    '0.name',
    'a 10 KB name',
    profile({ name: 'n'.repeat(10_000) }),
    /^at most 80 characters$/,
    '[{…, "name":"nnn…" (10,000 characters)}]',
  ),
  call(
    'settings:saveProfile',
    '0.chainAuth',
    'an unknown auth kind',
    profile({ chainAuth: 'oauth' }),
    /Invalid option: expected one of "apiKey"\|"partnerBearer"/,
    '[{…, "chainAuth":"oauth"}]',
  ),
  call(
    'settings:saveProfile',
    '0.rpcKeyPlacement',
    'key placement "cookie"',
    profile({ rpcKeyPlacement: 'cookie' }),
    /expected one of "header"\|"query"/,
    '[{…, "rpcKeyPlacement":"cookie"}]',
  ),
  call(
    'settings:saveProfile',
    '0.rpcSeparator',
    'separator "/"',
    profile({ rpcSeparator: '/' }),
    /expected one of "_"\|"-"/,
    '[{…, "rpcSeparator":"/"}]',
  ),
  call(
    'settings:saveProfile',
    '0.ledgerAuthPlacement',
    'placement as a boolean',
    profile({ ledgerAuthPlacement: true }),
    /expected one of "header"\|"query"/,
    '[{…, "ledgerAuthPlacement":true}]',
  ),
  call(
    'settings:saveProfile',
    '0.defaultNodeId',
    'a node id with a line break',
    profile({ defaultNodeId: 'v1\r\nX: y' }),
    /printable ASCII/,
    '[{…, "defaultNodeId":"v1\\r\\nX: y"}]',
  ),
  call(
    'settings:saveProfile',
    '0.id',
    'an id that is a path',
    profile({ id: '../../sandbox' }),
    PROFILE_MESSAGE,
    '[{…, "id":"../../sandbox"}]',
  ),
  call('settings:saveProfile', '0', 'a string instead of a profile', ['{"name":"x"}'], /expected object/),
  call('settings:saveProfile', '0', 'null', [null], /expected object/),
  call('settings:saveProfile', '', 'two profiles at once', [REMOTE_PROFILE, REMOTE_PROFILE], NO_EXTRA(1), '[{…}, {…}]'),
  ...profileIdRows('settings:deleteProfile'),
  ...profileIdRows('settings:setActiveProfile'),
  call(
    'settings:savePreferences',
    '0.theme',
    'an unknown theme',
    [{ theme: 'neon' }],
    /expected one of "system"\|"light"\|"dark"/,
  ),
  call(
    'settings:savePreferences',
    '0.timeZone',
    'a zone the app does not offer',
    [{ timeZone: 'Europe/Paris' }],
    /expected one of "local"\|"utc"/,
  ),
  call(
    'settings:savePreferences',
    '0.timeFormat',
    'a format the app does not offer',
    [{ timeFormat: 'iso' }],
    /expected one of "relative"\|"absolute"/,
  ),
  call('settings:savePreferences', '0', 'an unknown key', [{ isAdmin: true }], /Unrecognized key: "isAdmin"/),
  call(
    'settings:savePreferences',
    '0',
    'a "__proto__" key (JSON.parse makes it an own key)',
    () => [JSON.parse('{"__proto__": {"theme": "dark"}}')],
    /Unrecognized key: "__proto__"/,
    '{"__proto__":{"theme":"dark"}} (an own key)',
  ),
  call(
    'settings:savePreferences',
    '0.transfersTable.columnSizing.status',
    'a column 10 px wide',
    [{ transfersTable: { columnVisibility: {}, columnOrder: [], columnSizing: { status: 10 } } }],
    /^a column is at least 24 px wide$/,
    '[{"transfersTable":{…"columnSizing":{"status":10}}}]',
  ),
  call(
    'settings:savePreferences',
    '0.transfersTable.columnSizing.amount',
    'a column 99,999 px wide',
    [{ transfersTable: { columnVisibility: {}, columnOrder: [], columnSizing: { amount: 99_999 } } }],
    /^a column is at most 2000 px wide$/,
    '[{"transfersTable":{…"columnSizing":{"amount":99999}}}]',
  ),
  call(
    'settings:savePreferences',
    '0.transfersTable.columnSizing.amount',
    'a column 120.5 px wide',
    [{ transfersTable: { columnVisibility: {}, columnOrder: [], columnSizing: { amount: 120.5 } } }],
    /^a column width is a whole number of pixels$/,
    '[{"transfersTable":{…"columnSizing":{"amount":120.5}}}]',
  ),
  call(
    'settings:savePreferences',
    '0.transfersTable.columnSizing.amount',
    'a width as text',
    [{ transfersTable: { columnVisibility: {}, columnOrder: [], columnSizing: { amount: '120px' } } }],
    /expected number/,
    '[{"transfersTable":{…"columnSizing":{"amount":"120px"}}}]',
  ),
  call(
    'settings:savePreferences',
    '0.transfersTable.columnSizing.amount',
    'a width of NaN',
    [{ transfersTable: { columnVisibility: {}, columnOrder: [], columnSizing: { amount: Number.NaN } } }],
    /expected number/,
    '[{"transfersTable":{…"columnSizing":{"amount":NaN}}}]',
  ),
  call(
    'settings:savePreferences',
    '0.transfersTable.columnVisibility.status',
    'visibility "yes"',
    [{ transfersTable: { columnVisibility: { status: 'yes' }, columnOrder: [], columnSizing: {} } }],
    /expected boolean/,
    '[{"transfersTable":{"columnVisibility":{"status":"yes"},…}}]',
  ),
  call(
    'settings:savePreferences',
    '0.transfersTable.columnOrder',
    '65 columns in the order',
    [
      {
        transfersTable: {
          columnVisibility: {},
          columnOrder: Array.from({ length: 65 }, (_, i) => `c${i}`),
          columnSizing: {},
        },
      },
    ],
    /Too big: expected array to have <=\s?64 items/,
    '[{"transfersTable":{…"columnOrder":["c0",…,"c64"]}}]',
  ),
  call(
    'settings:savePreferences',
    '0.transfersTable.columnOrder.0',
    'a column id of 65 characters',
    [{ transfersTable: { columnVisibility: {}, columnOrder: ['c'.repeat(65)], columnSizing: {} } }],
    /Too big: expected string to have <=\s?64 characters/,
    '[{"transfersTable":{…"columnOrder":["ccc…" (65 characters)]}}]',
  ),
  call(
    'settings:savePreferences',
    '0.transfersTable.columnVisibility',
    'visibility as an array',
    [{ transfersTable: { columnVisibility: [true], columnOrder: [], columnSizing: {} } }],
    /expected record/,
    '[{"transfersTable":{"columnVisibility":[true],…}}]',
  ),
  call(
    'settings:saveParty',
    '0.party',
    'not a party id',
    [{ party: 'exchange-desk', label: 'desk' }],
    /"::" is missing/,
  ),
  call(
    'settings:saveParty',
    '0.party',
    'a fingerprint with upper-case hex',
    [{ party: `bob::1220${'CD'.repeat(32)}`, label: '' }],
    /^not a Canton party id/,
    '[{"party":"bob::1220CDCD…","label":""}]',
  ),
  call(
    'settings:saveParty',
    '0.label',
    'a label that is a number',
    [{ party: GOOD_PARTY, label: 7 }],
    EXPECTED_STRING,
    '[{"party":"alice::1220…","label":7}]',
  ),
  call(
    'settings:saveParty',
    '0.label',
    'no label',
    [{ party: GOOD_PARTY }],
    EXPECTED_STRING,
    '[{"party":"alice::1220…"}]',
  ),
  call(
    'settings:saveParty',
    '0.label',
    'a label with a line break',
    [{ party: GOOD_PARTY, label: 'a\nb' }],
    /control characters/,
    '[{"party":"alice::1220…","label":"a\\nb"}]',
  ),
  call('settings:saveParty', '0', 'a bare party id string', [GOOD_PARTY], /expected object/, '["alice::1220…"]'),
  // The address book (docs/address-book.md): a colour from the palette, a note without control characters.
  call(
    'settings:saveParty',
    '0.colour',
    'colour "pink"',
    [{ party: GOOD_PARTY, label: 'a', colour: 'pink' }],
    /a colour is one of none, red/,
  ),
  call(
    'settings:saveParty',
    '0.note',
    'a 501-character note',
    [{ party: GOOD_PARTY, label: 'a', note: 'n'.repeat(501) }],
    /at most 500/,
    '[{"party":"alice::1220…","label":"a","note":"nnn…" (501 characters)}]',
  ),
  call(
    'settings:saveParty',
    '0.note',
    'a note with a NUL',
    [{ party: GOOD_PARTY, label: 'a', note: 'a\u0000b' }],
    /other than line breaks/,
    '[{"party":"alice::1220…","label":"a","note":"a\\u0000b"}]',
  ),
  call('settings:importParties', '', 'no argument', [], TOO_FEW(1)),
  call(
    'settings:importParties',
    '0',
    'rows as an array',
    [[['party', 'label']]],
    EXPECTED_STRING,
    '[[["party","label"]]]',
  ),
  call(
    'settings:importParties',
    '0',
    'a file over 2 MB',
    () => ['x'.repeat(2_000_001)],
    /over 2 MB/,
    '["xxx…" (2,000,001 characters)]',
  ),
  call('settings:exportParties', '', 'an unexpected argument', ['/etc/passwd'], TOO_MANY),
  call(
    'settings:removeParty',
    '0',
    'a 513-character id',
    [`${'a'.repeat(443)}::${FINGERPRINT}`],
    /Too big: expected string to have <=\s?512 characters/,
    '["aaa…::1220…" (513 characters)]',
  ),
  call('settings:removeParty', '0', 'a number', [7], EXPECTED_STRING),
  call('settings:removeParty', '', 'no argument', [], TOO_FEW(1)),
];

const secretsRows = [
  ...profileIdRows('secrets:status'),
  call(
    'secrets:set',
    '1',
    'an unknown secret kind',
    ['sandbox', 'password', 'k'.repeat(24)],
    /expected one of "apiKey"\|"ledgerJwt"\|"partnerToken"/,
    '["sandbox","password","kkk…"]',
  ),
  call(
    'secrets:set',
    '1',
    '"__proto__" as the kind',
    ['sandbox', '__proto__', 'k'.repeat(24)],
    /expected one of "apiKey"/,
    '["sandbox","__proto__","kkk…"]',
  ),
  call('secrets:set', '2', 'an empty secret', ['sandbox', 'apiKey', ''], /^empty: use Clear to remove a secret$/),
  call(
    'secrets:set',
    '2',
    'a secret with a space',
    ['sandbox', 'apiKey', 'abc def'],
    /^only printable ASCII characters, without spaces$/,
  ),
  call(
    'secrets:set',
    '2',
    'a secret with a line break (header injection)',
    ['sandbox', 'ledgerJwt', 'abc\r\nX-Evil: 1'],
    /printable ASCII/,
    '["sandbox","ledgerJwt","abc\\r\\nX-Evil: 1"]',
  ),
  call(
    'secrets:set',
    '2',
    'a 17 KB secret',
    ['sandbox', 'apiKey', 'k'.repeat(17_000)],
    /^at most 16 KB$/,
    '["sandbox","apiKey","kkk…" (17,000 characters)]',
  ),
  call('secrets:set', '2', 'a secret as a number', ['sandbox', 'apiKey', 123456789012], EXPECTED_STRING),
  call(
    'secrets:set',
    '0',
    'a path as the profile id',
    ['../../x', 'apiKey', 'k'.repeat(24)],
    PROFILE_MESSAGE,
    '["../../x","apiKey","kkk…"]',
  ),
  call('secrets:set', '', 'no secret', ['sandbox', 'apiKey'], TOO_FEW(3)),
  call('secrets:clear', '1', 'kind "all"', ['sandbox', 'all'], /expected one of "apiKey"/),
  call('secrets:clear', '', 'no kind', ['sandbox'], TOO_FEW(2)),
  call('secrets:clear', '0', 'an empty profile id', ['', 'apiKey'], PROFILE_MESSAGE),
  call('secrets:sandboxCredential', '1', 'kind "all"', ['sandbox', 'all'], /expected one of "apiKey"/),
  call('secrets:sandboxCredential', '', 'no kind', ['sandbox'], TOO_FEW(2)),
  call('secrets:sandboxCredential', '0', 'a path as the profile id', ['../../x', 'apiKey'], PROFILE_MESSAGE),
];

const NOT_CANTON = /^not a Canton party id/;
const transfersRows = [
  ...profileIdRows('chains:list'),
  call('transfers:page', '0.filters.pageSize', 'page size 0', page({ pageSize: 0 }), /^at least 1$/),
  call('transfers:page', '0.filters.pageSize', 'page size -5', page({ pageSize: -5 }), /^at least 1$/),
  call('transfers:page', '0.filters.pageSize', 'page size 1001', page({ pageSize: 1001 }), /^at most 1000$/),
  call('transfers:page', '0.filters.pageSize', 'page size 10^9', page({ pageSize: 1e9 }), /^at most 1000$/),
  call('transfers:page', '0.filters.pageSize', 'page size as text', page({ pageSize: '100' }), /expected number/),
  call('transfers:page', '0.filters.pageSize', 'page size 2.5', page({ pageSize: 2.5 }), /expected int/),
  call('transfers:page', '0.filters.pageSize', 'page size NaN', page({ pageSize: Number.NaN }), /expected number/),
  call(
    'transfers:page',
    '0.filters.pageSize',
    'page size Infinity',
    page({ pageSize: Number.POSITIVE_INFINITY }),
    /expected number|at most/,
  ),
  call(
    'transfers:page',
    '0.filters.pageSize',
    'page size as a BigInt',
    page({ pageSize: 25n }),
    /expected number/,
    '[{…"pageSize":25n}]',
  ),
  call('transfers:page', '0.filters.pageSize', 'page size missing', page({ pageSize: undefined }), /expected number/),
  call('transfers:page', '0.filters.orderDesc', 'order as text', page({ orderDesc: 'desc' }), /expected boolean/),
  call(
    'transfers:page',
    '0.filters.asset.id',
    'half an instrument pair',
    page({ asset: { kind: 'instrument', admin: GOOD_PARTY } }),
    EXPECTED_STRING,
  ),
  call(
    'transfers:page',
    '0.filters.asset.admin',
    'a pair with a bad administrator',
    page({ asset: { kind: 'instrument', admin: 'registrar', id: 'USDX' } }),
    /"::" is missing/,
  ),
  call(
    'transfers:page',
    '0.filters.asset.id',
    'an instrument id with a tab',
    page({ asset: { kind: 'instrument', admin: GOOD_PARTY, id: 'US\tDX' } }),
    /control characters/,
    '[{…"asset":{"kind":"instrument","admin":"alice::1220…","id":"US\\tDX"}}]',
  ),
  call(
    'transfers:page',
    '0.filters.asset',
    'a pair together with the coin (spec rule 4)',
    page({ asset: { kind: 'ledgerCoin', admin: GOOD_PARTY, id: 'USDX' } }),
    /Unrecognized keys?: "admin", "id"/,
  ),
  call(
    'transfers:page',
    '0.filters.asset',
    'a pair together with "all"',
    page({ asset: { kind: 'all', admin: GOOD_PARTY, id: 'USDX' } }),
    /Unrecognized keys?/,
  ),
  call(
    'transfers:page',
    '0.filters.asset.kind',
    'an unknown asset kind',
    page({ asset: { kind: 'nft' } }),
    /^Invalid discriminator value\. Expected 'all' \| 'ledgerCoin' \| 'instrument'$/,
  ),
  call(
    'transfers:page',
    '0.filters.effectiveAfter',
    'a time without an offset',
    page({ effectiveAfter: '2026-05-01T00:00:00' }),
    /^not an RFC 3339 date-time: write a date, a time and Z or an offset/,
  ),
  call(
    'transfers:page',
    '0.filters.effectiveAfter',
    'a date only',
    page({ effectiveAfter: '2026-05-01' }),
    /^not an RFC 3339 date-time: write a date, a time and Z or an offset/,
  ),
  call(
    'transfers:page',
    '0.filters.effectiveAfter',
    '30 February',
    page({ effectiveAfter: '2026-02-30T00:00:00Z' }),
    /^not an RFC 3339 date-time: write a date, a time and Z or an offset/,
  ),
  call(
    'transfers:page',
    '0.filters.effectiveAfter',
    'a Unix timestamp',
    page({ effectiveAfter: 1767225600 }),
    /^not an RFC 3339 date-time: write a date, a time and Z or an offset/,
  ),
  call(
    'transfers:page',
    '0.filters.effectiveBefore',
    'year 10000 in UTC',
    page({ effectiveBefore: '9999-12-31T23:00:00-05:00' }),
    /^out of range: times from year 0001 to 9999 \(UTC\) only$/,
  ),
  call(
    'transfers:page',
    '0.filters.effectiveAfter',
    'year 0000',
    page({ effectiveAfter: '0000-01-01T00:00:00Z' }),
    /^out of range/,
  ),
  call(
    'transfers:page',
    '0.filters.effectiveBefore',
    'before earlier than after',
    page({ effectiveAfter: '2026-05-02T00:00:00Z', effectiveBefore: '2026-05-01T00:00:00Z' }),
    /^Before must be later than From$/,
  ),
  call(
    'transfers:page',
    '0.filters.party',
    'a party with a line break',
    page({ party: `alice\n::${FINGERPRINT}` }),
    /^a party id has no spaces or line breaks: a line break at character 6/,
    '[{…"party":"alice\\n::1220…"}]',
  ),
  call(
    'transfers:page',
    '0.filters.party',
    'a party with a short fingerprint',
    page({ party: 'alice::1220abcd' }),
    NOT_CANTON,
  ),
  call('transfers:page', '0.filters.party', 'no party', page({ party: undefined }), EXPECTED_STRING),
  call('transfers:page', '0.filters.nodeId', 'a node id with an emoji', page({ nodeId: 'node-🐳' }), /printable ASCII/),
  call(
    'transfers:page',
    '0.filters.nodeId',
    'a node id with a header injection',
    page({ nodeId: 'node\r\nx-evil: 1' }),
    /printable ASCII/,
    '[{…"nodeId":"node\\r\\nx-evil: 1"}]',
  ),
  call('transfers:page', '0.filters.nodeId', 'a node id of spaces', page({ nodeId: '  ' }), /^enter a node id$/),
  call(
    'transfers:page',
    '0.requestId',
    'a request id with a slash',
    page({}, { requestId: '../request' }),
    /^request id$/,
  ),
  call(
    'transfers:page',
    '0.profileId',
    'a path as the profile id',
    page({}, { profileId: '../../settings' }),
    PROFILE_MESSAGE,
  ),
  call(
    'transfers:page',
    '0.next',
    'a 9 KB cursor',
    page({}, { next: `https://x/${'c'.repeat(9000)}` }),
    /Too big: expected string to have <=\s?8192 characters/,
    '[{…"next":"https://x/ccc…" (9,010 characters)}]',
  ),
  call('transfers:page', '0.next', 'a cursor as a number', page({}, { next: 2 }), EXPECTED_STRING),
  call('transfers:page', '0.filters', 'no filters', page({}, { filters: undefined }), /expected object/),
  ...profileIdRows('transfers:tokenInfo'),
  ...profileIdRows('transfers:nodes'),
  ...profileIdRows('transfers:knownParties'),
  ...compareNodesRows(),
];

/** transfers:compareNodes takes the page request's fields but no cursor (every page is read). */
function compareNodesRows(): BadInput<ChannelCall>[] {
  const compare = (filters: Record<string, unknown>, over: Record<string, unknown> = {}) => [
    { requestId: 'request-0003', profileId: 'sandbox', filters: { ...FILTERS, ...filters }, ...over },
  ];
  const channel = 'transfers:compareNodes';
  return [
    call(channel, '0.filters.pageSize', 'page size 0', compare({ pageSize: 0 }), /^at least 1$/),
    call(channel, '0.filters.party', 'a bad party', compare({ party: 'alice' }), /"::" is missing/),
    call(channel, '0.filters.nodeId', 'a node id with a line break', compare({ nodeId: 'v1\nx' }), /printable ASCII/),
    call(channel, '0.requestId', 'a request id "x"', compare({}, { requestId: 'x' }), /^request id$/),
    call(channel, '0.profileId', 'a path as the profile id', compare({}, { profileId: '../x' }), PROFILE_MESSAGE),
    call(channel, '0', 'a cursor (not taken)', compare({}, { next: 'https://x/' }), /Unrecognized key/),
    call(channel, '0.filters', 'no filters', compare({}, { filters: undefined }), /expected object/),
    call(channel, '', 'no argument', [], TOO_FEW(1)),
  ];
}

const exportRows = [
  call(
    'export:start',
    '0.format',
    'format "xlsx"',
    exportJob({ format: 'xlsx' }),
    /expected one of "csv"\|"json"|Invalid option/,
  ),
  call('export:start', '0.format', 'no format', exportJob({ format: undefined }), /Invalid option|expected one of/),
  call(
    'export:start',
    '0.filters.pageSize',
    'page size 0',
    exportJob({ filters: { ...FILTERS, pageSize: 0 } }),
    /^at least 1$/,
  ),
  call(
    'export:start',
    '0.filters.party',
    'a bad party',
    exportJob({ filters: { ...FILTERS, party: 'alice' } }),
    /"::" is missing/,
  ),
  call(
    'export:start',
    '0.filters.effectiveBefore',
    'an inverted range',
    exportJob({
      filters: { ...FILTERS, effectiveAfter: '2026-05-02T00:00:00Z', effectiveBefore: '2026-05-01T00:00:00Z' },
    }),
    /^Before must be later than From$/,
  ),
  call('export:start', '0.profileId', 'an upper-case profile id', exportJob({ profileId: 'SANDBOX' }), PROFILE_MESSAGE),
  call('export:start', '0', 'a file path instead of a request', ['/etc/passwd'], /expected object/),
  call('export:status', '0', 'a path as the job id', ['../../etc/passwd'], /^export job id$/),
  call('export:status', '0', 'an upper-case job id', ['0123456789ABCDEF'], /^export job id$/),
  call('export:status', '0', 'a job id too short', ['0123'], /^export job id$/),
  call('export:status', '0', 'a number', [42], EXPECTED_STRING),
  call('export:cancel', '0', 'an empty job id', [''], /^export job id$/),
  call(
    'export:cancel',
    '0',
    'a job id with a NUL',
    ['0123456789abcde\u0000'],
    /^export job id$/,
    '["0123456789abcde\\u0000"]',
  ),
  call('export:cancel', '', 'no argument', [], TOO_FEW(1)),
];

const rpcRows = [
  ...profileIdRows('rpc:endpoint'),
  call('rpc:call', '0.timeoutSeconds', 'timeout 0 s', rpcCall({ timeoutSeconds: 0 }), /^at least 1 s$/),
  call('rpc:call', '0.timeoutSeconds', 'timeout 301 s', rpcCall({ timeoutSeconds: 301 }), /^at most 300 s$/),
  call(
    'rpc:call',
    '0.timeoutSeconds',
    'timeout 2.5 s',
    rpcCall({ timeoutSeconds: 2.5 }),
    /^a timeout is a whole number of seconds$/,
  ),
  call('rpc:call', '0.timeoutSeconds', 'timeout as text', rpcCall({ timeoutSeconds: '30' }), /expected number/),
  call('rpc:call', '0.timeoutSeconds', 'timeout -1', rpcCall({ timeoutSeconds: -1 }), /^at least 1 s$/),
  call(
    'rpc:call',
    '0.nodeType',
    'node type "light"',
    rpcCall({ nodeType: 'light' }),
    /expected one of "full"\|"archive"/,
  ),
  call(
    'rpc:call',
    '0.nodeType',
    'node type in capitals',
    rpcCall({ nodeType: 'FULL' }),
    /expected one of "full"\|"archive"/,
  ),
  call('rpc:call', '0.chain', 'a chain that climbs the path', rpcCall({ chain: 'eth/../../admin' }), /letters, digits/),
  call('rpc:call', '0.chain', 'an empty chain', rpcCall({ chain: '' }), /^enter a chain name$/),
  call('rpc:call', '0.body', 'an empty object as the body', rpcCall({ body: {} }), /jsonrpc: must be "2\.0"|must be/),
  call('rpc:call', '0.body', 'an empty batch', rpcCall({ body: [] }), /^a batch needs at least one call$/),
  call(
    'rpc:call',
    '0.body',
    'a string as the body',
    rpcCall({ body: 'eth_chainId' }),
    /^expected a JSON-RPC call object or an array of calls \(this is a string\)$/,
  ),
  call(
    'rpc:call',
    '0.body',
    'jsonrpc "1.0"',
    rpcCall({ body: { ...BODY, jsonrpc: '1.0' } }),
    /^jsonrpc: must be "2\.0"$/,
  ),
  call(
    'rpc:call',
    '0.body',
    'params as an object',
    rpcCall({ body: { ...BODY, params: { a: 1 } } }),
    /^params: must be a JSON array$/,
  ),
  call(
    'rpc:call',
    '0.body.method',
    'an empty method',
    rpcCall({ body: { ...BODY, method: ' ' } }),
    /^must not be empty$/,
  ),
  call(
    'rpc:call',
    '0.body',
    'a 5 MB parameter',
    () => rpcCall({ body: { ...BODY, params: ['a'.repeat(5 * 1024 * 1024)] } }),
    /^the request is 5\.0 MB; the console sends at most 1\.0 MB$/,
    '{…"params":["aaa…" (5 MB)]}',
  ),
  call(
    'rpc:call',
    '0.body',
    'params nested 100,000 deep (no stack overflow)',
    () => rpcCall({ body: { ...BODY, method: 'eth_call', params: nested(100_000) } }),
    /more than 100 levels deep/,
    '{…"params":[[[[…]]]] (100,000 deep)}',
  ),
  call(
    'rpc:call',
    '0.body',
    'params sharing one part 2^40 times (structured clone keeps sharing)',
    () => rpcCall({ body: { ...BODY, params: [shared(40)] } }),
    /^the request is over 1\.0 MB/,
    '{…"params":[[a,a]]} where a = [b,b], b = [c,c] … 40 levels',
  ),
  call(
    'rpc:call',
    '0.body',
    'params that contain themselves',
    () => rpcCall({ body: { ...BODY, params: cyclic() } }),
    /more than 100 levels deep|over 1\.0 MB/,
    '{…"params": p} where p = [p]',
  ),
  call(
    'rpc:call',
    '0.body',
    '1001 calls in a batch',
    () => rpcCall({ body: Array.from({ length: 1001 }, () => BODY) }),
    /^a batch has at most 1000 calls$/,
    '[{…} × 1001]',
  ),
  call(
    'rpc:call',
    '0.body',
    'an id that is an object',
    rpcCall({ body: { ...BODY, id: {} } }),
    /^id: must be an integer, a string/,
  ),
  call('rpc:call', '0.requestId', 'no request id', rpcCall({ requestId: undefined }), EXPECTED_STRING),
  call('rpc:call', '0.profileId', 'a path as the profile id', rpcCall({ profileId: '../x' }), PROFILE_MESSAGE),
  call(
    'rpc:history',
    '0.search',
    'a 201-character search',
    [{ search: 's'.repeat(201), limit: 10 }],
    /^a search is at most 200 characters$/,
    '[{"search":"sss…" (201 characters),"limit":10}]',
  ),
  call(
    'rpc:history',
    '0.search',
    'a search as a regular expression object',
    [{ search: { $regex: '.*' }, limit: 10 }],
    EXPECTED_STRING,
  ),
  call('rpc:history', '0.limit', 'limit 0', [{ search: '', limit: 0 }], /^at least 1$/),
  call('rpc:history', '0.limit', 'limit 501', [{ search: '', limit: 501 }], /^at most 500$/),
  call('rpc:history', '0.limit', 'limit "all"', [{ search: '', limit: 'all' }], /expected number/),
  call('rpc:history', '0.limit', 'limit 1.5', [{ search: '', limit: 1.5 }], /^a whole number$/),
  call('rpc:history', '0', 'a search string instead of a query', ['eth_call'], /expected object/),
  call('rpc:clearHistory', '', 'an unexpected argument', ['everything'], TOO_MANY),
  call('rpc:saveRequest', '0.name', 'no name', saveRequest({ name: '   ' }), /^give the request a name$/),
  call(
    'rpc:saveRequest',
    '0.name',
    'an 81-character name',
    saveRequest({ name: 'n'.repeat(81) }),
    /^at most 80 characters$/,
    '[{"name":"nnn…" (81 characters),…}]',
  ),
  call('rpc:saveRequest', '0.chain', 'a chain with a space', saveRequest({ chain: 'eth main' }), /letters, digits/),
  call(
    'rpc:saveRequest',
    '0.nodeType',
    'node type "validator"',
    saveRequest({ nodeType: 'validator' }),
    /expected one of "full"\|"archive"/,
  ),
  call(
    'rpc:saveRequest',
    '0.body',
    'a body that is null',
    saveRequest({ body: null }),
    /^expected a JSON-RPC call object or an array of calls \(this is null\)$/,
  ),
  call(
    'rpc:saveRequest',
    '0.body',
    'a body nested 10,000 deep',
    () => saveRequest({ body: { ...BODY, params: nested(10_000) } }),
    /more than 100 levels deep/,
    '{…"params":[[[[…]]]] (10,000 deep)}',
  ),
  call('rpc:savedRequests', '', 'an unexpected argument', [{ all: true }], TOO_MANY, '[{"all":true}]'),
  call('rpc:deleteSaved', '0', 'a path as the entry id', ['../rpc-history.json'], /^entry id$/),
  call('rpc:deleteSaved', '0', 'an empty entry id', [''], /^entry id$/),
  call('rpc:deleteSaved', '0', 'null', [null], EXPECTED_STRING),
  call('rpc:curl', '0.withKey', 'withKey "yes"', curl({ withKey: 'yes' }), /expected boolean/),
  call('rpc:curl', '0.withKey', 'withKey missing (never assumed)', curl({ withKey: undefined }), /expected boolean/),
  call('rpc:curl', '0.chain', 'a chain with a shell substitution', curl({ chain: '$(rm -rf ~)' }), /letters, digits/),
  call('rpc:curl', '0.chain', 'a chain with a quote', curl({ chain: "eth'; echo pwned; '" }), /letters, digits/),
  call(
    'rpc:curl',
    '0.body.method',
    'a method with a 201-character name',
    curl({ body: { ...BODY, method: 'm'.repeat(201) } }),
    /^at most 200 characters$/,
    '[{…"body":{…"method":"mmm…" (201 characters)}}]',
  ),
  call('rpc:curl', '0.profileId', 'no profile id', curl({ profileId: undefined }), EXPECTED_STRING),
  call('rpc:snippet', '0.language', 'language "rust"', snippet({ language: 'rust' }), /expected one of "curl"/),
  call('rpc:snippet', '0.language', 'no language', snippet({ language: undefined }), /expected one of "curl"/),
  call('rpc:snippet', '0.chain', 'a chain with a backtick', snippet({ chain: 'eth`id`' }), /letters, digits/),
  call('rpc:snippet', '0.chain', 'a chain with a newline', snippet({ chain: 'eth\nrm -rf ~' }), /letters, digits/),
  call('rpc:snippet', '0.body', 'an empty batch', snippet({ body: [] }), /a batch needs at least one call/),
  call('rpc:snippet', '0', 'asking for the key', snippet({ withKey: true }), /Unrecognized key: "withKey"/),
  call(
    'rpc:token',
    '0.address',
    'an address of 39 hex digits',
    [{ profileId: 'sandbox', chain: 'ethereum', nodeType: 'full', address: `0x${'a'.repeat(39)}` }],
    /an address is 0x and 40 hex digits/,
  ),
];

const ANALYTICS = { profileId: 'sandbox', party: GOOD_PARTY, range: { after: null, before: null }, instruments: null };
const analytics = (over: Record<string, unknown>) => [{ ...ANALYTICS, ...over }];
const BUCKET = /expected one of "day"\|"week"\|"month"|Invalid option/;
const abiSave = (over: Record<string, unknown>) => [
  { profileId: 'sandbox', name: 'Token', address: null, abiText: '[{"type":"fallback"}]', ...over },
];
const ADDRESS = /^an address is 0x followed by 40 hex digits$/;

const abiRows = [
  ...profileIdRows('abi:list'),
  call('abi:save', '0.name', 'no name', abiSave({ name: '  ' }), /^give the contract a name$/),
  call(
    'abi:save',
    '0.name',
    'an 81-character name',
    abiSave({ name: 'n'.repeat(81) }),
    /^at most 80 characters$/,
    '[{…"name":"nnn…" (81 characters),…}]',
  ),
  call('abi:save', '0.address', 'an address with 39 hex digits', abiSave({ address: `0x${'a'.repeat(39)}` }), ADDRESS),
  call('abi:save', '0.address', 'an address without 0x', abiSave({ address: 'ab'.repeat(20) }), ADDRESS),
  call('abi:save', '0.address', 'an ENS name as the address', abiSave({ address: 'vitalik.eth' }), ADDRESS),
  call(
    'abi:save',
    '0.abiText',
    'an ABI text over 1 MB',
    () => abiSave({ abiText: `[${' '.repeat(1024 * 1024)}]` }),
    /^the ABI is over 1 MB/,
    '[{…"abiText":"[   …" (1048578 characters)}]',
  ),
  call('abi:save', '0.abiText', 'the ABI as a parsed array, not text', abiSave({ abiText: [] }), EXPECTED_STRING),
  call('abi:save', '0', 'a field main does not know', abiSave({ path: '/etc/passwd' }), /Unrecognized key/),
  call('abi:save', '0.profileId', 'a path as the profile id', abiSave({ profileId: '../x' }), PROFILE_MESSAGE),
  call('abi:delete', '0.id', 'a path as the id', [{ profileId: 'sandbox', id: '../sandbox.json' }], /^ABI id$/),
  call('abi:delete', '0.id', 'an empty id', [{ profileId: 'sandbox', id: '' }], /^ABI id$/),
  call('abi:delete', '', 'no argument', [], TOO_FEW(1)),
];

const environment = (over: Record<string, unknown>) => [
  { id: null, name: 'staging', profileIds: ['sandbox'], variables: [{ name: 'block', value: 'latest' }], ...over },
];
const ID = '0123456789abcdef';
const addRequest = (over: Record<string, unknown>) => [
  {
    op: 'addRequest',
    collectionId: ID,
    request: { name: 'balance', chain: '{{chain}}', nodeType: 'full', method: 'eth_getBalance', text: '[]', ...over },
  },
];
const VARIABLE_NAME_MESSAGE = /^a variable name is 1-64 letters, digits, "_", "\." or "-"$/;

const workspaceRows = [
  call('workspace:environments', '', 'an unexpected argument', [{ all: true }], TOO_MANY, '[{"all":true}]'),
  call('workspace:saveEnvironment', '0.name', 'no name', environment({ name: ' ' }), /^give the environment a name$/),
  call(
    'workspace:saveEnvironment',
    '0.variables.0.name',
    'a variable name with a space',
    environment({ variables: [{ name: 'my holder', value: '0x1' }] }),
    VARIABLE_NAME_MESSAGE,
  ),
  call(
    'workspace:saveEnvironment',
    '0.variables.0.name',
    'a variable name with braces',
    environment({ variables: [{ name: '{{holder}}', value: '0x1' }] }),
    VARIABLE_NAME_MESSAGE,
  ),
  call(
    'workspace:saveEnvironment',
    '0.variables.1.name',
    'a variable defined twice',
    environment({
      variables: [
        { name: 'a', value: '1' },
        { name: 'a', value: '2' },
      ],
    }),
    /^"a" is defined twice$/,
  ),
  call(
    'workspace:saveEnvironment',
    '0.variables.0.value',
    'a value over 4096 characters',
    () => environment({ variables: [{ name: 'a', value: 'x'.repeat(4097) }] }),
    /^a value is at most 4096 characters$/,
    '[{…"value":"xxx…" (4097 characters)}]',
  ),
  call(
    'workspace:saveEnvironment',
    '0.profileIds.0',
    'a path as a profile',
    environment({ profileIds: ['../x'] }),
    PROFILE_MESSAGE,
  ),
  call(
    'workspace:saveEnvironment',
    '0.id',
    'a path as the id',
    environment({ id: '../rpc-workspace.json' }),
    /^workspace id$/,
  ),
  call(
    'workspace:saveEnvironment',
    '0',
    'a field main does not know',
    environment({ secret: 'k' }),
    /Unrecognized key/,
  ),
  call('workspace:deleteEnvironment', '0', 'an empty id', [''], /^workspace id$/),
  call('workspace:collections', '', 'an unexpected argument', [1], TOO_MANY),
  call(
    'workspace:editCollection',
    '0.op',
    'an unknown change',
    [{ op: 'chmod', collectionId: ID }],
    /^Invalid discriminator value\. Expected 'create' \| 'rename'/,
  ),
  call(
    'workspace:editCollection',
    '0.name',
    'a collection with no name',
    [{ op: 'create', name: '  ' }],
    /^give the collection a name$/,
  ),
  call(
    'workspace:editCollection',
    '0.by',
    'a move by 5',
    [{ op: 'moveRequest', collectionId: ID, requestId: ID, by: 5 }],
    /Invalid input/,
  ),
  call(
    'workspace:editCollection',
    '0.request.chain',
    'a chain with a shell substitution',
    addRequest({ chain: '$(rm -rf ~)' }),
    /^a chain name or \{\{variable\}\}$/,
  ),
  call(
    'workspace:editCollection',
    '0.request.chain',
    'a chain with an unclosed variable',
    addRequest({ chain: '{{chain' }),
    /^a chain name or \{\{variable\}\}$/,
  ),
  call(
    'workspace:editCollection',
    '0.request.text',
    'params text over 256 KiB',
    () => addRequest({ text: `[${' '.repeat(256 * 1024)}]` }),
    /^at most 262144 characters$/,
    '[{…"text":"[   …" (262146 characters)…}]',
  ),
  call(
    'workspace:editCollection',
    '0.request.nodeType',
    'node type "validator"',
    addRequest({ nodeType: 'validator' }),
    /expected one of "full"\|"archive"/,
  ),
  call(
    'workspace:exportCollection',
    '0.collectionId',
    'a path as the collection id',
    [{ collectionId: '../x' }],
    /^workspace id$/,
  ),
  call(
    'workspace:exportCollection',
    '0',
    'a file path to write to',
    [{ collectionId: ID, path: '/etc/passwd' }],
    /Unrecognized key/,
  ),
  call(
    'workspace:importCollection',
    '0.text',
    'an import over 5 MB',
    () => [{ fileName: 'big.json', text: ' '.repeat(5 * 1024 * 1024 + 1) }],
    /^an import file is at most 5 MB$/,
    '[{…"text":"   …" (5242881 characters)}]',
  ),
  call(
    'workspace:importCollection',
    '0.text',
    'the file as parsed JSON, not text',
    [{ fileName: 'c.json', text: {} }],
    /expected string/,
  ),
  call(
    'workspace:importCollection',
    '0',
    'a path to read from',
    [{ fileName: 'c.json', text: '{}', path: '/etc/passwd' }],
    /Unrecognized key/,
  ),
];

const localAnalyticsRows = [
  call('local:counterparties', '0.party', 'a bad party', analytics({ party: 'alice' }), /"::" is missing/),
  call(
    'local:counterparties',
    '0.range.before',
    'an inverted range',
    analytics({ range: { after: '2026-05-02T00:00:00Z', before: '2026-05-01T00:00:00Z' } }),
    /^Before must be later than From$/,
  ),
  call(
    'local:counterparties',
    '0.range.after',
    'a date that is not a date-time',
    analytics({ range: { after: '2026-13-45', before: null } }),
    /^not an RFC 3339 date-time/,
  ),
  call(
    'local:counterparties',
    '0.instruments',
    '201 instruments',
    () => analytics({ instruments: Array.from({ length: 201 }, (_, i) => ({ admin: 'a', id: `i${i}` })) }),
    /Too big: expected array to have <=\s?200 items/,
    '[{…"instruments":[…] (201 items)}]',
  ),
  call(
    'local:counterparties',
    '0.instruments.0.id',
    'an instrument id with a control character',
    analytics({ instruments: [{ admin: 'a', id: 'x\u0007' }] }),
    /no control characters/,
    '[{…"id":"x\\u0007"}]',
  ),
  call(
    'local:counterparties',
    '0.profileId',
    'a path as the profile id',
    analytics({ profileId: '../x' }),
    PROFILE_MESSAGE,
  ),
  call('local:counterparties', '', 'no argument', [], TOO_FEW(1)),
  call(
    'local:relationship',
    '0.counterparty',
    'an empty counterparty',
    analytics({ counterparty: '  ', bucket: 'day' }),
    /Too small: expected string to have >=\s?1 characters/,
  ),
  call(
    'local:relationship',
    '0.counterparty',
    'a 261-character counterparty',
    analytics({ counterparty: 'c'.repeat(261), bucket: 'day' }),
    /Too big: expected string to have <=\s?260 characters/,
    '[{…"counterparty":"ccc…" (261 characters)}]',
  ),
  call(
    'local:relationship',
    '0.bucket',
    'bucket "year"',
    analytics({ counterparty: 'bob::1', bucket: 'year' }),
    BUCKET,
  ),
  call('local:relationship', '0.counterparty', 'no counterparty', analytics({ bucket: 'day' }), EXPECTED_STRING),
  call('local:flows', '0.bucket', 'bucket "hour"', analytics({ bucket: 'hour' }), BUCKET),
  call('local:flows', '0.bucket', 'no bucket', analytics({}), BUCKET),
  call('local:flows', '0.party', 'a number as the party', analytics({ party: 42, bucket: 'day' }), EXPECTED_STRING),
];

const NO_RANGE = { after: null, before: null };
const SYNC = { profileId: 'sandbox', party: GOOD_PARTY, nodeId: null, range: NO_RANGE };
const sync = (over: Record<string, unknown>) => [{ ...SYNC, ...over }];
const LEG_FILTERS = {
  instruments: null,
  range: NO_RANGE,
  direction: null,
  statuses: null,
  counterparty: null,
  amountMin: null,
  amountMax: null,
  search: null,
};
const LEGS = {
  requestId: 'req-00000001',
  profileId: 'sandbox',
  party: GOOD_PARTY,
  filters: LEG_FILTERS,
  sort: { column: 'effectiveAt', desc: true },
  offset: 0,
  limit: 200,
};
const legs = (over: Record<string, unknown>) => [{ ...LEGS, ...over }];
const legFilters = (over: Record<string, unknown>) => legs({ filters: { ...LEG_FILTERS, ...over } });
const DECIMAL_TEXT = /^a plain decimal number, like 1000 or 12.5/;
const JOB_ID = /^sync job id$/;
const localStoreRows = [
  call('local:stores', '', 'an unexpected argument', ['sandbox'], TOO_MANY),
  call('local:status', '1', 'a party without "::"', ['sandbox', 'alice'], /"::" is missing/),
  call('local:status', '0', 'a path as the profile id', ['../x', GOOD_PARTY], PROFILE_MESSAGE),
  call('local:status', '', 'no party', ['sandbox'], TOO_FEW(2)),
  call('local:sync', '0.party', 'an empty party', sync({ party: '' }), /^enter a party id$/),
  call(
    'local:sync',
    '0.nodeId',
    'a node id with a line break',
    sync({ nodeId: 'node\n1' }),
    /printable ASCII/,
    '[{…"nodeId":"node\\n1"}]',
  ),
  call(
    'local:sync',
    '0.range.before',
    'an inverted range',
    sync({ range: { after: '2026-05-02T00:00:00Z', before: '2026-05-01T00:00:00Z' } }),
    /^Before must be later than From$/,
  ),
  call(
    'local:sync',
    '0.range.after',
    'year 10000',
    sync({ range: { after: '+010000-01-01T00:00:00Z', before: null } }),
    /^year 10000 is too far ahead: the latest is 9999$/,
  ),
  call('local:sync', '0.range', 'no range', sync({ range: undefined }), /expected object/),
  call('local:syncStatus', '0', 'a path as the job id', ['../../etc/passwd'], JOB_ID),
  call('local:syncStatus', '0', 'an upper-case job id', ['0123456789ABCDEF'], JOB_ID),
  call('local:syncStatus', '0', 'a number', [42], EXPECTED_STRING),
  call('local:cancelSync', '0', 'an empty job id', [''], JOB_ID),
  call('local:cancelSync', '', 'no argument', [], TOO_FEW(1)),
  call('local:legs', '0.offset', 'a negative offset', legs({ offset: -1 }), /Too small: expected number to be >=\s?0/),
  call('local:legs', '0.limit', 'a limit of 5001', legs({ limit: 5001 }), /Too big: expected number to be <=\s?5000/),
  call('local:legs', '0.limit', 'a limit of 0', legs({ limit: 0 }), /Too small: expected number to be >=\s?1/),
  call(
    'local:legs',
    '0.sort.column',
    'sorting by a SQL expression',
    legs({ sort: { column: 'amount; DROP TABLE leg_rows', desc: true } }),
    /Invalid option|expected one of/,
  ),
  call('local:legs', '0.requestId', 'a request id with a space', legs({ requestId: 'req 0001 x' }), /^request id$/),
  call(
    'local:legs',
    '0.filters.amountMin',
    'an amount with an exponent',
    legFilters({ amountMin: '1e5' }),
    DECIMAL_TEXT,
  ),
  call(
    'local:legs',
    '0.filters.amountMax',
    'an amount with grouping',
    legFilters({ amountMax: '1,000' }),
    DECIMAL_TEXT,
  ),
  call(
    'local:legs',
    '0.filters.direction',
    'direction "both"',
    legFilters({ direction: 'both' }),
    /Invalid option|expected one of/,
  ),
  call(
    'local:legs',
    '0.filters.search',
    'a search of 201 characters',
    legFilters({ search: 's'.repeat(201) }),
    /^at most 200 characters$/,
    '[{…"search":"sss…" (201 characters)}]',
  ),
  call(
    'local:legs',
    '0.filters.search',
    'a search with a NUL',
    legFilters({ search: 'a\u0000b' }),
    /no control characters/,
    '[{…"search":"a\\u0000b"}]',
  ),
  call('local:facets', '1', 'a party without "::"', ['sandbox', 'bob'], /"::" is missing/),
  call('local:facets', '', 'no argument', [], TOO_FEW(2)),
  call(
    'local:forget',
    '0.party',
    'a party without "::"',
    [{ profileId: 'sandbox', party: 'alice' }],
    /"::" is missing/,
  ),
  call(
    'local:forget',
    '0.profileId',
    'a path as the profile id',
    [{ profileId: '../../', party: null }],
    PROFILE_MESSAGE,
  ),
  call(
    'local:forget',
    '0.party',
    'no party (null means the whole profile, never a default)',
    [{ profileId: 'sandbox' }],
    /expected string/,
  ),
];

const SQL = { requestId: 'req-00000001', profileId: 'sandbox', sql: 'SELECT * FROM legs', rowCap: 1000 };
const sqlQuery = (over: Record<string, unknown>) => [{ ...SQL, ...over }];
const EXPORT = { profileId: 'sandbox', source: { kind: 'sql', sql: 'SELECT * FROM legs' }, format: 'parquet' };
const exportRequest = (over: Record<string, unknown>) => [{ ...EXPORT, ...over }];
const localSqlRows = [
  call(
    'local:sql',
    '0.sql',
    'a query of 100,001 characters',
    () => sqlQuery({ sql: `SELECT 1${' '.repeat(99_993)}` }),
    /^at most 100,000 characters$/,
    '[{…"sql":"SELECT 1   …" (100001 characters)}]',
  ),
  call('local:sql', '0.sql', 'no query', sqlQuery({ sql: undefined }), EXPECTED_STRING),
  call('local:sql', '0.rowCap', 'a row cap of 0', sqlQuery({ rowCap: 0 }), /Too small: expected number to be >=\s?1/),
  call(
    'local:sql',
    '0.rowCap',
    'a row cap of 10,001 (the channel answers at most 10,000 rows; export has no cap)',
    sqlQuery({ rowCap: 10_001 }),
    /Too big: expected number to be <=\s?10000/,
  ),
  call('local:sql', '0.rowCap', 'a fractional row cap', sqlQuery({ rowCap: 1.5 }), /expected int/),
  call('local:sql', '0.requestId', 'a path as the request id', sqlQuery({ requestId: '../req' }), /^request id$/),
  call('local:sql', '0.profileId', 'a path as the profile id', sqlQuery({ profileId: '../x' }), PROFILE_MESSAGE),
  call('local:sql', '', 'no argument', [], TOO_FEW(1)),
  call(
    'local:export',
    '0.format',
    'format "xlsx"',
    exportRequest({ format: 'xlsx' }),
    /Invalid option|expected one of/,
  ),
  call(
    'local:export',
    '0.source.kind',
    'a source kind main does not know',
    exportRequest({ source: { kind: 'table', sql: 'x' } }),
    /^Invalid discriminator value/,
  ),
  call(
    'local:export',
    '0.source',
    'a path slipped into the source (the path is only ever chosen in main)',
    exportRequest({ source: { kind: 'sql', sql: 'SELECT 1', path: '/etc/cron.d/x' } }),
    /Unrecognized key/,
  ),
  call(
    'local:export',
    '0.source.sql',
    'a query of 100,001 characters',
    () => exportRequest({ source: { kind: 'sql', sql: 's'.repeat(100_001) } }),
    /Too big: expected string to have <=\s?100000 characters/,
    '[{…"sql":"sss…" (100001 characters)}]',
  ),
  call(
    'local:export',
    '0.source.party',
    'a legs source with a party without "::"',
    exportRequest({ source: { kind: 'legs', party: 'alice', filters: LEG_FILTERS, sort: LEGS.sort } }),
    /"::" is missing/,
  ),
  call(
    'local:export',
    '0.profileId',
    'a path as the profile id',
    exportRequest({ profileId: '../x' }),
    PROFILE_MESSAGE,
  ),
  call('local:export', '', 'no argument', [], TOO_FEW(1)),
];

const NOTEBOOK_FILE = { profileId: 'sandbox', file: 'query.sql' };
const notebookFile = (over: Record<string, unknown>) => [{ ...NOTEBOOK_FILE, ...over }];
const NOTEBOOK_SAVE = { ...NOTEBOOK_FILE, text: '-- name: Q\n\nSELECT 1\n', expect: null };
const notebookRows = [
  ...profileIdRows('notebook:list'),
  ...profileIdRows('notebook:changes'),
  ...profileIdRows('notebook:dashboard'),
  call(
    'notebook:saveDashboard',
    '0.text',
    'a dashboard of 256,001 characters',
    () => [{ profileId: 'sandbox', text: ' '.repeat(256_001), expect: null }],
    /^a dashboard is at most 256,000 characters$/,
    '[{…"text":"   …" (256001 characters)}]',
  ),
  call(
    'notebook:saveDashboard',
    '0.expect',
    'a version that is not one',
    [{ profileId: 'sandbox', text: '{}', expect: 'v1' }],
    /^a file version$/,
  ),
  call('notebook:saveDashboard', '', 'no argument', [], TOO_FEW(1)),
  call(
    'local:sql',
    '0.params.0.value',
    'a text value with a NUL',
    sqlQuery({ params: [{ type: 'VARCHAR', value: 'a\u0000b' }] }),
    /^may not hold a NUL character$/,
  ),
  call(
    'local:sql',
    '0.params.0.micros',
    'a time value carrying SQL',
    sqlQuery({ params: [{ type: 'TIMESTAMP', micros: '0); DROP VIEW legs; --' }] }),
    /^whole microseconds$/,
  ),
  call(
    'local:sql',
    '0.params.0.units',
    'a number value carrying SQL',
    sqlQuery({ params: [{ type: 'DECIMAL', units: '1 OR 1=1', width: 10, scale: 0 }] }),
    /^whole units$/,
  ),
  call(
    'local:sql',
    '0.params',
    '65 values (the SQL process takes 64)',
    () => sqlQuery({ params: Array.from({ length: 65 }, () => ({ type: 'VARCHAR', value: 'x' })) }),
    /^at most 64 values$/,
    '[{…"params":[…65 values]}]',
  ),
  call('notebook:read', '0.file', 'a path out of the folder', notebookFile({ file: '../settings.sql' }), /no \/ or \\/),
  call('notebook:read', '0.file', '".."', notebookFile({ file: '..' }), /hidden file/),
  call('notebook:read', '0.file', 'a hidden file', notebookFile({ file: '.secret.sql' }), /hidden file/),
  call('notebook:read', '0.file', 'a Windows device name', notebookFile({ file: 'CON.sql' }), /device name/),
  call('notebook:read', '0.file', 'not a .sql file', notebookFile({ file: 'settings.json' }), /ends in \.sql/),
  call('notebook:delete', '0.file', 'an absolute path', notebookFile({ file: '/etc/passwd.sql' }), /no \/ or \\/),
  call(
    'notebook:save',
    '0.text',
    'a file of 1,000,001 characters',
    () => [{ ...NOTEBOOK_SAVE, text: 's'.repeat(1_000_001) }],
    /^a query file is at most 1,000,000 characters$/,
    '[{…"text":"sss…" (1000001 characters)}]',
  ),
  call(
    'notebook:save',
    '0.expect',
    'a version that is not one',
    [{ ...NOTEBOOK_SAVE, expect: 'v1' }],
    /^a file version$/,
  ),
  call(
    'notebook:create',
    '0.file',
    'a name with a line break',
    [{ ...NOTEBOOK_SAVE, expect: undefined, file: 'a\nb.sql' }],
    /control characters/,
  ),
  call(
    'notebook:rename',
    '0.to',
    'renamed out of the folder',
    [{ ...NOTEBOOK_FILE, to: '../../x.sql' }],
    /no \/ or \\/,
  ),
  call('notebook:openFolder', '0.path', 'no path key', [{ profileId: 'sandbox' }], /expected string/),
];

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>';
const chart = (over: Record<string, unknown>) => [{ title: 'Chart', format: 'svg', data: SVG, ...over }];
const chartRows = [
  call('local:saveChart', '0.format', 'format "gif"', chart({ format: 'gif' }), /Invalid option|expected one of/),
  call(
    'local:saveChart',
    '0',
    'a path slipped into the request (the path is only ever chosen in main)',
    chart({ path: '/etc/cron.d/x' }),
    /Unrecognized key/,
  ),
  call('local:saveChart', '0.data', 'an empty file', chart({ data: '' }), /Too small|>=\s?1/),
  call(
    'local:saveChart',
    '0.data',
    'a file over 8 MB',
    () => chart({ data: 's'.repeat(11_184_816) }),
    /Too big: expected string to have <=\s?11184815 characters/,
    '[{…"data":"sss…" (11184816 characters)}]',
  ),
  call('local:saveChart', '0.title', 'a 501-character title', chart({ title: 't'.repeat(501) }), /Too big|<=\s?500/),
  call('local:saveChart', '', 'no argument', [], TOO_FEW(1)),
];

const RECONCILE = {
  requestId: 'req-00000002',
  profileId: 'sandbox',
  party: GOOD_PARTY,
  csv: 'time,counterparty,instrument,amount\n',
  delimiter: 'auto',
  mapping: {
    time: 'time',
    counterparty: 'counterparty',
    instrument: 'instrument',
    amount: 'amount',
    reference: null,
    direction: null,
    sign: 'negative-is-out',
    decimal: '.',
    zone: 'utc',
  },
  toleranceSeconds: 300,
  onlyStatementCounterparties: false,
  rowCap: 500,
  remember: false,
};
const reconcile = (over: Record<string, unknown>) => [{ ...RECONCILE, ...over }];
const reconcileRows = [
  call('local:reconcile', '0.party', 'a party without "::"', reconcile({ party: 'alice' }), /"::" is missing/),
  call(
    'local:reconcile',
    '0.delimiter',
    'delimiter "|"',
    reconcile({ delimiter: '|' }),
    /Invalid option|expected one of/,
  ),
  call(
    'local:reconcile',
    '0.mapping.sign',
    'a sign convention main does not know',
    reconcile({ mapping: { ...RECONCILE.mapping, sign: 'positive' } }),
    /Invalid option|expected one of/,
  ),
  call(
    'local:reconcile',
    '0.mapping',
    'a path slipped into the mapping',
    reconcile({ mapping: { ...RECONCILE.mapping, file: '/etc/passwd' } }),
    /Unrecognized key/,
  ),
  call(
    'local:reconcile',
    '0.toleranceSeconds',
    'a negative tolerance',
    reconcile({ toleranceSeconds: -1 }),
    /Too small: expected number to be >=\s?0/,
  ),
  call(
    'local:reconcile',
    '0.toleranceSeconds',
    'a tolerance over 31 days',
    reconcile({ toleranceSeconds: 31 * 86_400 + 1 }),
    /Too big: expected number to be <=\s?2678400/,
  ),
  call('local:reconcile', '0.csv', 'no CSV text', reconcile({ csv: undefined }), EXPECTED_STRING),
  call(
    'local:reconcile',
    '0.requestId',
    'a path as the request id',
    reconcile({ requestId: '../req' }),
    /^request id$/,
  ),
  call('local:reconcile', '', 'no argument', [], TOO_FEW(1)),
  call(
    'local:reconcileExport',
    '0',
    'a path slipped into the request (the path is only ever chosen in main)',
    reconcile({ path: '/etc/cron.d/x' }),
    /Unrecognized key/,
  ),
  call(
    'local:reconcileExport',
    '0.rowCap',
    'a row cap of 0',
    reconcile({ rowCap: 0 }),
    /Too small: expected number to be >=\s?1/,
  ),
  call('local:reconcileExport', '', 'no argument', [], TOO_FEW(1)),
  call(
    'local:reconcileMapping',
    '0.head',
    'a head of 1,000,001 characters',
    () => [{ profileId: 'sandbox', head: 'h'.repeat(1_000_001), delimiter: 'auto' }],
    /^at most 1,000,000 characters of the file’s start$/,
    '[{…"head":"hhh…" (1000001 characters)}]',
  ),
  call(
    'local:reconcileMapping',
    '0.profileId',
    'a path as the profile id',
    [{ profileId: '../x', head: 'a,b', delimiter: 'auto' }],
    PROFILE_MESSAGE,
  ),
  call('local:reconcileMapping', '', 'no argument', [], TOO_FEW(1)),
];

const REPORT_LEG = {
  updateId: 'u-1',
  effectiveAt: '2026-01-01T00:00:00Z',
  instrumentAdmin: GOOD_PARTY,
  instrumentId: 'Amulet',
  symbol: 'CC',
  decimals: 10,
  amount: '1.5',
  senderParty: GOOD_PARTY,
  receiverParty: GOOD_PARTY,
  counterparty: GOOD_PARTY,
  isIncoming: true,
  status: 'completed',
};
const report = (over: Record<string, unknown>) => [
  {
    profileId: 'sandbox',
    filters: FILTERS,
    view: { mode: 'page', page: 1 },
    legs: [REPORT_LEG],
    legsShown: 1,
    queryTime: '2026-01-01T00:00:00Z',
    comparison: null,
    format: 'html',
    ...over,
  },
];
const reportRows = [
  call('report:save', '0.format', 'format "docx"', report({ format: 'docx' }), /Invalid option|expected one of/),
  call(
    'report:save',
    '0.queryTime',
    'a query time in words',
    report({ queryTime: 'yesterday' }),
    /^not an RFC 3339 date-time: write a date, a time and Z or an offset/,
  ),
  call(
    'report:save',
    '0.legs',
    '10,001 legs',
    () => report({ legs: Array.from({ length: 10_001 }, () => REPORT_LEG), legsShown: 10_001 }),
    /^at most 10,000 legs in one report$/,
    '10,001 legs',
  ),
  call(
    'report:save',
    '0.legsShown',
    'fewer legs shown than sent',
    report({ legsShown: 0 }),
    /^fewer than the legs sent$/,
  ),
  call(
    'report:save',
    '0.legs.0.amount',
    'a 201-character amount',
    report({ legs: [{ ...REPORT_LEG, amount: '9'.repeat(201) }] }),
    /too big|<=\s?200/i,
    '"999…" (201 characters)',
  ),
  call(
    'report:save',
    '0.legs.0',
    'a leg with an extra field',
    report({ legs: [{ ...REPORT_LEG, apiKey: 'k' }] }),
    /Unrecognized key/,
  ),
  call('report:save', '0.view.page', 'page 0', report({ view: { mode: 'page', page: 0 } }), /too small|>=\s?1/i),
  call(
    'report:save',
    '0.filters.party',
    'a bad party',
    report({ filters: { ...FILTERS, party: 'alice' } }),
    /"::" is missing/,
  ),
  call('report:save', '0.profileId', 'an upper-case profile id', report({ profileId: 'SANDBOX' }), PROFILE_MESSAGE),
  call('report:save', '', 'no argument', [], TOO_FEW(1)),
  call(
    'report:dashboard',
    '0.panels.0.rows',
    '1,001 rows in a panel',
    () => [
      {
        profileId: 'sandbox',
        title: 'Desk',
        panels: [dashboardPanel({ rows: Array.from({ length: 1_001 }, () => ['x']) })],
      },
    ],
    /too big|<=\s?1000/i,
    '1,001 rows',
  ),
  call(
    'report:dashboard',
    '0.panels.0.state',
    'a panel state "fine"',
    [{ profileId: 'sandbox', title: 'Desk', panels: [dashboardPanel({ state: 'fine' })] }],
    /Invalid option|expected one of/,
  ),
  call(
    'report:dashboard',
    '0.panels.0',
    'a panel with an extra field',
    [{ profileId: 'sandbox', title: 'Desk', panels: [dashboardPanel({ html: '<script>' })] }],
    /Unrecognized key/,
  ),
  call(
    'report:dashboard',
    '0.profileId',
    'an upper-case profile id',
    [{ profileId: 'SANDBOX', title: 'D', panels: [] }],
    PROFILE_MESSAGE,
  ),
  call('report:dashboard', '', 'no argument', [], TOO_FEW(1)),
];

function dashboardPanel(over: Record<string, unknown>) {
  return {
    title: 'Panel',
    queryName: 'Query',
    queryRef: 'q.sql',
    params: [],
    state: 'ok',
    error: null,
    ranAt: '2026-12-02T09:00:00Z',
    columns: [{ name: 'x', type: 'VARCHAR' }],
    rows: [['a']],
    rowCount: 1,
    truncated: false,
    chart: null,
    svg: null,
    ...over,
  };
}

const VIEW = { kind: 'transfers', profile: 'sandbox', filters: FILTERS, source: 'live' };
const viewRows = [
  call('app:nextEvent', '', 'an unexpected argument', [25_000], TOO_MANY),
  call('app:reveal', '', 'no argument', [], TOO_FEW(1)),
  call('app:reveal', '0', 'another folder', ['home'], /Invalid option: expected one of "settings"\|"logs"/),
  call('app:reveal', '0', 'a path', ['/etc'], /Invalid option: expected one of "settings"\|"logs"/),
  call('app:reveal', '', 'a second argument', ['logs', '/etc'], NO_EXTRA(1)),
  call('app:download', '', 'no argument', [], TOO_FEW(1)),
  call('app:download', '0', 'an empty path', [''], /the path of a file main wrote/),
  call('app:download', '0', 'a path of 4097 characters', [`/${'a'.repeat(4096)}`], /a path is at most 4096 characters/),
  call('app:download', '0', 'the offer object instead of a path', [{ path: '/etc/passwd' }], EXPECTED_STRING),
  call('app:download', '', 'a second argument', ['/tmp/a.csv', '/etc/passwd'], NO_EXTRA(1)),
  call('views:recent', '', 'an unexpected argument', ['sandbox'], TOO_MANY),
  call('views:record', '', 'no argument', [], TOO_FEW(1)),
  call('views:record', '0', 'the view object instead of its link', [VIEW], EXPECTED_STRING),
  call(
    'views:record',
    '0',
    'a link of 64 KB and more',
    [`ledger-explorer://chain?profile=sandbox&chain=${'a'.repeat(65_536)}`],
    /^Too big: expected string to have <=\s?65536 characters$/,
    '"ledger-explorer://chain?profile=sandbox&chain=aaa…" (65,583 characters)',
  ),
  call(
    'views:record',
    '0',
    'a javascript: link',
    ['javascript:alert(1)'],
    /^it is a javascript: link, not ledger-explorer:\/\/$/,
  ),
  call(
    'views:record',
    '0',
    'an unknown view',
    ['ledger-explorer://settings?profile=sandbox'],
    /"settings" is not a view/,
  ),
  call(
    'views:record',
    '0',
    'a path as the profile',
    ['ledger-explorer://chain?profile=../x&chain=eth'],
    /^profile id: 1-64/,
  ),
  call(
    'views:record',
    '0',
    'a party without "::"',
    [`ledger-explorer://transfers?profile=sandbox&party=alice`],
    /"::" is missing/,
  ),
  call(
    'views:record',
    '0',
    'source "remote"',
    [`ledger-explorer://transfers?profile=sandbox&party=${GOOD_PARTY}&source=remote`],
    /source is live or local/,
  ),
  call(
    'views:record',
    '0',
    'a URL field',
    ['ledger-explorer://chain?profile=sandbox&chain=eth&baseUrl=https://x'],
    /never carries URLs, keys or tokens/,
  ),
  call(
    'views:record',
    '0',
    'a chain with a slash',
    ['ledger-explorer://chain?profile=sandbox&chain=eth%2F..%2Fx'],
    /letters, digits/,
  ),
  call(
    'views:record',
    '0',
    'params that are not JSON',
    ['ledger-explorer://rpc?profile=sandbox&chain=eth&method=eth_call&params=%5B1%2C'],
    /^params must be a JSON array or object$/,
  ),
  call(
    'views:record',
    '0',
    'a batch with a method',
    ['ledger-explorer://rpc?profile=sandbox&chain=eth&method=eth_call&batch=%5B%5D'],
    /a batch or a method with params, not both/,
  ),
];

const PARTY = `alice::1220${'a'.repeat(64)}`;
const SYNC_ALL = { profileId: 'sandbox', parties: 'all-readable', nodeId: null, range: { after: null, before: null } };
const syncAll = (over: Record<string, unknown>) => [{ ...SYNC_ALL, ...over }];
const SAVE = { profileId: 'sandbox', previousName: null, name: 'Treasury', parties: [PARTY] };
const save = (over: Record<string, unknown>) => [{ ...SAVE, ...over }];
/** "Sync all my parties", portfolios and a query's scope (docs/notebook.md, "Parties, sets and portfolios"). */
const partySetRows = [
  call(
    'local:syncAll',
    '0.parties',
    'parties "everyone" (a list, or all-readable)',
    syncAll({ parties: 'everyone' }),
    /^"all-readable" or a list of party ids$/,
  ),
  call('local:syncAll', '0.parties', 'an empty party list', syncAll({ parties: [] }), /Too small/),
  call('local:syncAll', '0.parties.0', 'a party without "::"', syncAll({ parties: ['bob'] }), /"::" is missing/),
  call('local:syncAll', '0.profileId', 'a path as the profile id', syncAll({ profileId: '../x' }), PROFILE_MESSAGE),
  call('local:syncAllStatus', '0', 'a path as the job id', ['../../etc'], /sync job id/),
  call('local:cancelSyncAll', '', 'no job id', [], TOO_FEW(1)),
  ...profileIdRows('local:portfolios'),
  call('local:savePortfolio', '0.name', 'an empty name', save({ name: '  ' }), /name the portfolio/),
  call(
    'local:savePortfolio',
    '0.name',
    'a name of 81 characters',
    save({ name: 'n'.repeat(81) }),
    /at most 80 characters/,
  ),
  call('local:savePortfolio', '0.name', 'a name with a line break', save({ name: 'a\nb' }), /no control characters/),
  call('local:savePortfolio', '0.parties', 'no party', save({ parties: [] }), /choose at least one party/),
  call('local:savePortfolio', '0.parties', 'a party listed twice', save({ parties: [PARTY, PARTY] }), /listed twice/),
  call(
    'local:savePortfolio',
    '0.parties.0',
    'a member that is no party id',
    save({ parties: ['treasury'] }),
    /"::" is missing/,
  ),
  call('local:deletePortfolio', '0.name', 'no name', [{ profileId: 'sandbox' }], EXPECTED_STRING),
  call(
    'local:sql',
    '0.scope.kind',
    'a scope "everyone"',
    sqlQuery({ scope: { kind: 'everyone' } }),
    /Invalid|expected/,
  ),
  call(
    'local:sql',
    '0.scope.party',
    'a scope party with a quote',
    sqlQuery({ scope: { kind: 'party', party: "x' OR 1=1" } }),
    /not a Canton party id|"::" is missing|no spaces/,
  ),
  call(
    'local:sql',
    '0.scope.parties',
    'a scope of no parties',
    sqlQuery({ scope: { kind: 'parties', parties: [] } }),
    /choose at least one party/,
  ),
  // The local views take the same scope (docs/local-ledger.md, "Parties").
  call(
    'local:legs',
    '0.scope.party',
    'a view scope party with a quote',
    legs({ scope: { kind: 'party', party: "x' OR 1=1" } }),
    /not a Canton party id|"::" is missing|no spaces/,
  ),
  call(
    'local:counterparties',
    '0.scope.name',
    'a portfolio name of control characters',
    analytics({ scope: { kind: 'portfolio', name: '\u0007' } }),
    /no control characters/,
  ),
  call(
    'local:facets',
    '2.kind',
    'a scope "everyone"',
    ['sandbox', 'alice::1220abcd', { kind: 'everyone' }],
    /Invalid|expected/,
  ),
];

const openLake = (over: Record<string, unknown>) => [{ profileId: 'sandbox', folder: '/desk/ledger-lake', ...over }];
const lakeRows = [
  ...profileIdRows('local:lake'),
  ...profileIdRows('local:closeLake'),
  call('local:openLake', '0.folder', 'an empty folder', openLake({ folder: '  ' }), /a lake folder is needed/),
  call('local:openLake', '0.folder', 'a relative folder', openLake({ folder: 'lake' }), /full path, from the root/),
  call(
    'local:openLake',
    '0.folder',
    'a NUL in the folder',
    openLake({ folder: '/desk/\u0000' }),
    /no NUL character/,
    '"/desk/\\u0000"',
  ),
  call(
    'local:openLake',
    '0.folder',
    'a folder of 4,097 characters',
    () => openLake({ folder: `/${'d'.repeat(4096)}` }),
    /at most 4,096 characters/,
    '"/ddd…" (4097 characters)',
  ),
  call('local:openLake', '0', 'another key', openLake({ write: true }), /Unrecognized key/),
  call('local:openLake', '0.profileId', 'a path as the profile id', openLake({ profileId: '../x' }), PROFILE_MESSAGE),
  call('local:openLake', '', 'no argument', [], TOO_FEW(1)),
];

export const bridgeChannels: BadInputTable<ChannelCall> = {
  id: 'bridge-channels',
  title: 'Bridge channels (what main accepts from the renderer)',
  where:
    'An invalid_argument error from main, its details naming the argument path; the handler is never called and no file in the user-data folder changes.',
  rows: [
    ...appRows,
    ...settingsRows,
    ...secretsRows,
    ...transfersRows,
    ...exportRows,
    ...rpcRows,
    ...abiRows,
    ...viewRows,
    ...reportRows,
    ...workspaceRows,
    ...localAnalyticsRows,
    ...localStoreRows,
    ...localSqlRows,
    ...notebookRows,
    ...chartRows,
    ...lakeRows,
    ...reconcileRows,
    ...partySetRows,
  ],
};
