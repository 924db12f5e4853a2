// Which web permissions the renderer gets: the decision, kept free of `electron` so the Node tier
// can test it; main.ts wires it to the session's permission handlers.
import { originOf } from './origin.ts';

/**
 * Only the clipboard, and only for the app's own page: copy buttons write it, and "Copy with key"
 * reads it back once, 60 s later, to clear it only if it still holds the key (issue 16). Camera,
 * notifications, geolocation... and everything asked by any other origin are refused.
 */
const ALLOWED = new Set(['clipboard-read', 'clipboard-sanitized-write']);

export function allowPermission(permission: string, requestingUrl: string | undefined, appOrigin: string): boolean {
  return ALLOWED.has(permission) && requestingUrl !== undefined && originOf(requestingUrl) === appOrigin;
}
