// The relationship between the party and one counterparty: totals per instrument, the net flow
// per day/week/month, and every leg between them, newest first, in the range the ranking used.
import { useState } from 'react';
import type { InstrumentKey, TimeRange } from '../../../../src-shared/contract/local-ledger.ts';
import type { SqlScope } from '../../../../src-shared/contract/party-scope.ts';
import { scopeTitle } from '../../../../src-shared/text/scope-text.ts';
import { useRelationship } from '../../../data/local-analytics.ts';
import { useLake } from '../../../data/local-ledger.ts';
import { AmountCell } from '../../../ui/amount-cell.tsx';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import { PartyId } from '../../../ui/party-id.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { InexactNote } from '../flows/analytics-controls.tsx';
import { type Bucket, BucketSwitch } from '../flows/bucket-switch.tsx';
import { byInstrument, instrumentKey, instrumentLabel, utcText } from '../flows/instrument-groups.ts';
import { NetFlowChart } from '../flows/net-flow-chart.tsx';
import { RelationshipLegs } from './relationship-legs.tsx';

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
  const grid = useKeyboardGrid();
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
      {data && (
        <TableScroll>
          <table ref={grid} className="data-table" aria-label="Totals between the parties">
            <thead>
              <tr>
                <th scope="col">Instrument</th>
                <th scope="col" className="num">
                  Legs in
                </th>
                <th scope="col" className="num">
                  Legs out
                </th>
                <th scope="col" className="num">
                  Volume in
                </th>
                <th scope="col" className="num">
                  Volume out
                </th>
                <th scope="col" className="num">
                  Net
                </th>
                <th scope="col">First seen (UTC)</th>
                <th scope="col">Last seen (UTC)</th>
              </tr>
            </thead>
            <tbody>
              {data.totals.map((t) => (
                <tr key={instrumentKey(t)}>
                  <td className="nowrap">{instrumentLabel(t)}</td>
                  <td className="num">{t.legsIn.toLocaleString('en-US')}</td>
                  <td className="num">{t.legsOut.toLocaleString('en-US')}</td>
                  <td className="num">
                    <AmountCell amount={t.volumeIn} decimals={t.decimals} label="volume in" />
                  </td>
                  <td className="num">
                    <AmountCell amount={t.volumeOut} decimals={t.decimals} label="volume out" />
                  </td>
                  <td className="num">
                    <AmountCell amount={t.net} decimals={t.decimals} label="net" />
                  </td>
                  {/* The day, as in the ranking; the full time on hover. */}
                  <td className="nowrap" title={utcText(t.firstSeen)}>
                    {t.firstSeen?.slice(0, 10) ?? '—'}
                  </td>
                  <td className="nowrap" title={utcText(t.lastSeen)}>
                    {t.lastSeen?.slice(0, 10) ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
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
