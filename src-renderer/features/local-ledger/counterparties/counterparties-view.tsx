// Counterparties from the local store: for a time range (by default the 365 days up to the newest
// synced leg) and an instrument, each instrument's counterparties ranked by volume in + out. A
// click opens the relationship view: every leg between the two parties, totals and a flow chart.
import { useMemo, useState } from 'react';
import type { CounterpartyRow } from '../../../../src-shared/contract/local-ledger.ts';
import { useCounterparties } from '../../../data/local-analytics.ts';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { LocalExportMenu } from '../export/local-export-menu.tsx';
import { ChoiceControls, InexactNote, useAnalyticsChoice } from '../flows/analytics-controls.tsx';
import { byInstrument, instrumentLabel } from '../flows/instrument-groups.ts';
import type { ScopedViewProps } from '../scope/scope-state.ts';
import { CounterpartyTable } from './counterparty-table.tsx';
import { RelationshipView } from './relationship-view.tsx';
import '../flows/local-analytics.css';

/** Rows shown per instrument before "Show all": a busy party has thousands of counterparties. */
const FIRST_ROWS = 100;

/** Counterparties of the party, or summed over the views' scope (a portfolio: only those outside it). */
export function CounterpartiesView({ profileId, party, scope }: ScopedViewProps) {
  const choice = useAnalyticsChoice(profileId, party);
  const [open, setOpen] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const view = choice.current
    ? {
        party,
        ...(scope ? { scope } : {}),
        range: choice.current.range,
        instruments: choice.instrument ? [choice.instrument] : null,
      }
    : null;
  const ranking = useCounterparties(profileId, view);
  const groups = useMemo(
    () =>
      byInstrument(ranking.data?.rows ?? []).map((g) => ({
        ...g,
        rows: g.rows.map((r, i) => ({ ...r, rank: i + 1 })),
      })),
    [ranking.data],
  );

  if (open !== null && view) {
    return (
      <RelationshipView
        profileId={profileId}
        party={party}
        scope={scope}
        counterparty={open}
        range={view.range}
        instruments={view.instruments}
        onBack={() => setOpen(null)}
      />
    );
  }
  return (
    <section className="local-analytics" aria-label="Counterparties">
      <div className="local-analytics-toolbar">
        <ChoiceControls profileId={profileId} party={party} scope={scope} choice={choice} />
        {view && <LocalExportMenu profileId={profileId} source={{ kind: 'counterparties', query: view }} />}
      </div>
      {ranking.error && (
        <ErrorMessage error={ranking.error} title="Counterparties could not be read from the local store." />
      )}
      {ranking.data && <InexactNote count={ranking.data.inexactLegs} />}
      {ranking.isFetching && <p className="muted">Reading the local store…</p>}
      {ranking.data && groups.length === 0 && <p className="muted">No legs in this range.</p>}
      {groups.map(({ key, rows }) => {
        const label = instrumentLabel(rows[0]);
        const all = expanded.has(key);
        return (
          <section key={key} className="local-instrument" aria-label={`${label} counterparties`}>
            <h3>
              {label} · {rows.length.toLocaleString('en-US')} counterparties
            </h3>
            <CounterpartyTable
              label={label}
              rows={all ? rows : rows.slice(0, FIRST_ROWS)}
              onOpen={(row: CounterpartyRow) => setOpen(row.counterparty)}
            />
            {!all && rows.length > FIRST_ROWS && (
              <button type="button" onClick={() => setExpanded(new Set(expanded).add(key))}>
                Show all {rows.length.toLocaleString('en-US')}
              </button>
            )}
          </section>
        );
      })}
    </section>
  );
}
