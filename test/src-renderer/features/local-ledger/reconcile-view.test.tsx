// The Reconcile tab: a chosen file's start goes to main for its header and mapping, Reconcile sends
// the whole text with the mapping (remembered) and tolerance, the counts and each category's rows
// show with what is wrong, and a bad tolerance is said at its field and keeps Reconcile off.
// The real CSV reading and matching are tested in test/src-main/services/local-ledger/reconcile/.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RECONCILE_ROW_CAP } from '../../../../src-renderer/data/reconcile.ts';
import { ReconcileView } from '../../../../src-renderer/features/local-ledger/reconcile/reconcile-view.tsx';
import {
  RECONCILE_MAX_LEFT_OUT,
  type ReconcileMapping,
  ReconcileRequest,
  type ReconcileResult,
} from '../../../../src-shared/contract/reconcile.ts';
import { createFakeBridge, invalidArgument } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const PARTY = `alice::1220${'aa'.repeat(32)}`;
const BOB = `bob::1220${'bb'.repeat(32)}`;
const CSV = `Booked,Who,Asset,Amount\n2026-03-01T10:00:00Z,${BOB},USD,-100\n`;
const MAPPING: ReconcileMapping = {
  time: 'Booked',
  counterparty: 'Who',
  instrument: 'Asset',
  amount: 'Amount',
  reference: null,
  direction: null,
  sign: 'negative-is-out',
  decimal: '.',
  zone: 'utc',
};
const RESULT: ReconcileResult = {
  lines: 1,
  legs: 1,
  otherStatuses: [],
  counts: { matched: 0, 'statement-only': 1, 'ledger-only': 1, 'amount-differs': 0 },
  rows: {
    matched: [],
    'amount-differs': [],
    'statement-only': [
      {
        category: 'statement-only',
        line: 2,
        updateId: null,
        statementAt: '2026-03-01T10:00:00Z',
        ledgerAt: null,
        counterparty: BOB,
        instrument: 'USD',
        statementAmount: '-100',
        ledgerAmount: null,
        reference: null,
        status: null,
        message: `in the statement only: no ledger leg with counterparty ${BOB} for -100 USD within 5 min of 2026-03-01 10:00:00 UTC`,
      },
    ],
    'ledger-only': [
      {
        category: 'ledger-only',
        line: null,
        updateId: 'u-9',
        statementAt: null,
        ledgerAt: '2026-03-01T11:00:00Z',
        counterparty: BOB,
        instrument: 'USD',
        statementAmount: null,
        ledgerAmount: '-1000',
        reference: null,
        status: 'completed',
        message: 'in the ledger only: …',
      },
    ],
  },
  problems: [{ line: 3, message: 'expected 4 cells as in the header, found 3' }],
  problemCount: 1,
  span: { from: '2026-03-01T10:00:00.000Z', to: '2026-03-01T10:00:00.000Z' },
  elapsedMs: 12,
};

/** Main's answer for the statement's header: the mapping remembered for it. */
const MAPPING_ANSWER = {
  header: ['Booked', 'Who', 'Asset', 'Amount'],
  delimiter: ',' as const,
  mapping: MAPPING,
  remembered: true,
  problems: [],
};

