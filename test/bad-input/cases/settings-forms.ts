// Settings: the profile form (name, the four service URLs, the default node), the secrets fields
// and the "Label for saving" next to the party picker. Each form runs the schema main applies
// (ProfileInput, SecretValue, SavedPartyInput) before anything is sent, and main runs it again.
import { accepted, type BadInput, type BadInputTable, FINGERPRINT, GOOD_PARTY, refused } from './bad-input-case.ts';

/** Part of a profile being saved; the rest is a good remote profile. */
export type ProfileFields = Record<string, unknown>;

const HTTP_ONLY = /^only http and https are allowed, not /;
const USE_HTTPS = /^use https \(plain http is allowed only for localhost \/ 127\.0\.0\.1 \/ \[::1\]\)$/;
const NO_CREDENTIALS = /^remove the user name\/password from the URL: secrets belong in the keychain fields$/;
const NOT_A_URL = /^not a URL \(expected http:\/\/ or https:\/\/…\)$/;
const NO_QUERY = /^a base URL cannot carry a query or fragment$/;
const NO_SPACES = /^a URL cannot contain spaces, tabs or line breaks \(write a space in a path as %20\)$/;

const URL_FIELDS = [
  ['baseUrl', 'Ledger-data base URL (base_url)'],
  ['translateUrl', 'Chain listing URL (translate_url)'],
  ['partnerUrl', 'Marketplace-partner URL (partner_url)'],
  ['rpcUrl', 'Node access URL (rpc_url)'],
] as const;

/** The mistakes worth trying in every URL field (each field has its own message, so each is tried). */
const urlMistakes: Array<[string, string, RegExp, string?]> = [
  ['empty', '', /^required$/],
  ['not a URL (no scheme)', 'ledger.example.com', NOT_A_URL],
  ['ftp:', 'ftp://ledger.example.com', /^only http and https are allowed, not ftp:$/],
  ['file:', 'file:///etc/passwd', /^only http and https are allowed, not file:$/],
  ['javascript:', 'javascript:alert(1)', HTTP_ONLY],
  ['plain http to another host', 'http://ledger.example.com', USE_HTTPS],
  ['user and password inside', 'https://user:pass@ledger.example.com', NO_CREDENTIALS],
  ['a query', 'https://ledger.example.com/?jwt=abc', NO_QUERY],
  ['a space in the path', 'https://ledger.example.com/my api', NO_SPACES],
];

const urlRows: BadInput<ProfileFields>[] = URL_FIELDS.flatMap(([key, label]) =>
  urlMistakes.map(([input, value, message, shown]) =>
    refused<ProfileFields>(label, input, { [key]: value }, message, shown),
  ),
);

