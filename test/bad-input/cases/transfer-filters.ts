// The Transfers filter form: every field a user types or picks in. Each value is typed into a
// draft that is otherwise good (a well-formed party, All assets, no time bounds); the form runs
// the contract's TransferFilters schema (the one main applies) and shows the message at the field.
import { accepted, type BadInput, type BadInputTable, FINGERPRINT, GOOD_PARTY, refused } from './bad-input-case.ts';

/** Part of the form's draft (src-renderer/features/transfers/filters/filter-draft.ts). */
export interface FilterInput {
  draft: Record<string, unknown>;
}

const party = (value: string, input: string, message: RegExp, shown?: string): BadInput<FilterInput> =>
  refused('Party id', input, { draft: { party: value } }, message, shown);
const NOT_CANTON = /^not a Canton party id: expected <name>::1220 followed by 64 hex digits$/;

const partyRows: BadInput<FilterInput>[] = [
  party('', 'empty', /^enter a party id$/),
  party('    ', 'spaces only', /^enter a party id$/),
  party('\t\n', 'a tab and a line break only', /^enter a party id$/, '"\\t\\n"'),
  party(`alice${FINGERPRINT}`, 'no "::"', /"::" is missing/),
  party('alice', 'a name alone', /"::" is missing/),
  party(
    `alice::1220${'ab'.repeat(16)} ${'ab'.repeat(16)}`,
    'a space inside a copy from a wrapped line',
    /^a party id has no spaces or line breaks: a space at character 44, "…abababababab␣abababab…"; remove it$/,
  ),
  party(`alice:${FINGERPRINT}`, 'one colon instead of two', /"::" is missing/),
  party('alice::1220abcd', 'short fingerprint', NOT_CANTON),
  party(`alice::1220${'ab'.repeat(33)}`, 'fingerprint 2 digits too long', NOT_CANTON),
  party(`alice::1221${'ab'.repeat(32)}`, 'fingerprint without the 1220 prefix', NOT_CANTON),
  party(`alice::1220${'AB'.repeat(32)}`, 'upper-case hex', NOT_CANTON),
  party(`alice::1220${'gg'.repeat(32)}`, 'not hex at all', NOT_CANTON),
  party(`::${FINGERPRINT}`, 'no name before "::"', NOT_CANTON),
  party(`alice::`, 'nothing after "::"', NOT_CANTON),
  party(
    `${'a'.repeat(10_000)}::${FINGERPRINT}`,
    '10 KB long',
    /^a party id is at most 260 characters$/,
    '"aaa…::1220…" (10,070 characters)',
  ),
  party(
    `${'a'.repeat(190)}::${FINGERPRINT}`,
    'name of 190 characters (the id is still under 260)',
    NOT_CANTON,
    '"aaa…::1220…" (260 characters)',
  ),
  party(`álîçé::${FINGERPRINT}`, 'accented name', NOT_CANTON),
  party(`🐳::${FINGERPRINT}`, 'emoji', NOT_CANTON),
  party(`ali\u200bce::${FINGERPRINT}`, 'zero-width space inside', NOT_CANTON, '"ali\\u200bce::1220…"'),
  party(`ali\u202ece::${FINGERPRINT}`, 'right-to-left override inside', NOT_CANTON, '"ali\\u202ece::1220…"'),
  party(
    `ali ce::${FINGERPRINT}`,
    'a space inside',
    /^a party id has no spaces or line breaks: a space at character 4, "ali␣ce::1220…"; remove it$/,
  ),
  party(
    `alice\n::${FINGERPRINT}`,
    'a line break inside',
    /^a party id has no spaces or line breaks: a line break at character 6, "alice↵::1220ab…"; remove it$/,
    '"alice\\n::1220…"',
  ),
  party(`alice\u0000::${FINGERPRINT}`, 'a NUL character inside', NOT_CANTON, '"alice\\u0000::1220…"'),
  party('<script>alert(1)</script>::1220', 'script tag', NOT_CANTON),
  party(`alice'--::${FINGERPRINT}`, 'SQL-ish quote', NOT_CANTON),
  party(`../../etc/passwd::${FINGERPRINT}`, 'path traversal', NOT_CANTON),
  party(
    `${GOOD_PARTY} ${GOOD_PARTY}`,
    'two parties pasted',
    /^a party id has no spaces or line breaks: a space at character /,
  ),
  party(`${GOOD_PARTY},bob::${FINGERPRINT}`, 'a comma-separated list', NOT_CANTON),
  party(`"${GOOD_PARTY}"`, 'pasted with its quotes', NOT_CANTON),
  party(`alice%3A%3A${FINGERPRINT}`, 'URL-encoded "::"', /"::" is missing/),
  accepted('Party id', 'spaces and a tab around it', { draft: { party: `  ${GOOD_PARTY}\t` } }, /sent trimmed/, {
    party: GOOD_PARTY,
  }),
];

