// Issue 24, "exact amounts are never cut": a 48-digit amount (and sums of them) reads whole in every
// table of the Local ledger: the transfers table (virtualized: its amount column is sized from the
// legs it holds), the counterparty ranking, the relationship's totals and legs, the flows table and
// the SQL results (virtualized). happy-dom lays nothing out, so a width is checked against what
// the text needs at the amount font's character width (amountColumnPx's fallback in this tier).
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CounterpartiesView } from '../../../../src-renderer/features/local-ledger/counterparties/counterparties-view.tsx';
import { FlowsView } from '../../../../src-renderer/features/local-ledger/flows/flows-view.tsx';
import { SqlResults } from '../../../../src-renderer/features/local-ledger/sql/sql-results.tsx';
import { LocalTransfers } from '../../../../src-renderer/features/local-ledger/table/local-transfers.tsx';
import type {
  CounterpartyRow,
  FlowBucket,
  LocalLeg,
  LocalPartyStatus,
  SqlResult,
} from '../../../../src-shared/contract/local-ledger.ts';
import { stubCanvas2d } from '../../../fixtures/canvas-2d-stub.ts';
import { createFakeBridge } from '../../../fixtures/fake-bridge.ts';
import { ALICE, BOB, transferLeg } from '../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

/** 48 digits, 18 of them decimals: past a double and past a 128-bit integer of units. */
const LONG = '123456789012345678901234567890.123456789012345678';
const LONG_SHOWN = '123,456,789,012,345,678,901,234,567,890.123456789012345678';
/** Two of them added: the sums the ranking, relationship and flows show. */
const SUM = '246913578024691357802469135780.246913578024691356';
const SUM_SHOWN = '246,913,578,024,691,357,802,469,135,780.246913578024691356';
/** Pixels per amount character where nothing is measured (ui/amount-cell.tsx's fallback). */
const CHAR_PX = 7.5;

const status = (): LocalPartyStatus => ({
  profileId: 'sandbox',
  party: ALICE,
  legs: 2,
  inexactLegs: 1,
  lastSyncAt: '2026-01-01T00:00:00.000Z',
  nodeId: null,
  firstEffectiveAt: '2025-01-01T00:00:00Z',
  lastEffectiveAt: '2025-06-30T15:00:00Z',
  resumable: false,
  job: null,
});

const localLeg = (patch: Partial<LocalLeg>): LocalLeg => ({
  ...transferLeg({ decimals: 18, amount: LONG }),
  amountExact: true,
  ...patch,
});

const texts = (row: HTMLElement) => Array.from(row.children, (c) => c.textContent);
const rowsOf = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1).map(texts);

beforeEach(() => {
  stubCanvas2d();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});

