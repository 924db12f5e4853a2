// Issue 24, "exact amounts are never cut", on the live side: the transfers table (virtualized, its
// columns sized by the user) never shows an amount column narrower than its widest loaded amount,
// whatever width was saved, and keeps a wider one the user chose; the node comparison's legs show
// the amount whole too. happy-dom lays nothing out: widths are checked against what the text
// needs at the amount font's character width (ui/amount-cell.tsx's fallback in this tier).
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DifferencesTable } from '../../../../src-renderer/features/transfers/compare/differences-table.tsx';
import { normalizeLayout } from '../../../../src-renderer/features/transfers/table/table-layout.ts';
import { TransfersTable } from '../../../../src-renderer/features/transfers/table/transfers-table.tsx';
import type { TableLayout } from '../../../../src-shared/contract/schemas.ts';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { ALICE, transferLeg } from '../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const LONG = '123456789012345678901234567890.123456789012345678';
const LONG_SHOWN = '123,456,789,012,345,678,901,234,567,890.123456789012345678';
const CHAR_PX = 7.5;
const META = { timeFormat: 'absolute' as const, timeZone: 'utc' as const, now: 0, onDrill: () => {} };

function Table({ legs, amountWidth }: { legs: TransferLeg[]; amountWidth?: number }) {
  const [layout, setLayout] = useState<TableLayout>(() => {
    const start = normalizeLayout(undefined);
    return amountWidth ? { ...start, columnSizing: { amount: amountWidth } } : start;
  });
  return (
    <TransfersTable
      legs={legs}
      meta={META}
      layout={layout}
      updateLayout={(change) => setLayout(change)}
      selected={null}
      onSelect={() => {}}
      resetKey="page-1"
    />
  );
}

const amountHeader = () =>
  screen.getAllByRole('columnheader').find((th) => th.textContent?.startsWith('Amount')) as HTMLElement;

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});

describe('a 48-digit amount is whole in the live tables', () => {
  it('the transfers table widens the amount column to it, over a narrower saved width', () => {
    const legs = [transferLeg({ amount: '1.5', decimals: 2 }), transferLeg({ amount: LONG, decimals: 18 })];
    renderWithApp(<Table legs={legs} amountWidth={120} />);

    const cells = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('[data-column="amount"]') as HTMLElement);
    expect(cells[1].querySelector('.amount-text')?.textContent).toBe(LONG_SHOWN);
    const width = parseFloat(amountHeader().style.width);
    expect(width).toBeGreaterThanOrEqual(LONG_SHOWN.length * CHAR_PX);
    expect(cells.map((c) => c.style.width)).toEqual([`${width}px`, `${width}px`]);
  });

  it('keeps the width the user chose when it is wider, and the starting width for short amounts', () => {
    const { unmount } = renderWithApp(<Table legs={[transferLeg({ amount: LONG, decimals: 18 })]} amountWidth={900} />);
    expect(amountHeader().style.width).toBe('900px');
    unmount();
    renderWithApp(<Table legs={[transferLeg({ amount: '1.5', decimals: 2 })]} />);
    expect(amountHeader().style.width).toBe('220px');
  });

  it('the node comparison shows a missing leg’s amount whole, with its symbol', () => {
    renderWithApp(
      <DifferencesTable
        comparison={{
          profileId: 'sandbox',
          filters: {
            party: ALICE,
            asset: { kind: 'all' },
            effectiveAfter: null,
            effectiveBefore: null,
            orderDesc: true,
            pageSize: 50,
            nodeId: null,
          },
          ranAt: '2026-10-31T00:00:00.000Z',
          nodes: [],
          legCap: 10_000,
          differences: [
            {
              leg: transferLeg({ amount: LONG, decimals: 18 }),
              presentOn: ['validator-1'],
              missingOn: ['validator-2'],
            },
          ],
          differenceCount: 1,
        }}
      />,
    );
    const row = within(screen.getByRole('table', { name: 'Legs not on every node' })).getAllByRole('row')[1];
    expect(row.textContent).toContain(`${LONG_SHOWN} CC`);
  });
});
