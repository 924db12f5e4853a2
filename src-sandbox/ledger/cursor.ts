// The page cursor: an opaque keyset position (effectiveAt, transfer number) in one order.
// Keyset, not offset: transfers that arrive while a client pages do not shift later pages.
export interface CursorPosition {
  time: number;
  index: number;
  desc: boolean;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(`v1|${position.time}|${position.index}|${position.desc ? 'd' : 'a'}`).toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (parts.length !== 4 || parts[0] !== 'v1' || (parts[3] !== 'd' && parts[3] !== 'a')) return null;
  const time = Number(parts[1]);
  const index = Number(parts[2]);
  if (!Number.isSafeInteger(time) || !Number.isSafeInteger(index) || index < 0) return null;
  return { time, index, desc: parts[3] === 'd' };
}
