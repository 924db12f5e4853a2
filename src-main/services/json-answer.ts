// A service's answer as JSON main or the ledger engine can safely read, from its bytes: strict UTF-8,
// not an HTML page, parsed once, at most MAX_ANSWER_DEPTH deep. Pure (no network, no secrets): the
// HTTP client (http/http-client.ts) reads answers with it, and the ledger engine checks the transfer
// pages main fetched for it with the same rules (ledger/transfer-page.ts, docs/architecture.md).
import { ServiceError } from './errors.ts';

/** Arrays and objects inside each other in an answer: no interface's answer comes near; the stack never does. */
export const MAX_ANSWER_DEPTH = 512;

const strict = new TextDecoder('utf-8', { fatal: true });

export function strictText(bytes: Uint8Array, what: string, target: string, status: number): string {
  try {
    return strict.decode(bytes);
  } catch {
    const at = invalidUtf8Offset(bytes);
    return fail('bad_response', `${what}: the answer from ${target} is not valid UTF-8 (at byte ${at})`, {
      status,
      invalidUtf8At: at,
    });
  }
}

function fail(code: ServiceError['code'], message: string, details: Record<string, unknown>): never {
  throw new ServiceError(code, message, details);
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629). */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    const [length, low, high] =
      b >= 0xc2 && b <= 0xdf
        ? [2, 0x80, 0xbf]
        : b === 0xe0
          ? [3, 0xa0, 0xbf]
          : b === 0xed
            ? [3, 0x80, 0x9f]
            : b >= 0xe1 && b <= 0xef
              ? [3, 0x80, 0xbf]
              : b === 0xf0
                ? [4, 0x90, 0xbf]
                : b >= 0xf1 && b <= 0xf3
                  ? [4, 0x80, 0xbf]
                  : b === 0xf4
                    ? [4, 0x80, 0x8f]
                    : [0, 0, 0];
    if (length === 0 || i + length > bytes.length) return i;
    if (bytes[i + 1] < low || bytes[i + 1] > high) return i;
    for (let k = 2; k < length; k++) if (bytes[i + k] < 0x80 || bytes[i + k] > 0xbf) return i;
    i += length;
  }
  return bytes.length;
}

/** What checkAnswer returns for a 2xx answer that is not JSON (its caller says so in its own words). */
export const NOT_JSON: unique symbol = Symbol('not JSON');

/**
 * A 2xx answer as JSON main can safely read, parsed once: an HTML page, too deep, or ended early are
 * refused with their reason. V8's JSON.parse is not recursive, so a deep text parses (the size cap
 * bounds its memory, as it bounds a wide one's); the depth is then checked on the value, before
 * anything recursive (zod, IPC's structured clone, the renderer's tree) can meet it. The text scan
 * (jsonShape) runs only when the text does not parse, to say why: it cost an export more than
 * JSON.parse itself when it ran on every answer.
 */
export function checkAnswer(
  text: string,
  contentType: string | null,
  what: string,
  target: string,
  read: { status: number; received: number; declared: number | null },
): unknown {
  const { status, received, declared } = read;
  if (looksLikeHtml(text, contentType)) {
    fail('bad_response', `${what}: HTTP ${status} — ${htmlPageSummary(text)}`, { status, contentType });
  }
  const tooDeep = () =>
    fail(
      'bad_response',
      `${what}: the answer from ${target} is nested more than ${MAX_ANSWER_DEPTH} levels deep; Ledger Explorer does not read JSON that deep`,
      { status, maxDepth: MAX_ANSWER_DEPTH },
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const shape = jsonShape(text);
    if (shape === 'too_deep') tooDeep();
    if (shape === 'unfinished') {
      // Every byte the headers promised arrived, yet the JSON is open: the declared length was wrong.
      const why =
        declared === received
          ? `: the length the server declared (Content-Length ${declared}) does not match what it sent`
          : '';
      fail(
        'bad_response',
        `${what}: the answer from ${target} ended before its JSON did, after ${received} bytes${why}`,
        {
          status,
          receivedBytes: received,
          ...(declared ? { declaredBytes: declared } : {}),
        },
      );
    }
    return NOT_JSON;
  }
  if (nestedDeeperThan(json, MAX_ANSWER_DEPTH)) tooDeep();
  return json;
}

/** Whether a parsed JSON value nests containers deeper than `maxDepth` (the outermost counts 1); iterative. */
export function nestedDeeperThan(value: unknown, maxDepth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  const stack: object[] = [value];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown>;
    const depth = depths.pop() as number;
    if (depth > maxDepth) return true;
    for (const key in node) {
      const child = node[key];
      if (child !== null && typeof child === 'object') {
        stack.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/**
 * One pass over a JSON text, strings skipped: deeper than MAX_ANSWER_DEPTH, ended with a string or
 * container still open, or fine as far as nesting goes (JSON.parse judges the rest). A text that does
 * not start with `{` or `[` is not judged here.
 */
export function jsonShape(text: string, maxDepth = MAX_ANSWER_DEPTH): 'ok' | 'too_deep' | 'unfinished' {
  const start = text.search(/\S/);
  if (start < 0 || (text[start] !== '{' && text[start] !== '[')) return 'ok';
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Jump to the closing quote with the native search (most of an answer is strings; a per-character
      // loop over them cost an export more than JSON.parse itself), past escaped quotes.
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return 'unfinished';
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return 'too_deep';
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return depth > 0 ? 'unfinished' : 'ok';
}

/** A quote preceded by an odd number of backslashes is part of the string. */
function isEscaped(text: string, quote: number): boolean {
  let k = quote - 1;
  while (text.charCodeAt(k) === 0x5c) k--;
  return (quote - 1 - k) % 2 === 1;
}

/** "the server answered an HTML page, not JSON: 502 Bad Gateway", from the page's title (or its first words). */
export function htmlPageSummary(text: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1]?.replace(/\s+/g, ' ').trim();
  return `the server answered an HTML page, not JSON: ${title || preview(text)}`;
}

/** A proxy's or gateway's error page, by its content type or its first tag. */
export function looksLikeHtml(text: string, contentType: string | null): boolean {
  return /text\/html/i.test(contentType ?? '') || /^\s*<(!doctype|html|head|body)\b/i.test(text);
}

/** The first 200 characters of a body for a message, tags and runs of white space folded. */
export function preview(text: string): string {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat || '(empty body)';
}

/** The address for messages: origin and path, never the query (it may carry a key). */
export function safeTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return 'the service';
  }
}
