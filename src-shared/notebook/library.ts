// The notebook's built-in library: query files (docs/notebook.md's format) the app ships. The
// notebook lists them beside the user's folder, read-only ("Duplicate" copies one into the folder).
// Each is tested against the sandbox with its answer computed independently from the service's legs.
// Pure: no Node, no DOM (the renderer bundles it, main and the tests read it).

export interface BuiltInQuery {
  /** Stable, file-name-like (`top-counterparties`): the name its duplicate gets (`<id>.sql`). */
  id: string;
  /** The whole file: header and SQL, as parseQueryFile reads it. */
  text: string;
}

export const BUILT_IN_QUERIES: readonly BuiltInQuery[] = [
  {
    id: 'totals-per-instrument',
    text: `-- name: Totals per instrument (exact)
-- description: Exact totals per party, instrument and scale (the instrument_totals view).

SELECT party, symbol, instrument_id, amount_scale, legs, volume_in, volume_out, net
FROM instrument_totals
ORDER BY party, symbol, instrument_id, amount_scale
`,
  },
];
