/**
 * scheme://host of a URL, or null. Not `URL.origin`: for a custom scheme such as app:// that is
 * the string "null" outside Chromium, which would make every app:// frame look alike.
 */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : null;
  } catch {
    return null;
  }
}
