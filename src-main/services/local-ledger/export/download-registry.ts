// The browser version's downloads (docs/security.md, "Downloads in the browser version"). A browser
// on another machine cannot open a file main wrote on this one, so the page may download it, under
// three rules:
// - only a file main itself wrote in this server's session (the exports, the case report, the
//   address book) can be offered: services `add` a file once it is whole; a path the renderer names
//   is only a key into that list, never opened;
// - the page gets a token for it over the keyed bridge (app:download): 256 random bits, good for
//   one download within ten minutes, naming no path; the web shell serves `GET /__download/<token>`;
// - a file deleted, moved or changed since it was written is refused in words, not served.
// Plain Node, no electron: the web shell and the tests use it as is; the desktop app has none.
import { createHash, randomBytes } from 'node:crypto';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { WEB_DOWNLOAD_PATH } from '../../../../src-shared/bridge/web-bridge.ts';
import type { DownloadOffer } from '../../../../src-shared/contract/schemas.ts';
import { ServiceError } from '../../errors.ts';

/** How long a token may wait before its download starts. */
export const DOWNLOAD_TTL_MS = 10 * 60_000;
/** A token is 32 random bytes in base64url: 43 characters, nothing else. */
export const DOWNLOAD_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Files remembered (the oldest forgotten first) and tokens outstanding: a bound on memory, not a limit a user meets. */
const MAX_FILES = 500;
const MAX_TOKENS = 1_000;

/** What main wrote: the file as it was when whole, to tell a file changed or replaced since. */
interface Written {
  path: string;
  size: number;
  mtimeMs: number;
  ino: number;
  dev: number;
}

interface Token {
  path: string;
  expires: number;
}

/** What the web shell does with a token: stream the file, or answer 404 (no detail) or 410 (in words). */
export type DownloadOpened =
  | { kind: 'file'; handle: FileHandle; size: number; fileName: string; contentType: string }
  | { kind: 'unknown' }
  | { kind: 'gone'; message: string };

const CONTENT_TYPES: Record<string, string> = {
  '.csv': 'text/csv; charset=utf-8',
  '.jsonl': 'application/jsonl; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.parquet': 'application/vnd.apache.parquet',
  '.html': 'text/html; charset=utf-8',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

export class DownloadRegistry {
  private readonly files = new Map<string, Written>();
  /** By the SHA-256 of the token: a lookup neither keeps the token nor compares its text. */
  private readonly tokens = new Map<string, Token>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: { ttlMs?: number; now?: () => number } = {}) {
    this.ttlMs = options.ttlMs ?? DOWNLOAD_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** Main wrote `path` (whole, under its final name): it may be offered for download from now on. */
  async add(path: string): Promise<void> {
    const info = await stat(path);
    if (!info.isFile()) return;
    this.files.delete(path);
    this.files.set(path, { path, size: info.size, mtimeMs: info.mtimeMs, ino: info.ino, dev: info.dev });
    for (const old of this.files.keys()) {
      if (this.files.size <= MAX_FILES) break;
      this.files.delete(old);
    }
  }

  /** app:download: a one-time address for a file main wrote; refused in words for anything else. */
  async offer(path: string): Promise<DownloadOffer> {
    const written = this.files.get(path);
    if (!written) {
      throw new ServiceError(
        'not_found',
        'Only a file this server wrote since it started can be downloaded: export it again.',
      );
    }
    const problem = this.problem(written, await stat(written.path).catch(() => null));
    if (problem) throw new ServiceError('not_found', problem);
    this.forgetExpired();
    const token = randomBytes(32).toString('base64url');
    const expires = this.now() + this.ttlMs;
    this.tokens.set(digest(token), { path: written.path, expires });
    for (const old of this.tokens.keys()) {
      if (this.tokens.size <= MAX_TOKENS) break;
      this.tokens.delete(old);
    }
    return {
      url: `${WEB_DOWNLOAD_PATH}${token}`,
      fileName: basename(written.path),
      bytes: written.size,
      expiresAt: new Date(expires).toISOString(),
    };
  }

  /**
   * The file behind a token, opened, or why not. A token is used up here, whatever follows: a second
   * request with it (a retry, a copied address) is unknown. The file is checked on the open handle,
   * so what is streamed is the file that was checked even if the name is replaced meanwhile.
   */
  async open(token: string): Promise<DownloadOpened> {
    if (!DOWNLOAD_TOKEN_PATTERN.test(token)) return { kind: 'unknown' };
    const key = digest(token);
    const found = this.tokens.get(key);
    if (!found) return { kind: 'unknown' };
    this.tokens.delete(key);
    if (found.expires <= this.now()) return { kind: 'unknown' };
    const written = this.files.get(found.path);
    if (!written) return { kind: 'unknown' };
    let handle: FileHandle;
    try {
      handle = await open(written.path, 'r');
    } catch {
      return { kind: 'gone', message: this.problem(written, null) ?? '' };
    }
    const problem = this.problem(written, await handle.stat().catch(() => null));
    if (problem) {
      await handle.close().catch(() => {});
      return { kind: 'gone', message: problem };
    }
    const fileName = basename(written.path);
    return {
      kind: 'file',
      handle,
      size: written.size,
      fileName,
      contentType: CONTENT_TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream',
    };
  }

  /** Why the file on disk is no longer the one main wrote, in words; null when it is. */
  private problem(
    written: Written,
    now: { isFile(): boolean; size: number; mtimeMs: number; ino: number; dev: number } | null,
  ): string | null {
    const name = basename(written.path);
    if (!now?.isFile()) {
      return `${name} is no longer where it was written (${written.path}): it was deleted or moved. Export it again.`;
    }
    if (
      now.ino !== written.ino ||
      now.dev !== written.dev ||
      now.size !== written.size ||
      now.mtimeMs !== written.mtimeMs
    ) {
      return `${name} changed on disk after it was written (${written.path}): export it again to download it.`;
    }
    return null;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [key, token] of this.tokens) if (token.expires <= now) this.tokens.delete(key);
  }
}

function digest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * `Content-Disposition` for any file name (RFC 6266): `attachment`, an ASCII `filename` for old
 * clients (every character outside printable ASCII, and `"` `\` `%`, as `_`), and the exact name as
 * `filename*=UTF-8''…` (RFC 5987: every byte outside attr-char percent-encoded).
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = Array.from(Buffer.from(fileName, 'utf8'))
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9!#$&+\-.^_`|~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