describe('ReconcileView', () => {
  it('maps the chosen file’s columns, reconciles it and names what is wrong', async () => {
    const bridge = createFakeBridge({
      local: {
        reconcileMapping: async () => MAPPING_ANSWER,
        reconcile: async () => RESULT,
      },
    });
    const { user } = renderWithApp(<ReconcileView profileId="sandbox" party={PARTY} />, { bridge });
    await user.upload(screen.getByLabelText('Statement CSV file'), new File([CSV], 'books.csv', { type: 'text/csv' }));

    expect(await screen.findByText('Columns (remembered for this header)')).toBeTruthy();
    expect(bridge.local.reconcileMapping).toHaveBeenCalledExactlyOnceWith({
      profileId: 'sandbox',
      head: CSV,
      delimiter: 'auto',
    });
    expect((screen.getByLabelText('Counterparty column') as HTMLSelectElement).value).toBe('Who');

    fireEvent.change(screen.getByLabelText('Time tolerance (seconds)'), { target: { value: '5 min' } });
    expect(screen.getByText(/Whole seconds from 0/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Reconcile' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Time tolerance (seconds)'), { target: { value: '60' } });
    await user.click(screen.getByRole('button', { name: 'Reconcile' }));

    expect(bridge.local.reconcile).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        profileId: 'sandbox',
        party: PARTY,
        csv: CSV,
        delimiter: ',',
        mapping: MAPPING,
        toleranceSeconds: 60,
        rowCap: RECONCILE_ROW_CAP,
        remember: true,
      }),
    );
    const counts = await screen.findByRole('list', { name: 'Reconciliation counts' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1 in the statement only', '1 in the ledger only', '0 amount differs', '0 matched']);
    // One of each is said as one ("1 statement lines against 0 ledger legs" read wrong).
    expect(
      screen.getByText(/^1 statement line against 1 ledger leg in \d+ ms; 1 line not read \(below\)\.$/),
    ).toBeTruthy();
    // Each category's own columns, under what its rows have in common (with the tolerance run).
    const statementOnly = screen.getByRole('table', { name: 'In the statement only' });
    expect(statementOnly.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(statementOnly.getAttribute('aria-describedby') as string)?.textContent).toBe(
      'No ledger leg with the same counterparty, instrument, direction and amount within 1 min.',
    );
    expect(
      within(statementOnly)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Line', 'Statement time', 'Counterparty', 'Instrument', 'Statement amount', 'Reference']);
    const line = within(statementOnly).getAllByRole('row')[1];
    expect(
      within(line)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['2', expect.stringMatching(/^2026-03-01 /), 'bob::1220bb…bbbb', 'USD', '-100', '—']);
    // The counterparty is shortened: its full id is on hover and in a copy.
    expect(line.querySelector(`[data-full-text="${BOB}"]`)?.getAttribute('title')).toBe(BOB);
    const ledgerOnly = screen.getByRole('table', { name: 'In the ledger only' });
    expect(
      within(ledgerOnly)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Ledger time', 'Counterparty', 'Instrument', 'Ledger amount', 'Status', 'Update id']);
    expect(screen.queryByRole('table', { name: 'Matched' })).toBeNull();
    expect(screen.getByText('Line 3: expected 4 cells as in the header, found 3')).toBeTruthy();
  });
});

describe('ReconcileView export', () => {
  it('exports the reconciliation shown, even when the form changed after Reconcile', async () => {
    const bridge = createFakeBridge({
      local: {
        reconcileMapping: async () => MAPPING_ANSWER,
        reconcile: async () => RESULT,
        reconcileExport: async () => ({ path: '/tmp/reconciliation.csv', rows: 2, counts: RESULT.counts }),
      },
    });
    const { user } = renderWithApp(<ReconcileView profileId="sandbox" party={PARTY} />, { bridge });
    await user.upload(screen.getByLabelText('Statement CSV file'), new File([CSV], 'books.csv', { type: 'text/csv' }));
    await screen.findByText('Columns (remembered for this header)');
    fireEvent.change(screen.getByLabelText('Time tolerance (seconds)'), { target: { value: '60' } });
    await user.click(screen.getByRole('button', { name: 'Reconcile' }));
    await screen.findByRole('list', { name: 'Reconciliation counts' });

    // After the run the user edits the form: the result on screen is still the 60 s one.
    fireEvent.change(screen.getByLabelText('Time tolerance (seconds)'), { target: { value: '3600' } });
    await user.click(screen.getByRole('checkbox'));
    await user.selectOptions(screen.getByLabelText('Amount sign'), 'negative-is-in');
    await user.click(screen.getByRole('button', { name: 'Export result (CSV)…' }));

    expect(await screen.findByText(/Exported 2 rows to \/tmp\/reconciliation.csv/)).toBeTruthy();
    expect(bridge.local.reconcileExport).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        party: PARTY,
        csv: CSV,
        delimiter: ',',
        mapping: MAPPING,
        toleranceSeconds: 60,
        onlyStatementCounterparties: false,
        remember: false,
      }),
    );
  });
});

