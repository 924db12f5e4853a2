// What the browser version's page and its loopback server (`npm run dev:web`) agree on: the two
// paths, and the text the server signs to prove it holds the page's bridge key (docs/security.md,
// "The browser version's key"). Written once here so the two sides cannot drift.

/** POST `<path><channel>` with `Authorization: Bearer <key>`: one channel call, answered with an envelope. */
export const WEB_BRIDGE_PATH = '/__bridge/';

/**
 * GET `<path><token>`, no key (a download is a navigation: it cannot carry one): the file behind a
 * one-time token main issued over the bridge (app:download). docs/security.md, "Downloads".
 */
export const WEB_DOWNLOAD_PATH = '/__download/';

/**
 * GET, no key: `{"app":"ledger-explorer","instance":…}`, plus `"proof"` when asked with
 * `?challenge=<hex>`. The page polls it while the server is away, and never sends its key to a
 * server that has not proved it holds the same key for the page's own origin.
 */
export const WEB_HEALTH_PATH = '/__health';

/** What the health endpoint says it is: anything else at the address is another program. */
export const WEB_APP_NAME = 'ledger-explorer';

/** A challenge is 32 to 128 hex digits (the page sends 32: 128 random bits). */
export const CHALLENGE_PATTERN = /^[0-9a-f]{32,128}$/;

/**
 * The text whose HMAC-SHA256 (keyed with the bridge key's UTF-8 bytes, hex) proves the server holds
 * the key. It names the origin the page sees, so a program on another port cannot relay a proof
 * it obtained from the real server (that server signs only its own origin).
 */
export function serverProofText(origin: string, challenge: string): string {
  return `ledger-explorer web bridge proof v1\n${origin}\n${challenge}`;
}
