// The relationship between the party and one counterparty: totals per instrument, the net flow
// per day/week/month, and every leg between them, newest first, in the range the ranking used
// (relationship-totals.tsx, relationship-legs.tsx).
import { useState } from 'react';
import type { InstrumentKey, TimeRange } from '../../../../src-shared/contract/local-ledger.ts';
import type { SqlScope } from '../../../../src-shared/contract/party-scope.ts';
import { scopeTitle } from '../../../../src-shared/text/scope-text.ts';
import { useRelationship } from '../../../data/local-analytics.ts';
import { useLake } from '../../../data/local-ledger.ts';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { PartyId } from '../../../ui/party-id.tsx';
import { InexactNote } from '../flows/analytics-controls.tsx';
import { type Bucket, BucketSwitch } from '../flows/bucket-switch.tsx';
import { byInstrument, utcText } from '../flows/instrument-groups.ts';
import { NetFlowChart } from '../flows/net-flow-chart.tsx';
import { RelationshipLegs } from './relationship-legs.tsx';
import { RelationshipTotals } from './relationship-totals.tsx';

export function RelationshipView({
  profileId,
  party,
  counterparty,
  scope,
  range,
  instruments,
  onBack,
}: {
  profileId: string;
  party: string;
  /** Which parties (absent: `party` alone). */
  scope?: SqlScope;
  counterparty: string;
  range: TimeRange;
  instruments: InstrumentKey[] | null;
  onBack: () => void;
}) {
  const [bucket, setBucket] = useState<Bucket>('month');
  const answer = useRelationship(profileId, {
    party,
    ...(scope ? { scope } : {}),
    counterparty,
    range,
    instruments,
    bucket,
  });
  const data = answer.data;
  const flows = byInstrument(data?.flows ?? []);
  const from = useLake(profileId).data ? 'lake' : 'store';
  return (
    <section className="local-analytics local-relationship" aria-label="Relationship">
      <div className="local-relationship-head">
        <button type="button" onClick={onBack}>
          ← All counterparties
        </button>
        <h3>
          {scope && scope.kind !== 'party' ? (
            scopeTitle(scope, from)
          ) : (
            <PartyId party={scope?.party ?? party} copy={false} />
          )}{' '}
          and <PartyId party={counterparty} />
        </h3>
        <BucketSwitch value={bucket} onChange={setBucket} />
      </div>
      <p className="muted">
        {range.after || range.before
          ? `From ${range.after ? `${utcText(range.after)} (included)` : 'the first leg'} to ${range.before ? `${utcText(range.before)} (not included)` : 'the last'}.`
          : 'Every time.'}
      </p>
      {answer.error && <ErrorMessage error={answer.error} title="The relationship could not be read." />}
      {data && <InexactNote count={data.inexactLegs} />}
      {data && <RelationshipTotals totals={data.totals} />}
      {flows.map(({ key, rows }) => (
        <NetFlowChart key={key} rows={rows} bucket={bucket} />
      ))}
      {data && (
        <RelationshipLegs
          key={JSON.stringify([counterparty, range, instruments])}
          legs={data.legs}
          total={data.total}
        />
      )}
    </section>
  );
}