// Times are typed text, read by the app's one time reader (docs/times.md) in the zone shown beside
// the fields; the test runs in New York (a negative offset and a daylight-saving gap).
const time = (field: 'From' | 'Before', input: string, draft: Record<string, unknown>, message: RegExp) =>
  refused<FilterInput>(field, input, { draft }, message);
const FORMS = '2026-10-30, 2026-10-30 14:30, or 2026-10-30T14:30:00Z';

const timeRows: BadInput<FilterInput>[] = [
  time(
    'Before',
    'before earlier than from',
    { after: '2026-05-02', before: '2026-05-01', zone: 'utc' },
    /^Before must be later than From$/,
  ),
  time(
    'Before',
    'before equal to from (an empty range)',
    { after: '2026-05-01 00:00', before: '2026-05-01', zone: 'utc' },
    /^Before must be later than From$/,
  ),
  time(
    'Before',
    'one second before from',
    { after: '2026-05-01 00:00:01', before: '2026-05-01 00:00', zone: 'utc' },
    /^Before must be later than From$/,
  ),
  time(
    'Before',
    'the same instant written two ways (local 02:00 in New York and 06:00Z)',
    { after: '2026-05-01 02:00', before: '2026-05-01T06:00:00Z', zone: 'local' },
    /^Before must be later than From$/,
  ),
  time('From', 'a word', { after: 'yesterday' }, new RegExp(`^From: not a date or time: use ${FORMS}$`)),
  time('From', 'a Unix timestamp', { after: '1767225600' }, /^From: not a date or time/),
  time('From', 'a time without its date', { after: '14:30' }, /^From: not a date or time/),
  time('From', 'a US-style date', { after: '05/01/2026 10:00' }, /^From: write the year first, as in 2026-10-30/),
  time('From', 'a two-digit year', { after: '26-05-01' }, /^From: write the year with four digits/),
  time('Before', 'month 13, hour 99', { before: '2026-13-45T99:99' }, /^Before: no such time of day/),
  time('From', '31 April', { after: '2026-04-31' }, /^From: no such date: 2026-04 has no day 31$/),
  time(
    'From',
    '29 February in a common year',
    { after: '2027-02-29 12:00' },
    /^From: no such date: 2027-02 has no day 29$/,
  ),
  time('From', 'hour 24', { after: '2026-05-01 24:00', zone: 'utc' }, /^From: no such time of day/),
  time('From', 'an offset of 25 hours', { after: '2026-05-01T10:00+25:00' }, /^From: not a date or time/),
  time(
    'From',
    'a local time the clocks skip (New York, 8 March 2026 02:30)',
    { after: '2026-03-08 02:30', zone: 'local' },
    /^From: this local time does not exist .*use UTC$/,
  ),
  time(
    'Before',
    'year 275760 (what a browser date field allows)',
    { before: '275760-09-13' },
    /^Before: year 275760 is too far ahead: the latest is 9999$/,
  ),
  time('From', 'year 10000', { after: '+010000-01-01' }, /^From: year 10000 is too far ahead/),
  time(
    'Before',
    '9999-12-31 23:59 local in New York: year 10000 in UTC',
    { before: '9999-12-31 23:59', zone: 'local' },
    /^Before: out of range: times from year 0001 to 9999 \(UTC\) only$/,
  ),
  time('From', 'year 0000', { after: '0000-01-01', zone: 'utc' }, /^From: out of range/),
  time(
    'From',
    'a fraction of 65 digits',
    { after: `2026-05-01 10:00:00.${'1'.repeat(65)}` },
    /^From: not a date or time/,
  ),
  accepted(
    'From',
    'a date alone: midnight in the zone beside the field',
    { draft: { after: '2026-05-01', zone: 'utc' } },
    /sent as canonical UTC text/,
    { effectiveAfter: '2026-05-01T00:00:00Z' },
  ),
  accepted(
    'From',
    'a date alone in local time (New York, summer)',
    { draft: { after: '2026-05-01', zone: 'local' } },
    /sent as canonical UTC text/,
    { effectiveAfter: '2026-05-01T04:00:00Z' },
  ),
  accepted(
    'From',
    'an RFC 3339 time with its own offset: that instant, whatever the zone',
    { draft: { after: '2026-05-01T10:00:00+05:30', zone: 'local' } },
    /sent as canonical UTC text/,
    { effectiveAfter: '2026-05-01T04:30:00Z' },
  ),
  accepted(
    'From',
    'a time with 12 fraction digits (RFC 3339 sets no limit)',
    { draft: { after: '2026-05-01 10:00:05.123456789012', zone: 'utc' } },
    /every fraction digit kept/,
    { effectiveAfter: '2026-05-01T10:00:05.123456789012Z' },
  ),
  accepted(
    'From',
    'lower-case t and z, spaces around it',
    { draft: { after: '  2026-05-01t10:00:00z ', zone: 'local' } },
    /sent as canonical UTC text/,
    { effectiveAfter: '2026-05-01T10:00:00Z' },
  ),
  accepted(
    'Before',
    'a far-future "before" in UTC: a legitimate open bound',
    { draft: { before: '9999-12-31 23:59', zone: 'utc' } },
    /sent as canonical UTC text/,
    { effectiveBefore: '9999-12-31T23:59:00Z' },
  ),
  accepted(
    'From',
    'a far-future "from" (finds nothing, and says so)',
    { draft: { after: '2999-01-01', zone: 'utc' } },
    /sent as canonical UTC text/,
    { effectiveAfter: '2999-01-01T00:00:00Z' },
  ),
  accepted(
    'From',
    'a time before the chain existed (year 0001)',
    { draft: { after: '0001-01-01', zone: 'utc' } },
    /sent as canonical UTC text/,
    { effectiveAfter: '0001-01-01T00:00:00Z' },
  ),
  accepted(
    'From',
    'seconds and milliseconds',
    { draft: { after: '2026-05-01 10:00:05.250', zone: 'utc' } },
    /every fraction digit kept, trailing zeros dropped/,
    { effectiveAfter: '2026-05-01T10:00:05.25Z' },
  ),
];