/** Further URL mistakes, tried in the ledger URL (the same check runs for all four). */
const moreUrlRows: BadInput<ProfileFields>[] = [
  refused('Ledger-data base URL (base_url)', 'spaces only', { baseUrl: '   ' }, /^required$/),
  refused('Ledger-data base URL (base_url)', 'https:// and nothing else', { baseUrl: 'https://' }, NOT_A_URL),
  refused(
    'Ledger-data base URL (base_url)',
    'port out of range',
    { baseUrl: 'https://ledger.example.com:99999' },
    NOT_A_URL,
  ),
  refused(
    'Ledger-data base URL (base_url)',
    'data:',
    { baseUrl: 'data:text/html,<h1>x' },
    /^only http and https are allowed, not data:$/,
  ),
  refused(
    'Ledger-data base URL (base_url)',
    'ws:',
    { baseUrl: 'ws://ledger.example.com' },
    /^only http and https are allowed, not ws:$/,
  ),
  refused(
    'Ledger-data base URL (base_url)',
    'plain http to a look-alike of localhost',
    { baseUrl: 'http://localhost.evil.example' },
    USE_HTTPS,
  ),
  refused(
    'Ledger-data base URL (base_url)',
    'plain http to a private address',
    { baseUrl: 'http://10.0.0.5:8080' },
    USE_HTTPS,
  ),
  refused(
    'Ledger-data base URL (base_url)',
    'plain http to a name that starts with 127.0.0.1',
    { baseUrl: 'http://127.0.0.1.nip.io' },
    USE_HTTPS,
  ),
  refused(
    'Node access URL (rpc_url)',
    'a user name only (an API key put in the URL)',
    { rpcUrl: 'https://apikey123@rpc.example.com' },
    NO_CREDENTIALS,
  ),
  refused('Ledger-data base URL (base_url)', 'a fragment', { baseUrl: 'https://ledger.example.com/#x' }, NO_QUERY),
  refused(
    'Ledger-data base URL (base_url)',
    'an empty query ("?" alone)',
    { baseUrl: 'https://ledger.example.com/?' },
    NO_QUERY,
  ),
  refused(
    'Ledger-data base URL (base_url)',
    'an empty fragment ("#" alone)',
    { baseUrl: 'https://ledger.example.com#' },
    NO_QUERY,
  ),
  refused(
    'Ledger-data base URL (base_url)',
    'a tab inside',
    { baseUrl: 'https://ledger.example.com/a\tb' },
    NO_SPACES,
    '"https://ledger.example.com/a\\tb"',
  ),
  refused(
    'Ledger-data base URL (base_url)',
    'a line break inside',
    { baseUrl: 'https://ledger.example.com/a\nb' },
    NO_SPACES,
    '"https://ledger.example.com/a\\nb"',
  ),
  refused(
    'Ledger-data base URL (base_url)',
    '2 KB long',
    { baseUrl: `https://ledger.example.com/${'a'.repeat(2100)}` },
    /^at most 2048 characters$/,
    '"https://ledger.example.com/aaa…" (2,127 characters)',
  ),
  accepted(
    'Ledger-data base URL (base_url)',
    'spaces and slashes around it',
    { baseUrl: '  https://ledger.example.com/api//  ' },
    /saved trimmed/,
    { baseUrl: 'https://ledger.example.com/api' },
  ),
  accepted(
    'Node access URL (rpc_url)',
    'a trailing line break (pasted)',
    { rpcUrl: 'https://rpc.example.com\n' },
    /saved trimmed/,
    { rpcUrl: 'https://rpc.example.com' },
    '"https://rpc.example.com\\n"',
  ),
  accepted(
    'Ledger-data base URL (base_url)',
    'plain http to this machine',
    { baseUrl: 'http://127.0.0.1:8080' },
    /saved as typed/,
    { baseUrl: 'http://127.0.0.1:8080' },
  ),
  accepted(
    'Ledger-data base URL (base_url)',
    'plain http to [::1]',
    { baseUrl: 'http://[::1]:8080/' },
    /saved without the slash/,
    {
      baseUrl: 'http://[::1]:8080',
    },
  ),
  accepted(
    'Ledger-data base URL (base_url)',
    'plain http to localhost',
    { baseUrl: 'http://localhost:8080' },
    /saved as typed/,
    {
      baseUrl: 'http://localhost:8080',
    },
  ),
];

const otherRows: BadInput<ProfileFields>[] = [
  refused('Name', 'empty', { name: '' }, /^required$/),
  refused('Name', 'spaces only', { name: '   ' }, /^required$/),
  refused('Name', '81 characters', { name: 'n'.repeat(81) }, /^at most 80 characters$/, '"nnn…" (81 characters)'),
  refused(
    'Name',
    'a line break inside',
    { name: 'Staging\nProd' },
    /^a name cannot contain control characters/,
    '"Staging\\nProd"',
  ),
  refused('Name', 'a NUL inside', { name: 'Staging\u0000' }, /control characters/, '"Staging\\u0000"'),
  accepted('Name', 'emoji and accents', { name: 'Prød 🐳' }, /saved as typed/, { name: 'Prød 🐳' }),
  refused(
    'Default validator node id (empty = deployment default)',
    'an emoji',
    { defaultNodeId: 'validator-🐳' },
    /^a node id is printable ASCII: no accents, emoji, tabs or line breaks$/,
  ),
  refused(
    'Default validator node id (empty = deployment default)',
    'a header injection',
    { defaultNodeId: 'v1\r\nAuthorization: x' },
    /printable ASCII/,
    '"v1\\r\\nAuthorization: x"',
  ),
  refused(
    'Default validator node id (empty = deployment default)',
    'an accented name',
    { defaultNodeId: 'nœud-1' },
    /printable ASCII/,
  ),
  refused(
    'Default validator node id (empty = deployment default)',
    '300 characters',
    { defaultNodeId: 'v'.repeat(300) },
    /^a node id is at most 200 characters$/,
    '"vvv…" (300 characters)',
  ),
  accepted(
    'Default validator node id (empty = deployment default)',
    'spaces around it',
    { defaultNodeId: '  validator-2 ' },
    /saved trimmed/,
    {
      defaultNodeId: 'validator-2',
    },
  ),
];

export const profileForm: BadInputTable<ProfileFields> = {
  id: 'profile-form',
  title: 'Settings: the profile form',
  where: 'At the field (the first problem of each field); Save sends nothing; every typed field stays as typed.',
  rows: [...urlRows, ...moreUrlRows, ...otherRows],
};

/** A secret typed into one of the secrets fields (API key, ledger JWT, partner token). */
export interface SecretInput {
  kind: 'apiKey' | 'ledgerJwt' | 'partnerToken';
  value: string;
}

