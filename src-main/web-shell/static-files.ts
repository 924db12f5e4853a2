import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { resolveInside } from '../services/static-path.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Reads a file of the built renderer; null for anything outside `root` or missing. */
export async function readStatic(root: string, urlPath: string): Promise<{ body: Buffer; type: string } | null> {
  const file = resolveInside(root, urlPath);
  if (!file) return null;
  try {
    return { body: await readFile(file), type: TYPES[extname(file)] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}
