// The columns generated from the 12 leg fields, as a user reads them in the table: amounts exact
// to their decimals, direction as incoming/outgoing, parties shortened with the full id on hover,
// the counterparty a drill-down, and a dash (never "null") for what the service left out.
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LegTableMeta } from '../../../../../src-renderer/features/transfers/table/leg-columns.tsx';
import { normalizeLayout } from '../../../../../src-renderer/features/transfers/table/table-layout.ts';
import { TransfersTable } from '../../../../../src-renderer/features/transfers/table/transfers-table.tsx';
import type { TableLayout } from '../../../../../src-shared/contract/schemas.ts';
import type { TransferLeg } from '../../../../../src-shared/contract/transfers.ts';
import { ALICE, BOB, CAROL, DSO, transferLeg } from '../../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const NOW = Date.parse('2026-11-03T14:23:07Z');

function Table({ legs, meta, layout: initial }: { legs: TransferLeg[]; meta: LegTableMeta; layout?: TableLayout }) {
  const [layout, setLayout] = useState(() => initial ?? normalizeLayout(undefined));
  return (
    <TransfersTable
      legs={legs}
      meta={meta}
      layout={layout}
      updateLayout={(change) => setLayout(change)}
      selected={null}
      onSelect={() => {}}
      resetKey="page-1"
    />
  );
}

function renderLegs(legs: TransferLeg[], patch: Partial<LegTableMeta> = {}, layout?: TableLayout) {
  const meta: LegTableMeta = { timeFormat: 'absolute', timeZone: 'utc', now: NOW, onDrill: vi.fn(), ...patch };
  const rendered = renderWithApp(<Table legs={legs} meta={meta} layout={layout} />);
  return { ...rendered, meta };
}

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
const bodyRows = () => screen.getAllByRole('row').slice(1);
/** The cell of `column` (a leg field) in body row `index`. */
const cell = (index: number, column: keyof TransferLeg) =>
  bodyRows()[index].querySelector(`[data-column="${column}"]`) as HTMLElement;

beforeEach(() => {
  // happy-dom lays nothing out: give the scroll box a height so the virtualizer shows the rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});

describe('the generated leg columns', () => {
  it('start with ten of the twelve fields, in the order of the field table', () => {
    renderLegs([transferLeg()]);

    expect(headers()).toEqual([
      'Direction',
      'Effective at',
      'Amount',
      'Symbol',
      'Counterparty',
      'Status',
      'Update id',
      'Sender',
      'Receiver',
      'Instrument id',
    ]);
  });

  it('show the two hidden fields when the layout asks for them', () => {
    const layout = { ...normalizeLayout(undefined), columnVisibility: {} };
    renderLegs([transferLeg({ decimals: 18 })], {}, layout);

    expect(headers()).toContain('Instrument admin');
    expect(headers()).toContain('Decimals');
    expect(cell(0, 'decimals').textContent).toBe('18');
    expect(cell(0, 'instrumentAdmin').textContent).toBe('DSO::1220dd…dddd');
    expect(cell(0, 'instrumentAdmin').querySelector('[title]')?.getAttribute('title')).toBe(DSO);
  });

  it('format amounts exactly, padded to the leg’s decimals, and keep the sent value on hover', () => {
    renderLegs([
      transferLeg({ amount: '1500.25', decimals: 10 }),
      transferLeg({ amount: '0.000000000000000001', decimals: 18 }),
      // 10^15 with a tail a double cannot hold.
      transferLeg({ amount: '1000000000000000.0000000001', decimals: 10 }),
      transferLeg({ amount: '9007199254740993', decimals: 0 }),
      transferLeg({ amount: '42.5', decimals: null }),
    ]);

    expect([0, 1, 2, 3, 4].map((i) => cell(i, 'amount').textContent)).toEqual([
      '1,500.2500000000',
      '0.000000000000000001',
      '1,000,000,000,000,000.0000000001',
      '9,007,199,254,740,993',
      '42.5',
    ]);
    expect(cell(0, 'amount').querySelector('[title]')?.getAttribute('title')).toBe('1500.25');
    expect(cell(0, 'amount').className).toBe('numeric');
  });

  it('say incoming or outgoing', () => {
    renderLegs([transferLeg({ isIncoming: true }), transferLeg({ isIncoming: false, counterparty: CAROL })]);

    expect(cell(0, 'isIncoming').textContent).toBe('incoming');
    expect(cell(1, 'isIncoming').textContent).toBe('outgoing');
  });

  it('show a dash for every field the service sent as null, never "null"', () => {
    renderLegs([
      transferLeg({
        updateId: null,
        effectiveAt: null,
        amount: null,
        symbol: null,
        counterparty: null,
        status: null,
        senderParty: null,
        receiverParty: null,
        instrumentId: null,
      }),
    ]);

    for (const column of [
      'updateId',
      'effectiveAt',
      'amount',
      'symbol',
      'counterparty',
      'status',
      'senderParty',
      'receiverParty',
      'instrumentId',
    ] as const) {
      expect(cell(0, column).textContent, column).toBe('—');
    }
    expect(cell(0, 'counterparty').querySelector('button')).toBeNull();
    expect(screen.queryByText(/null/)).toBeNull();
  });

  it('shorten parties and keep the full id on hover; show ids in full', () => {
    renderLegs([transferLeg({ senderParty: BOB, receiverParty: ALICE, updateId: '1220f00d0001' })]);

    expect(cell(0, 'senderParty').textContent).toBe('bob::1220bb…bbbb');
    expect(cell(0, 'senderParty').querySelector('[title]')?.getAttribute('title')).toBe(BOB);
    expect(cell(0, 'receiverParty').textContent).toBe('alice::1220aa…aaaa');
    expect(cell(0, 'updateId').textContent).toBe('1220f00d0001');
    expect(cell(0, 'symbol').textContent).toBe('CC');
    expect(cell(0, 'status').textContent).toBe('completed');
  });

  it('show the effective time in absolute UTC with the service’s microseconds, or relative to now', () => {
    const leg = transferLeg({ effectiveAt: '2026-10-31T14:23:07.203456Z' });
    const { unmount } = renderLegs([leg]);
    expect(cell(0, 'effectiveAt').textContent).toBe('2026-10-31 14:23:07.203456 UTC');
    expect(cell(0, 'effectiveAt').querySelector('[title]')?.getAttribute('title')).toBe('2026-10-31T14:23:07.203456Z');
    unmount();

    renderLegs([leg], { timeFormat: 'relative' });
    expect(cell(0, 'effectiveAt').textContent).toBe('3 days ago');
  });

  it('make the counterparty a button that opens its transfers, without selecting the row', async () => {
    const onSelect = vi.fn();
    const onDrill = vi.fn();
    const meta: LegTableMeta = { timeFormat: 'absolute', timeZone: 'utc', now: NOW, onDrill };
    const { user } = renderWithApp(
      <TransfersTable
        legs={[transferLeg({ counterparty: CAROL })]}
        meta={meta}
        layout={normalizeLayout(undefined)}
        updateLayout={() => {}}
        selected={null}
        onSelect={onSelect}
        resetKey="page-1"
      />,
    );

    const drill = screen.getByRole('button', { name: 'carol::1220cc…cccc' });
    expect(drill.getAttribute('title')).toBe(`Show the transfers of ${CAROL}`);
    await user.click(drill);

    expect(onDrill).toHaveBeenCalledExactlyOnceWith(CAROL);
    expect(onSelect).not.toHaveBeenCalled();
  });
});
