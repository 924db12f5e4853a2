// Flows over time from the local store: per instrument, legs and exact volumes in and out and the
// net per day, week or month (UTC), as a chart and a table, for any time range.
import { useMemo, useState } from 'react';
import { useFlows } from '../../../data/local-analytics.ts';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { LocalExportMenu } from '../export/local-export-menu.tsx';
import type { ScopedViewProps } from '../scope/scope-state.ts';
import { ChoiceControls, InexactNote, useAnalyticsChoice } from './analytics-controls.tsx';
import { type Bucket, BucketSwitch } from './bucket-switch.tsx';
import { FlowTable } from './flow-table.tsx';
import { byInstrument, instrumentLabel, totalsOf } from './instrument-groups.ts';
import { NetFlowChart } from './net-flow-chart.tsx';
import './local-analytics.css';

/** Flows of the party, or summed over the views' scope (a portfolio: its dealings with the outside world). */
export function FlowsView({ profileId, party, scope }: ScopedViewProps) {
  const choice = useAnalyticsChoice(profileId, party);
  const [bucket, setBucket] = useState<Bucket>('day');
  const view = choice.current
    ? {
        party,
        ...(scope ? { scope } : {}),
        range: choice.current.range,
        instruments: choice.instrument ? [choice.instrument] : null,
        bucket,
      }
    : null;
  const flows = useFlows(profileId, view);
  const groups = useMemo(() => byInstrument(flows.data?.buckets ?? []), [flows.data]);
  return (
    <section className="local-analytics" aria-label="Flows">
      <div className="local-analytics-toolbar">
        <ChoiceControls profileId={profileId} party={party} scope={scope} choice={choice} />
        <BucketSwitch value={bucket} onChange={setBucket} />
        {view && <LocalExportMenu profileId={profileId} source={{ kind: 'flows', query: view }} />}
      </div>
      {flows.error && <ErrorMessage error={flows.error} title="Flows could not be read from the local store." />}
      {flows.data && <InexactNote count={flows.data.inexactLegs} />}
      {flows.isFetching && <p className="muted">Reading the local store…</p>}
      {flows.data && groups.length === 0 && <p className="muted">No legs in this range.</p>}
      {groups.map(({ key, rows }) => {
        const label = instrumentLabel(rows[0]);
        return (
          <section key={key} className="local-instrument" aria-label={`${label} flows`}>
            <h3>{label}</h3>
            <NetFlowChart rows={rows} bucket={bucket} />
            <FlowTable label={label} buckets={rows} bucket={bucket} totals={totalsOf(rows)} />
          </section>
        );
      })}
    </section>
  );
}
