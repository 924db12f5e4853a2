// Writing text into the report's HTML: every value from the service, the user or the renderer goes
// through esc(), so a party or instrument named `<script>` is shown as text and never parsed.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an element's content or a quoted attribute value. */
export function esc(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** A cell's text, or a muted dash when the service sent null. */
export function cell(value: string | number | boolean | null | undefined): string {
  return value === null || value === undefined || value === '' ? '<span class="muted">—</span>' : esc(value);
}

/** `1,234` with a thin grouping, for counts (never amounts: those stay exactly as written). */
export const count = (n: number): string => n.toLocaleString('en');

/** "1 leg" / "2 legs". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${count(n)} ${n === 1 ? one : many}`;
