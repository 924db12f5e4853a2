// The SQL editor and the store export. A query runs as a mutation (it runs when the user says Run,
// not when a key changes) with a request id, so Cancel tells main to interrupt DuckDB (app.cancel).
// An export asks main to choose the file and write it; null means the save dialog was cancelled.
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import type {
  LocalExportFormat,
  LocalExportResult,
  LocalExportSource,
  SqlParam,
  SqlResult,
} from '../../src-shared/contract/local-ledger.ts';
import { SQL_ROW_CAP } from '../../src-shared/contract/local-ledger.ts';
import type { SqlScope } from '../../src-shared/contract/party-scope.ts';
import { bridge } from './bridge.ts';
import { runningRequest } from './request.ts';

/** Runs a read-only query over the profile's store (`scope`: whose legs; none, every synced party); `cancel()` interrupts the running one. */
export function useSqlQuery(profileId: string, scope?: SqlScope) {
  const running = useRef(runningRequest()).current;
  // A string: SQL as typed; an object: a notebook query's text with $n markers and its values.
  const mutation = useMutation<SqlResult, unknown, string | { sql: string; params: SqlParam[] }>({
    mutationFn: (query) => {
      const { sql, params } = typeof query === 'string' ? { sql: query, params: [] } : query;
      return running.run('sq', (requestId) =>
        bridge().local.sql({
          requestId,
          profileId,
          sql,
          rowCap: SQL_ROW_CAP,
          ...(params.length > 0 ? { params } : {}),
          ...(scope ? { scope } : {}),
        }),
      );
    },
  });
  return { ...mutation, cancel: running.cancel };
}

export function useLocalExport(profileId: string) {
  return useMutation<LocalExportResult | null, unknown, { source: LocalExportSource; format: LocalExportFormat }>({
    mutationFn: ({ source, format }) => bridge().local.export({ profileId, source, format }),
  });
}
