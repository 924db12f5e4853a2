// Reconciling a statement (docs/reconcile.md). The file the user chose is read here as text (it is on
// their machine, in the desktop app and the browser version alike, as the address book's import);
// main reads it, matches and remembers the mapping. Each step runs when the user asks (mutations):
// the header for the mapping, the run (with a request id, so Cancel interrupts DuckDB through
// app.cancel), and the export (main asks where to save; null: the dialog was cancelled).
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import type {
  ReconcileExported,
  ReconcileMappingAnswer,
  ReconcileMappingQuery,
  ReconcileRequest,
  ReconcileResult,
} from '../../src-shared/contract/reconcile.ts';
import { bridge } from './bridge.ts';
import { newRequestId, runningRequest } from './request.ts';

/** Rows shown per category; the counts and the export have all of them. */
export const RECONCILE_ROW_CAP = 500;
/** Characters of the file sent to find its header and offer a mapping. */
export const RECONCILE_HEAD_CHARS = 64_000;

export type ReconcileRun = Omit<ReconcileRequest, 'requestId' | 'rowCap'>;

export function useReconcileMapping() {
  return useMutation<ReconcileMappingAnswer, unknown, ReconcileMappingQuery>({
    mutationFn: (query) => bridge().local.reconcileMapping(query),
  });
}

/** Runs a reconciliation; `cancel()` interrupts the running one. */
export function useReconcile() {
  const running = useRef(runningRequest()).current;
  const mutation = useMutation<ReconcileResult, unknown, ReconcileRun>({
    mutationFn: (run) =>
      running.run('rc', (requestId) => bridge().local.reconcile({ ...run, requestId, rowCap: RECONCILE_ROW_CAP })),
  });
  return { ...mutation, cancel: running.cancel };
}

export function useReconcileExport() {
  return useMutation<ReconcileExported | null, unknown, ReconcileRun>({
    mutationFn: (run) =>
      bridge().local.reconcileExport({
        ...run,
        requestId: newRequestId('rc'),
        rowCap: RECONCILE_ROW_CAP,
        remember: false,
      }),
  });
}