describe('ReconcileView delimiter', () => {
  it('reads the header again with the delimiter chosen, and reconciles with it', async () => {
    const bridge = createFakeBridge({
      local: {
        reconcileMapping: async ({ delimiter }) =>
          delimiter === ';'
            ? {
                header: ['Booked', 'Who', 'Asset', 'Amount'],
                delimiter: ';',
                mapping: MAPPING,
                remembered: false,
                problems: [],
              }
            : {
                header: ['Booked;Who;Asset;Amount'],
                delimiter: ',',
                mapping: { ...MAPPING, time: 'Booked;Who;Asset;Amount' },
                remembered: false,
                problems: [],
              },
        reconcile: async () => RESULT,
      },
    });
    const semicolons = CSV.replaceAll(',', ';');
    const { user } = renderWithApp(<ReconcileView profileId="sandbox" party={PARTY} />, { bridge });
    await user.upload(
      screen.getByLabelText('Statement CSV file'),
      new File([semicolons], 'books.csv', { type: 'text/csv' }),
    );
    const chooser = (await screen.findByLabelText('Delimiter')) as HTMLSelectElement;
    expect(chooser.value).toBe('auto');
    expect(screen.getByRole('option', { name: 'Auto (comma)' })).toBeTruthy();

    await user.selectOptions(chooser, 'Semicolon');
    await screen.findAllByRole('option', { name: 'Who' });
    expect(bridge.local.reconcileMapping).toHaveBeenLastCalledWith({
      profileId: 'sandbox',
      head: semicolons,
      delimiter: ';',
    });
    expect((screen.getByLabelText('Delimiter') as HTMLSelectElement).value).toBe(';');
    await user.click(screen.getByRole('button', { name: 'Reconcile' }));
    expect(bridge.local.reconcile).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ delimiter: ';', mapping: MAPPING }),
    );
  });
});