const ASCII_ONLY = /^only printable ASCII characters, without spaces$/;
const secret = (kind: SecretInput['kind'], input: string, value: string, message: RegExp, shown?: string) =>
  refused<SecretInput>(
    { apiKey: 'API key', ledgerJwt: 'Ledger JWT', partnerToken: 'Partner bearer token' }[kind],
    input,
    { kind, value },
    message,
    shown,
  );

export const secretsFields: BadInputTable<SecretInput> = {
  id: 'secrets',
  title: 'Settings: the secrets fields',
  where: 'Under the secret field (aria-describedby); nothing is stored; the field keeps what was typed.',
  rows: [
    secret('apiKey', 'empty', '', /^empty: use Clear to remove a secret$/),
    secret('apiKey', 'spaces only', '    ', /^empty: use Clear/),
    secret('apiKey', 'a space inside', 'abc def', ASCII_ONLY),
    secret('apiKey', 'a tab inside', 'abc\tdef', ASCII_ONLY, '"abc\\tdef"'),
    secret('apiKey', 'a line break inside (two keys pasted)', 'key-one\nkey-two', ASCII_ONLY, '"key-one\\nkey-two"'),
    secret('apiKey', 'a smart quote', '“key”', ASCII_ONLY),
    secret('apiKey', 'a zero-width space', 'key\u200b123', ASCII_ONLY, '"key\\u200b123"'),
    secret('apiKey', 'a NUL', 'key\u0000', ASCII_ONLY, '"key\\u0000"'),
    secret('apiKey', '17 KB', 'k'.repeat(17_000), /^at most 16 KB$/, '"kkk…" (17,000 characters)'),
    secret('ledgerJwt', '"Bearer " pasted with the token', 'Bearer eyJhbGciOi.eyJzdWIi.sig', ASCII_ONLY),
    secret(
      'ledgerJwt',
      'a JWT split over two lines',
      'eyJhbGciOi.\neyJzdWIi.sig',
      ASCII_ONLY,
      '"eyJhbGciOi.\\neyJzdWIi.sig"',
    ),
    secret('ledgerJwt', 'accented characters', 'jéton', ASCII_ONLY),
    secret('partnerToken', 'emoji', 'token-🐳', ASCII_ONLY),
    secret('partnerToken', 'empty', '', /^empty: use Clear/),
  ],
};

/** A party saved from the party picker, with its label. */
export interface SavedPartyFields {
  party: string;
  label: string;
}

export const savedParties: BadInputTable<SavedPartyFields> = {
  id: 'saved-parties',
  title: 'Transfers: saving a party (party id and label)',
  where: 'At the Label for saving field (or the party field); nothing is saved; the label stays typed.',
  rows: [
    refused('Party id', 'not a party id', { party: 'exchange-desk', label: 'desk' }, /"::" is missing/),
    refused(
      'Party id',
      'a space inside',
      { party: 'exchange desk', label: 'desk' },
      /^a party id has no spaces or line breaks: a space at character 9, "exchange␣desk"; remove it$/,
    ),
    refused('Party id', 'a bad fingerprint', { party: 'alice::1220zz', label: 'desk' }, /^not a Canton party id/),
    refused('Party id', 'empty', { party: '   ', label: 'desk' }, /^enter a party id$/),
    refused(
      'Party id',
      '10 KB',
      { party: `${'a'.repeat(10_000)}::${FINGERPRINT}`, label: 'desk' },
      /^a party id is at most 260 characters$/,
      '"aaa…::1220…" (10,070 characters)',
    ),
    refused(
      'Label for saving',
      '81 characters',
      { party: GOOD_PARTY, label: 'l'.repeat(81) },
      /^a label is at most 80 characters$/,
      '"lll…" (81 characters)',
    ),
    refused(
      'Label for saving',
      'a line break inside',
      { party: GOOD_PARTY, label: 'desk\nroom' },
      /^a label cannot contain control characters/,
      '"desk\\nroom"',
    ),
    refused(
      'Label for saving',
      'a tab inside',
      { party: GOOD_PARTY, label: 'desk\t2' },
      /control characters/,
      '"desk\\t2"',
    ),
    refused(
      'Label for saving',
      'an escape sequence',
      { party: GOOD_PARTY, label: '\u001b[31mred' },
      /control characters/,
      '"\\u001b[31mred"',
    ),
    accepted('Label for saving', 'spaces around it', { party: GOOD_PARTY, label: '  desk  ' }, /saved trimmed/, {
      label: 'desk',
    }),
    accepted(
      'Label for saving',
      'empty (the label is optional)',
      { party: GOOD_PARTY, label: '' },
      /saved without a label/,
      { label: '' },
    ),
  ],
};
