// The reconciliation as the form stands: the time tolerance, whether only the statement's
// counterparties count, and the statuses the statement holds; the request they make once every
// one of them (and the statement) is right, else none (Reconcile waits).
import { useState } from 'react';
import { useFacets } from '../../../data/local-ledger.ts';
import type { ReconcileRun } from '../../../data/reconcile.ts';
import { defaultLeftOut, leftOutProblem } from './status-choice.tsx';
import type { Statement } from './use-statement.ts';

const DEFAULT_TOLERANCE_SECONDS = 300;

export function useReconcileRequest(profileId: string, party: string, statement: Statement) {
  const [tolerance, setTolerance] = useState(String(DEFAULT_TOLERANCE_SECONDS));
  const [onlyTheirs, setOnlyTheirs] = useState(false);
  // The statuses unticked: the user's choice, else the stored ones that moved nothing. A status
  // stored later (a sync meanwhile) is ticked: held until the user says otherwise.
  const facets = useFacets(profileId, party);
  const [unticked, setUnticked] = useState<Array<string | null> | null>(null);
  const stored = facets.data?.statuses ?? null;
  const leftOut = stored
    ? (unticked ?? defaultLeftOut(stored)).filter((s) => stored.some((x) => x.status === s))
    : null;
  const statusError = stored && leftOut ? leftOutProblem(stored, leftOut) : null;

  const toleranceSeconds = /^\d{1,7}$/.test(tolerance.trim()) ? Number(tolerance.trim()) : null;
  const toleranceError =
    toleranceSeconds === null || toleranceSeconds > 31 * 86_400
      ? 'Whole seconds from 0 to 2678400 (31 days), e.g. 300 for 5 minutes.'
      : null;
  const { file, mapping, header, answer } = statement;
  const request = (): ReconcileRun | null =>
    file && mapping && !header.isPending && toleranceSeconds !== null && !toleranceError && leftOut && !statusError
      ? {
          profileId,
          party,
          csv: file.text,
          delimiter: answer?.delimiter ?? 'auto',
          mapping,
          toleranceSeconds,
          onlyStatementCounterparties: onlyTheirs,
          leftOutStatuses: leftOut,
          remember: true,
        }
      : null;
  return {
    tolerance,
    setTolerance,
    toleranceError,
    onlyTheirs,
    setOnlyTheirs,
    facets,
    stored,
    leftOut,
    setUnticked,
    statusError,
    request,
  };
}

export type ReconcileRequest = ReturnType<typeof useReconcileRequest>;
