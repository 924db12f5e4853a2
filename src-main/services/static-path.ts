import { join, normalize, sep } from 'node:path';

/**
 * The file under `root` that a URL path names, or null when it would leave `root` (`..`, encoded
 * or not, or a sibling folder whose name starts with root's) or is not valid percent-encoding.
 */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = normalize(decoded === '/' || decoded === '' ? '/index.html' : decoded).replace(/^([/\\])+/, '');
  const file = join(root, relative);
  const base = root.endsWith(sep) ? root : root + sep;
  return file.startsWith(base) ? file : null;
}
