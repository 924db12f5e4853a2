// The open text read as a query file (its `-- name:` header and its SQL), the parameter form's fields,
// the instruments an instrument field offers, and the header's chart: all of it follows the text.
import { useMemo } from 'react';
import type { SqlScope } from '../../../../src-shared/contract/party-scope.ts';
import { type ChartSpec, parseQueryFile } from '../../../../src-shared/notebook/query-file.ts';
import { instrumentsSeen, paramFields } from '../../../../src-shared/notebook/query-form.ts';
import { useFacets } from '../../../data/local-ledger.ts';

export function useParsedQuery(profileId: string, party: string, scope: SqlScope, text: string) {
  const parsed = useMemo(() => parseQueryFile(text), [text]);
  const fields = useMemo(() => paramFields(parsed), [parsed]);
  // The instruments of the legs a query reads here (the SQL tab's parties), for an instrument field.
  const facets = useFacets(profileId, fields.some((f) => f.type === 'instrument') ? party : null, scope);
  const instruments = useMemo(() => (facets.data ? instrumentsSeen(facets.data) : null), [facets.data]);
  // Every parse makes a new spec object: the chart gets the same one while the header's chart is the
  // same, or each keystroke would draw it again.
  const chartJson = JSON.stringify(parsed.header.chart ?? null);
  const chartSpec = useMemo(() => JSON.parse(chartJson) as ChartSpec | null, [chartJson]);
  return { parsed, fields, instruments, chartSpec };
}