describe('ReconcileView statuses', () => {
  it('holds every stored status but those that moved nothing, sends the choice, and says what was left out', async () => {
    const withdrawn: ReconcileResult = {
      ...RESULT,
      otherStatuses: [{ status: 'withdrawn', legs: 1 }],
    };
    const bridge = createFakeBridge({
      local: {
        facets: async () => ({
          instruments: [],
          statuses: [
            { status: 'completed', legs: 30 },
            { status: 'failed', legs: 2 },
            { status: 'pending', legs: 3 },
            { status: 'withdrawn', legs: 1 },
          ],
        }),
        reconcileMapping: async () => MAPPING_ANSWER,
        reconcile: async (request) => (request.leftOutStatuses?.includes('withdrawn') ? withdrawn : RESULT),
      },
    });
    const { user } = renderWithApp(<ReconcileView profileId="sandbox" party={PARTY} />, { bridge });
    await user.upload(screen.getByLabelText('Statement CSV file'), new File([CSV], 'books.csv', { type: 'text/csv' }));

    const statuses = await screen.findByRole('group', { name: 'Statuses the statement holds' });
    const box = (name: RegExp) => within(statuses).getByRole('checkbox', { name }) as HTMLInputElement;
    expect([box(/^completed/), box(/^failed/), box(/^pending/), box(/^withdrawn/)].map((b) => b.checked)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    await user.click(screen.getByRole('button', { name: 'Reconcile' }));
    expect(bridge.local.reconcile).toHaveBeenLastCalledWith(
      expect.objectContaining({ leftOutStatuses: ['failed', 'withdrawn'] }),
    );
    expect(await screen.findByText(/ 1 leg of other statuses left out: withdrawn 1\.$/)).toBeTruthy();

    // Withdrawn ticked: its leg is compared, and shown with its status.
    await user.click(box(/^withdrawn/));
    await user.click(screen.getByRole('button', { name: 'Reconcile' }));
    expect(bridge.local.reconcile).toHaveBeenLastCalledWith(expect.objectContaining({ leftOutStatuses: ['failed'] }));
    await screen.findByRole('table', { name: 'In the ledger only' });
    expect(screen.queryByText(/of other statuses left out/)).toBeNull();

    // None ticked: said at the boxes, and Reconcile waits.
    for (const name of [/^completed/, /^pending/, /^withdrawn/]) await user.click(box(name));
    expect(within(statuses).getByRole('alert').textContent).toBe(
      'Tick the statuses the statement holds: at least one.',
    );
    expect((screen.getByRole('button', { name: 'Reconcile' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('ReconcileView many statuses', () => {
  // Statuses are the service's free text: a party may have any number. Main refuses a request the
  // contract refuses (as dispatch does), so what the view sends must fit it.
  const STORED = [
    ...Array.from({ length: 70 }, (_, i) => ({ status: `settled-${String(i).padStart(2, '0')}`, legs: 2 })),
    { status: 'failed', legs: 1 },
  ];
  const strictBridge = () =>
    createFakeBridge({
      local: {
        facets: async () => ({ instruments: [], statuses: STORED }),
        reconcileMapping: async () => MAPPING_ANSWER,
        reconcile: async (request) => {
          const parsed = ReconcileRequest.safeParse(request);
          if (!parsed.success) {
            throw invalidArgument(
              parsed.error.issues.map((i) => ({ path: i.path as Array<string | number>, message: i.message })),
            );
          }
          return RESULT;
        },
      },
    });

  it('reconciles a party with more statuses than a request may name: only those left out are sent', async () => {
    const bridge = strictBridge();
    const { user } = renderWithApp(<ReconcileView profileId="sandbox" party={PARTY} />, { bridge });
    await user.upload(screen.getByLabelText('Statement CSV file'), new File([CSV], 'books.csv', { type: 'text/csv' }));
    const statuses = await screen.findByRole('group', { name: 'Statuses the statement holds' });
    expect(within(statuses).getAllByRole('checkbox')).toHaveLength(71);

    await user.click(screen.getByRole('button', { name: 'Reconcile' }));
    expect(await screen.findByRole('table', { name: 'In the ledger only' })).toBeTruthy();
    expect(bridge.local.reconcile).toHaveBeenLastCalledWith(expect.objectContaining({ leftOutStatuses: ['failed'] }));

    // Every box ticked: nothing is left out.
    await user.click(within(statuses).getByRole('checkbox', { name: /^failed/ }));
    await user.click(screen.getByRole('button', { name: 'Reconcile' }));
    expect(bridge.local.reconcile).toHaveBeenLastCalledWith(expect.objectContaining({ leftOutStatuses: [] }));
  });

  it('says at the boxes when more statuses are unticked than a request may leave out', async () => {
    const bridge = strictBridge();
    const { user } = renderWithApp(<ReconcileView profileId="sandbox" party={PARTY} />, { bridge });
    await user.upload(screen.getByLabelText('Statement CSV file'), new File([CSV], 'books.csv', { type: 'text/csv' }));
    const statuses = await screen.findByRole('group', { name: 'Statuses the statement holds' });
    // failed is unticked at first; 64 more make 65.
    for (const box of within(statuses).getAllByRole('checkbox').slice(0, 64)) fireEvent.click(box);
    expect(within(statuses).getByRole('alert').textContent).toBe(
      `At most ${RECONCILE_MAX_LEFT_OUT} statuses can be left out, and 65 are unticked: tick those the statement may hold.`,
    );
    expect((screen.getByRole('button', { name: 'Reconcile' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(statuses).getAllByRole('checkbox')[0]);
    expect(within(statuses).queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reconcile' }));
    expect(await screen.findByRole('table', { name: 'In the ledger only' })).toBeTruthy();
  });
});
