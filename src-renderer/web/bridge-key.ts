// Where this tab keeps the bridge key (docs/security.md, "The browser version's key"):
// - it arrives in the address's fragment (`#bridge=…`: a fragment is never sent to a server, never
//   in a Referer), which is taken out of the address bar at once;
// - it is kept in this tab's sessionStorage: per tab and per origin (scheme, host AND port, unlike
//   a cookie), so it survives a reload and back/forward and no other origin can read it; it goes
//   when the tab closes.

const STORAGE_KEY = 'ledger-explorer.bridge-key';
const KEY_PATTERN = /^[0-9a-f]{32,128}$/;

export interface AddressParts {
  /** A bridge key given in the fragment. */
  key: string | null;
  /** A view to open (docs/links.md), given in the fragment as `open=`. */
  link: string | null;
}

/**
 * Reads `#bridge=…&open=…` from the address and takes the fragment out of the address bar (and out
 * of the history entry, so back/forward never brings it back). An address without those keeps its
 * fragment.
 */
export function takeAddressParts(): AddressParts {
  const hash = window.location.hash.slice(1);
  const given = new URLSearchParams(hash).get('bridge');
  const link = openedLink(hash);
  if (given === null && link === null) return { key: null, link: null };
  history.replaceState(history.state, '', window.location.pathname + window.location.search);
  return { key: given !== null && KEY_PATTERN.test(given) ? given : null, link };
}

/**
 * The link given as `open=`: percent-encoded, as the app writes it, or pasted raw by a person
 * (`open=ledger-explorer://transfers?profile=…&party=…`): then every "&" after it belongs to the
 * link, not to the address, except a bridge key the address carries there too.
 */
export function openedLink(hash: string): string | null {
  const at = /(?:^|&)open=/.exec(hash);
  if (!at) return null;
  let rest = hash.slice(at.index + at[0].length);
  if (/^ledger-explorer:\/\//i.test(rest)) {
    return rest.replace(/&bridge=[0-9a-f]{32,128}(?=&|$)/, '');
  }
  const end = rest.indexOf('&');
  if (end >= 0) rest = rest.slice(0, end);
  return new URLSearchParams(`open=${rest}`).get('open');
}

export function storedKey(): string | null {
  try {
    const key = sessionStorage.getItem(STORAGE_KEY);
    return key !== null && KEY_PATTERN.test(key) ? key : null;
  } catch {
    // Storage switched off: the key lives in memory only (a reload needs the address again).
    return null;
  }
}

export function storeKey(key: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, key);
  } catch {
    // as above
  }
}

export function isBridgeKey(value: unknown): value is string {
  return typeof value === 'string' && KEY_PATTERN.test(value);
}
