// What the app window does when its page asks for a new window or tries to navigate: the decision,
// kept free of `electron` so the Node tier can test it. main-window.ts wires it to Electron's
// setWindowOpenHandler and will-navigate.
import { originOf } from './origin.ts';

/** Longest link handed to the OS browser: a longer "link" is not one a person meant to follow. */
export const MAX_EXTERNAL_URL_LENGTH = 2048;

export interface NavigationDecision {
  /** Whether the window itself may go there (only the app's own origin). */
  stayInApp: boolean;
  /** A link to open in the OS browser instead, or null. */
  openExternally: string | null;
}

/**
 * A URL the OS browser may open: https only (never file:, javascript:, custom schemes or plain
 * http), no user name or password in it, a real host, not absurdly long. The normalised form is
 * returned, so what is opened is exactly what was checked.
 */
export function externalLink(url: string): string | null {
  if (typeof url !== 'string' || url.length > MAX_EXTERNAL_URL_LENGTH) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || !parsed.hostname || parsed.username || parsed.password) return null;
  return parsed.href;
}

/** window.open, target=_blank links, middle clicks: never a new app window; https goes to the OS browser. */
export function decideWindowOpen(url: string): NavigationDecision {
  return { stayInApp: false, openExternally: externalLink(url) };
}

/** will-navigate: the window stays on the app's origin; anything else is refused (https to the OS browser). */
export function decideNavigation(url: string, appOrigin: string): NavigationDecision {
  if (originOf(url) === appOrigin) return { stayInApp: true, openExternally: null };
  return { stayInApp: false, openExternally: externalLink(url) };
}
