// An update id (Canton: 1220 + 64 hex digits) is far too long for a table cell; its start and end
// tell two apart at a glance. Plain text, no component: the cell (update-id.tsx), the width it
// takes (cell-width.ts) and the browser tests that read a cell all shorten it here.

/** An update id's short form: the first 12 and last 8 characters of an id longer than 24. */
export const shortUpdateId = (id: string) => (id.length > 24 ? `${id.slice(0, 12)}…${id.slice(-8)}` : id);
