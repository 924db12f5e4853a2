// One party's sync on the Local ledger screen: starting it, following its job (one started before
// the screen opened too) and cancelling it, with the party's stored status read again while it runs.
import { useEffect, useState } from 'react';
import type { TimeRange } from '../../../src-shared/contract/local-ledger.ts';
import { useCancelSync, useLocalStatus, useStartSync, useSyncStatus } from '../../data/local-ledger.ts';

export function useSyncJob(
  profileId: string,
  party: string | null,
  nodeId: string | null,
  readRange: () => TimeRange | null,
) {
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useSyncStatus(jobId);
  const jobActive = job.data?.state === 'running' || job.data?.state === 'waiting';
  const status = useLocalStatus(profileId, party, jobActive);
  const start = useStartSync();
  const cancel = useCancelSync();

  // A sync already running for the party (started before this screen opened): follow it.
  const runningJob = status.data?.job?.jobId ?? null;
  useEffect(() => {
    if (runningJob) setJobId(runningJob);
  }, [runningJob]);

  /** Another party was chosen: the last one's job and errors are not its own. */
  const forget = () => {
    setJobId(null);
    start.reset();
    cancel.reset();
  };
  const sync = () => {
    if (!party) return;
    const checked = readRange();
    if (!checked) return;
    cancel.reset();
    start.mutate({ profileId, party, nodeId, range: checked }, { onSuccess: (s) => setJobId(s.jobId) });
  };
  const shown = job.data && job.data.party === party ? job.data : null;
  const syncing = start.isPending || shown?.state === 'running' || shown?.state === 'waiting';
  return { status, start, cancel, shown, syncing, sync, forget };
}