describe('a 48-digit amount is whole in every Local ledger table', () => {
  it('the transfers table: the amount column widens to the widest amount it holds, kept as text or exact', async () => {
    const legs = [
      // 48 digits of units do not fit the store's 128 bits: kept as text, shown as sent.
      localLeg({ amountExact: false }),
      localLeg({ amount: '1.5', decimals: 2 }),
    ];
    const bridge = createFakeBridge({
      local: { legs: async (q) => ({ total: 2, offset: q.offset, legs: q.offset === 0 ? legs : [], elapsedMs: 1 }) },
    });
    renderWithApp(<LocalTransfers profileId="sandbox" party={ALICE} />, { bridge });
    await screen.findByText('2 legs match');

    const rows = screen.getAllByRole('row');
    const cell = rows[1].querySelector('[data-column="amount"]') as HTMLElement;
    expect(cell.querySelector('.amount-text')?.textContent).toBe(`≈ ${LONG}`);
    expect(parseFloat(cell.style.width)).toBeGreaterThanOrEqual((LONG.length + 2) * CHAR_PX);
    const header = screen.getByRole('columnheader', { name: /Amount/ });
    expect(header.style.width).toBe(cell.style.width);
    expect((rows[2].querySelector('[data-column="amount"]') as HTMLElement).textContent).toBe('1.50');
  });

  it('the counterparty ranking, and the relationship totals and legs', async () => {
    const ranked: CounterpartyRow = {
      instrumentAdmin: 'dso::1',
      instrumentId: 'Amulet',
      symbol: 'CC',
      decimals: 18,
      counterparty: BOB,
      legsIn: 2,
      legsOut: 0,
      volumeIn: SUM,
      volumeOut: '0',
      net: SUM,
      firstSeen: '2025-02-01T10:00:00.000000Z',
      lastSeen: '2025-03-01T10:00:00.000000Z',
    };
    const bridge = createFakeBridge({
      local: {
        status: async () => status(),
        counterparties: async () => ({ rows: [ranked], inexactLegs: 0, elapsedMs: 1 }),
        relationship: async () => ({
          counterparty: BOB,
          totals: [ranked],
          flows: [],
          legs: [localLeg({ amount: LONG }), localLeg({ amount: LONG, amountExact: false })],
          total: 2,
          inexactLegs: 1,
          elapsedMs: 1,
        }),
      },
    });
    const { user } = renderWithApp(<CounterpartiesView profileId="sandbox" party={ALICE} />, { bridge });

    await screen.findByRole('table', { name: 'CC counterparties' });
    expect(rowsOf('CC counterparties')[0].slice(4, 7)).toEqual([SUM_SHOWN, '0.000000000000000000', SUM_SHOWN]);

    await user.click(screen.getByRole('button', { description: `Open the relationship with ${BOB}` }));
    await screen.findByRole('table', { name: 'Totals between the parties' });
    expect(rowsOf('Totals between the parties')[0].slice(3, 6)).toEqual([SUM_SHOWN, '0.000000000000000000', SUM_SHOWN]);
    const legs = rowsOf('Legs between the parties');
    expect(legs[0][3]).toBe(LONG_SHOWN);
    expect(legs[1][3]).toBe(`≈ ${LONG} (kept as text, left out of sums)`);
  });

  it('the flows table, its total line exact', async () => {
    const bucket = (start: string): FlowBucket => ({
      instrumentAdmin: 'dso::1',
      instrumentId: 'Amulet',
      symbol: 'CC',
      decimals: 18,
      start,
      legsIn: 1,
      legsOut: 0,
      volumeIn: LONG,
      volumeOut: '0',
      net: LONG,
    });
    const bridge = createFakeBridge({
      local: {
        status: async () => status(),
        flows: async () => ({
          buckets: [bucket('2025-03-03T00:00:00.000000Z'), bucket('2025-03-04T00:00:00.000000Z')],
          inexactLegs: 0,
          elapsedMs: 1,
        }),
      },
    });
    renderWithApp(<FlowsView profileId="sandbox" party={ALICE} />, { bridge });

    const table = await screen.findByRole('table', { name: 'CC flows per day' });
    const rows = within(table).getAllByRole('row').map(texts);
    expect(rows[1].slice(3)).toEqual([LONG_SHOWN, '0.000000000000000000', LONG_SHOWN]);
    expect(rows.at(-1)?.slice(3)).toEqual([SUM_SHOWN, '0.000000000000000000', SUM_SHOWN]);
  });

  it('the SQL results: a number column (by type, or text that is all decimals) is as wide as its widest value', () => {
    const result: SqlResult = {
      columns: [
        { name: 'symbol', type: 'VARCHAR' },
        { name: 'units', type: 'BIGNUM' },
        { name: 'amount', type: 'VARCHAR' },
        { name: 'exact', type: 'DECIMAL(38,18)' },
      ],
      rows: [
        ['CC', LONG.replace('.', ''), LONG, '12345678901234567890.123456789012345678'],
        ['USDX', '-1', '0.5', null],
      ],
      truncated: false,
      elapsedMs: 2,
    };
    renderWithApp(<SqlResults result={result} />);

    const table = screen.getByRole('table', { name: 'Query results' });
    const [, first] = within(table).getAllByRole('row');
    // The query's own digits: no grouping added, nothing cut.
    expect(texts(first)).toEqual(['CC', LONG.replace('.', ''), LONG, '12345678901234567890.123456789012345678']);
    const cells = within(first).getAllByRole('cell');
    expect(cells.slice(1).map((c) => c.className)).toEqual(['sql-number', 'sql-number', 'sql-number']);
    expect(cells[0].className).toBe('');
    const widths = (first.style.gridTemplateColumns.match(/[\d.]+px/g) ?? []).map(parseFloat);
    expect(widths).toHaveLength(4);
    expect(widths[1]).toBeGreaterThanOrEqual(48 * CHAR_PX);
    expect(widths[2]).toBeGreaterThanOrEqual(LONG.length * CHAR_PX);
  });
});