const asset = (field: string, input: string, draft: Record<string, unknown>, message: RegExp, shown?: string) =>
  refused<FilterInput>(field, input, { draft }, message, shown);

const assetRows: BadInput<FilterInput>[] = [
  asset(
    'Instrument administrator',
    'half a pair: the id only',
    { asset: 'instrument', instrumentId: 'USDX' },
    /enter the administrator too$/,
  ),
  asset(
    'Instrument id',
    'half a pair: the administrator only',
    { asset: 'instrument', instrumentAdmin: GOOD_PARTY },
    /enter the id too$/,
  ),
  asset(
    'Instrument administrator',
    'instrument chosen, both halves empty',
    { asset: 'instrument' },
    /enter both, pick one seen, or choose All assets$/,
  ),
  asset(
    'Instrument administrator',
    'both halves spaces only',
    { asset: 'instrument', instrumentAdmin: '  ', instrumentId: '  ' },
    /enter both/,
  ),
  asset(
    'Instrument administrator',
    'an administrator that is not a party id',
    { asset: 'instrument', instrumentAdmin: 'registrar', instrumentId: 'USDX' },
    /"::" is missing/,
  ),
  asset(
    'Instrument administrator',
    'an administrator with a bad fingerprint',
    { asset: 'instrument', instrumentAdmin: 'registrar::1220zz', instrumentId: 'USDX' },
    NOT_CANTON,
  ),
  asset(
    'Instrument administrator',
    'an administrator 1 KB long',
    { asset: 'instrument', instrumentAdmin: `${'r'.repeat(1000)}::${FINGERPRINT}`, instrumentId: 'USDX' },
    /at most 260 characters/,
    '"rrr…::1220…" (1,070 characters)',
  ),
  asset(
    'Instrument id',
    'an id 10 KB long',
    { asset: 'instrument', instrumentAdmin: GOOD_PARTY, instrumentId: 'X'.repeat(10_000) },
    /^an instrument id is at most 256 characters$/,
    '"XXX…" (10,000 characters)',
  ),
  asset(
    'Instrument id',
    'an id with a tab',
    { asset: 'instrument', instrumentAdmin: GOOD_PARTY, instrumentId: 'US\tDX' },
    /control characters/,
    '"US\\tDX"',
  ),
  asset(
    'Instrument id',
    'an id with a line break',
    { asset: 'instrument', instrumentAdmin: GOOD_PARTY, instrumentId: 'USDX\nAmount: 1' },
    /control characters/,
    '"USDX\\nAmount: 1"',
  ),
  asset(
    'Instrument id',
    'an id with a NUL',
    { asset: 'instrument', instrumentAdmin: GOOD_PARTY, instrumentId: 'USDX\u0000' },
    /control characters/,
    '"USDX\\u0000"',
  ),
  accepted(
    'Instrument id',
    'an id with spaces around it',
    { draft: { asset: 'instrument', instrumentAdmin: GOOD_PARTY, instrumentId: ' USDX ' } },
    /sent trimmed/,
    { asset: { kind: 'instrument', admin: GOOD_PARTY, id: 'USDX' } },
  ),
  accepted(
    'Asset',
    'a pair left behind when the coin is chosen (spec rule 4: never both)',
    { draft: { asset: 'ledgerCoin', instrumentAdmin: GOOD_PARTY, instrumentId: 'USDX' } },
    /the pair is dropped/,
    { asset: { kind: 'ledgerCoin' } },
  ),
  accepted(
    'Asset',
    'a pair left behind under All assets',
    { draft: { asset: 'all', instrumentAdmin: GOOD_PARTY, instrumentId: 'USDX' } },
    /the pair is dropped/,
    { asset: { kind: 'all' } },
  ),
];

