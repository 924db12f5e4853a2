// The variations by name, each with what it does to an answer or asks of a request. The header,
// the control endpoint (its 400s and its GET) and the tests all read this one list; how a variation
// is asked for is said in variations.ts.

export const VARIATIONS = {
  'omit-next-page-url': 'the transfer list leaves out nextPageUrl when it is null (the last page)',
  'omit-nullable': 'every nullable key whose value is null is left out, outside the legs (2.1 keeps all its keys)',
  'null-optional':
    'every nullable field is null, outside the legs and except the list’s transfers and nextPageUrl (they carry the data)',
  'null-empty-transfers': 'a transfer list without legs says "transfers": null instead of []',
  'extra-fields': 'a field this version does not know in every object, nested ones included',
  'reorder-keys': 'the keys of every object in reverse order',
  'number-forms': 'every integer written with a fraction and an exponent (25 as 25.0E+0): the same JSON number',
  'int64-max': 'the start-up body’s int64 fields at 9223372036854775807, beyond what a double holds exactly',
  'content-type-params': 'JSON content types carry "; charset=utf-8"',
  bom: 'JSON bodies start with a UTF-8 byte order mark',
  'empty-error-body': 'error answers (status 400 and above) have no body and no content type',
  'text-error-body': 'error answers are text/plain: the error’s words, not JSON',
  'problem-without-trace': 'problem details (500) without the sandbox’s extra traceId',
  'error-500': 'a 500 carries the error response (2.3, application/json) instead of problem details',
  'wrapped-chain-list': 'the chain listing as {"chains": [...]} instead of a bare array',
  'verbatim-cursor':
    'nextPageUrl’s cursor ends in "~"; a cursor that comes back altered (e.g. "%7E") is a 400: it must be passed back byte for byte',
  'next-page-url-path-absolute':
    'nextPageUrl is a path-absolute reference ("/api/v2/parties/…?…", no scheme or host): resolved against the request (RFC 3986)',
  'next-page-url-relative-path':
    'nextPageUrl is a relative-path reference ("tokenTransfers?…"): resolved against the request (RFC 3986)',
  'next-page-url-query-only': 'nextPageUrl is a query-only reference ("?…"): resolved against the request (RFC 3986)',
  'next-page-url-other-origin':
    'nextPageUrl names the sandbox under another host ("localhost" for "127.0.0.1", and back): another origin, which must never be sent the JWT',
  'long-amounts':
    'every leg’s amount has 48 digits (sign, fraction and decimals kept): past a double and a 128-bit integer; every other leg 38, which a 128-bit integer holds, so sums of them pass 2^127',
  'effective-at-forms':
    'every leg’s effectiveAt spelled another legal RFC 3339 way: 12 fraction digits (its six, then 999999: less than a microsecond later, so it sorts and filters the same) and, leg by leg, the offsets +05:30, -04:00, +00:00 and Z',
  'strict-requests':
    'requests are checked against the spec beyond what the sandbox needs (parameter names, RFC 3339 times, RFC 3986 encoding, no "+" in a query): a 400 names the rule',
} as const;
export type Variation = keyof typeof VARIATIONS;

/** The variations a header or an armed entry names, or the first unknown name. */
export function parseVariations(value: string): Variation[] | { unknown: string } {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) if (!(name in VARIATIONS)) return { unknown: name };
  return names.length > 0 ? (names as Variation[]) : { unknown: value };
}
