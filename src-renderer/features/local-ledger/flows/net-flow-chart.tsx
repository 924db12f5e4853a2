// One instrument's net flow per day/week/month from the local store, as the app's one flow chart
// (ui/flow-chart). The store's buckets are UTC (date_trunc on UTC times), so the chart is in UTC
// whatever the display preference: a bar is the bucket the table beside it lists.
import { useMemo } from 'react';
import type { FlowBucket } from '../../../../src-shared/contract/local-ledger.ts';
import { readRfc3339 } from '../../../../src-shared/time/time-text.ts';
import { FlowChart } from '../../../ui/flow-chart/flow-chart.tsx';
import { adminDetail, instrumentUnit, netFlowTitle } from '../../../ui/flow-chart/instrument-title.tsx';
import type { Bucket } from './bucket-switch.tsx';

/** `rows`: the buckets of one instrument, as main answered them. */
export function NetFlowChart({ rows, bucket }: { rows: readonly FlowBucket[]; bucket: Bucket }) {
  const points = useMemo(
    () => rows.map((r) => ({ start: readRfc3339(r.start)?.ms ?? Number.NaN, value: r.net })),
    [rows],
  );
  const first = rows[0];
  const instrument = { symbol: first?.symbol ?? null, id: first?.instrumentId ?? null };
  return (
    <FlowChart
      points={points}
      grain={bucket}
      zone="utc"
      title={netFlowTitle(instrument, bucket, 'utc')}
      detail={adminDetail(first?.instrumentAdmin ?? null)}
      decimals={first?.decimals ?? null}
      unit={instrumentUnit(instrument)}
      gapText="no legs"
      emptyText="No legs in this range."
    />
  );
}