const choiceRows: BadInput<FilterInput>[] = [
  refused('Page size', 'a size the list does not offer (0)', { draft: { pageSize: 0 } }, /^at least 1$/),
  refused('Page size', '1001', { draft: { pageSize: 1001 } }, /^at most 1000$/),
  refused('Page size', '2.5', { draft: { pageSize: 2.5 } }, /expected int/),
  refused(
    'Page size',
    'NaN (an unreadable select value)',
    { draft: { pageSize: Number.NaN } },
    /expected number/,
    'NaN',
  ),
  refused(
    'Validator node',
    'a node id with an emoji',
    { draft: { nodeId: 'node-🐳' } },
    /^a node id is printable ASCII: no accents, emoji, tabs or line breaks$/,
  ),
  refused(
    'Validator node',
    'a node id with a header injection',
    { draft: { nodeId: 'node\r\nx-evil: 1' } },
    /printable ASCII/,
    '"node\\r\\nx-evil: 1"',
  ),
  refused(
    'Validator node',
    'a node id 300 characters long',
    { draft: { nodeId: 'v'.repeat(300) } },
    /^a node id is at most 200 characters$/,
    '"vvv…" (300 characters)',
  ),
  accepted('Validator node', 'spaces only: the default node', { draft: { nodeId: '   ' } }, /the default node/, {
    nodeId: null,
  }),
];

export const transferFilters: BadInputTable<FilterInput> = {
  id: 'transfer-filters',
  title: 'Transfers: the filter form',
  where:
    'At the field, under it (role="alert", linked by aria-describedby); Show transfers sends nothing; the typed text stays.',
  rows: [...partyRows, ...timeRows, ...assetRows, ...choiceRows],
};
