// The bodies the hostile faults send: a small valid answer of each interface (for drip, liar and
// the redirect catcher), the pieces of a 200 MB one (huge), a deeply nested one (deep), one with
// invalid UTF-8 (badutf8) and a proxy's sign-in page (html200). See docs/faults.md.
import { SANDBOX_CHAINS } from '../sandbox-chains.ts';

export type Interface = 'ledger' | 'chains' | 'rpc';

/** Which interface a path belongs to, by its prefix (the sandbox's four addresses), or null. */
export function interfaceOf(path: string): Interface | null {
  if (path.startsWith('/ledger/')) return 'ledger';
  if (path.startsWith('/translate/') || path.startsWith('/partner/')) return 'chains';
  if (path.startsWith('/rpc/')) return 'rpc';
  return null;
}

/** A small answer each interface's client accepts: an empty page, the chain list, eth_chainId's result. */
export const VALID: Record<Interface, Buffer> = {
  ledger: Buffer.from('{"party":"sandbox-fault","transfers":[],"count":0,"hasNextPage":false,"nextPageUrl":null}'),
  chains: Buffer.from(JSON.stringify(SANDBOX_CHAINS)),
  rpc: Buffer.from('{"jsonrpc":"2.0","id":1,"result":"0x7a69"}'),
};

/** huge: 200 MB (209,715,200 bytes), the size of a runaway export or a log dumped by mistake. */
export const HUGE_BYTES = 200 * 1024 * 1024;

/** The start and end of a huge answer, and the character of the long string between them: valid JSON in total. */
export const HUGE_PARTS: Record<Interface, { head: string; pad: string; tail: string }> = {
  ledger: {
    head: '{"party":"sandbox-huge","transfers":[],"count":0,"hasNextPage":false,"nextPageUrl":null,"padding":"',
    pad: 'x',
    tail: '"}',
  },
  chains: { head: '[{"name":"huge","displayName":"', pad: 'x', tail: '"}]' },
  rpc: { head: '{"jsonrpc":"2.0","id":1,"result":"0x', pad: '0', tail: '"}' },
};

/** deep: 100,000 arrays, each in the next; built once (200,000 bytes), on first use. */
export const DEEP_LEVELS = 100_000;
let deep: Buffer | null = null;
export function deepBody(): Buffer {
  deep ??= Buffer.concat([Buffer.alloc(DEEP_LEVELS, '['), Buffer.alloc(DEEP_LEVELS, ']')]);
  return deep;
}

/** Bytes that are not UTF-8: C3 starts a two-byte sequence that 28 ('(') does not continue; FF never occurs. */
const BAD = Buffer.from([0xc3, 0x28, 0xff]);
const withBad = (before: string, after: string) => Buffer.concat([Buffer.from(before), BAD, Buffer.from(after)]);
/** badutf8: a valid-looking answer whose string holds invalid UTF-8. */
export const BAD_UTF8: Record<Interface, Buffer> = {
  ledger: withBad('{"party":"bad', 'utf8","transfers":[],"count":0,"hasNextPage":false,"nextPageUrl":null}'),
  chains: withBad(
    '[{"name":"bad',
    'utf8","chainId":31337,"displayName":"Bad","ecosystem":"evm","nativeCurrency":{"symbol":"ETH","decimals":18},"nodeTypes":["full"]}]',
  ),
  rpc: withBad('{"jsonrpc":"2.0","id":1,"result":"0x7a69', '"}'),
};

/** html200: what a corporate proxy answers, with status 200, instead of letting the request through. */
export const SIGN_IN_PAGE = Buffer.from(
  [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Sign in to continue — Corporate Proxy</title></head>',
    '<body><h1>Sign in to continue</h1><p>Your organisation requires you to sign in before using the internet.</p>',
    '<form method="post" action="/__proxy/login"><label>User <input name="user"></label>',
    '<label>Password <input name="password" type="password"></label><button>Sign in</button></form></body></html>',
    '',
  ].join('\r\n'),
);
