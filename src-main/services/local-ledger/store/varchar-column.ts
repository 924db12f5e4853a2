// One VARCHAR column of a data chunk, written with as few calls into DuckDB as its distinct long
// strings. @duckdb/node-api writes a string column with one N-API call per value
// (`vector_assign_string_element`): 11 strings a leg were a third of the sync's append time
// (docs/performance.md, "The sync's commits"), yet most of a leg's strings repeat within a chunk
// (the party on every row, a few hundred counterparties, three or four instruments and statuses) or
// fit in 12 bytes.
//
// DuckDB keeps a string as a 16-byte `string_t`: its byte length (uint32, little-endian), then up
// to 12 bytes inline (zero-padded), or, when longer, a 4-byte prefix and a pointer into the vector's
// own string heap. So: each distinct long string is assigned once (DuckDB copies it into the heap),
// the column's string_t's are read back in one copy, every other row of the same string gets the
// same 16 bytes (the pointer stays valid while the chunk holds its heap, and the appender copies the
// strings out of it), short strings are written inline, and the column goes back in one copy.
import bindings, { type DataChunk } from '@duckdb/node-bindings';

/** A string_t holds up to this many bytes inline. */
const INLINE_BYTES = 12;
const SLOT = 16;

const encoder = new TextEncoder();

/** Rows of one write: -1 null, -2 inline, else the row whose string_t this row copies (itself for the first). */
let kinds = new Int32Array(0);

/**
 * Writes `values` (at most the chunk's row count, which the caller has set) into column `column`
 * of `chunk`. The chunk must have been reset since its last append: string_t pointers are into the
 * heap of this fill only.
 */
export function writeVarcharColumn(chunk: DataChunk, column: number, values: readonly (string | null)[]): void {
  const n = values.length;
  const vector = bindings.data_chunk_get_vector(chunk, column);
  if (kinds.length < n) kinds = new Int32Array(n);
  const firstRow = new Map<string, number>();
  let nulls = 0;
  // 1. Each distinct long string once, through DuckDB.
  for (let r = 0; r < n; r++) {
    const value = values[r];
    if (value === null || value === undefined) {
      kinds[r] = -1;
      nulls++;
    } else if (value.length <= INLINE_BYTES && utf8Length(value) <= INLINE_BYTES) {
      kinds[r] = -2;
    } else {
      const first = firstRow.get(value);
      if (first === undefined) {
        firstRow.set(value, r);
        bindings.vector_assign_string_element(vector, r, value);
        kinds[r] = r;
      } else kinds[r] = first;
    }
  }
  // 2. The string_t's as DuckDB wrote them (a copy), the rest filled in, and back in one copy.
  const data = bindings.vector_get_data(vector, n * SLOT);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let r = 0; r < n; r++) {
    const kind = kinds[r];
    const at = r * SLOT;
    if (kind === -2) {
      const value = values[r] as string;
      const { written } = encoder.encodeInto(value, data.subarray(at + 4, at + SLOT));
      view.setUint32(at, written, true);
      data.fill(0, at + 4 + written, at + SLOT);
    } else if (kind === -1) {
      data.fill(0, at, at + SLOT);
    } else if (kind !== r) {
      data.copyWithin(at, kind * SLOT, kind * SLOT + SLOT);
    }
  }
  bindings.copy_data_to_vector(vector, 0, data.buffer as ArrayBuffer, data.byteOffset, n * SLOT);
  // 3. Which rows are null (a reset chunk has none: the test fills a reused chunk without nulls after one with).
  if (nulls === 0) return;
  const validity = new Uint8Array(Math.ceil(n / 64) * 8).fill(0xff);
  for (let r = 0; r < n; r++) if (kinds[r] === -1) validity[r >> 3] &= ~(1 << (r & 7));
  bindings.vector_ensure_validity_writable(vector);
  bindings.copy_data_to_vector_validity(vector, 0, validity.buffer, 0, validity.byteLength);
}

/** The UTF-8 length of a short string (ASCII: its length; else counted). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
