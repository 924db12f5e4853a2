// The virtualized tables tell a screen reader how big they are, though only the rows in view
// exist: aria-rowcount counts every row (+1 for the header row), each rendered row carries its
// aria-rowindex in the whole table, and aria-colcount counts the columns shown.
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalTransfers } from '../../../src-renderer/features/local-ledger/table/local-transfers.tsx';
import { normalizeLayout } from '../../../src-renderer/features/transfers/table/table-layout.ts';
import { TransfersTable } from '../../../src-renderer/features/transfers/table/transfers-table.tsx';
import type { LocalLegsQuery } from '../../../src-shared/contract/local-ledger.ts';
import type { TransferLeg } from '../../../src-shared/contract/transfers.ts';
import { createFakeBridge } from '../../fixtures/fake-bridge.ts';
import { ALICE, transferLeg } from '../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../support/render-with-app.tsx';

const META = { timeFormat: 'absolute' as const, timeZone: 'utc' as const, now: 0, onDrill: () => {} };

function Table({ legs }: { legs: TransferLeg[] }) {
  const [layout, setLayout] = useState(() => normalizeLayout(undefined));
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

const rowIndexes = () => screen.getAllByRole('row').map((row) => Number(row.getAttribute('aria-rowindex')));

beforeEach(() => {
  // happy-dom lays nothing out: give the scroll boxes a height so the virtualizers show rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});

describe('the transfers table', () => {
  it('counts all 5,000 legs and the header, and numbers the rows it renders', () => {
    renderWithApp(<Table legs={Array.from({ length: 5000 }, (_, i) => transferLeg({ updateId: `u${i}` }))} />);
    const table = screen.getByRole('table', { name: 'Transfer legs' });

    expect(table.getAttribute('aria-rowcount')).toBe('5001');
    const indexes = rowIndexes();
    expect(indexes.length).toBeLessThan(60);
    // The header row is 1; the first leg is 2, and the rendered rows follow on without a gap.
    expect(indexes.slice(0, 3)).toEqual([1, 2, 3]);
    expect(indexes.slice(1)).toEqual(indexes.slice(1).map((_, k) => k + 2));
  });

  it('counts the columns shown, and one fewer once the user hides one', async () => {
    const { user } = renderWithApp(<Table legs={[transferLeg({ updateId: 'u1' })]} />);
    const table = screen.getByRole('table', { name: 'Transfer legs' });
    const shown = screen.getAllByRole('columnheader').length;
    expect(table.getAttribute('aria-colcount')).toBe(String(shown));

    await user.click(screen.getByText('Columns'));
    await user.click(screen.getByRole('checkbox', { name: 'Show column Status' }));
    expect(table.getAttribute('aria-colcount')).toBe(String(shown - 1));
    expect(screen.getAllByRole('columnheader')).toHaveLength(shown - 1);
  });
});

describe('the local ledger table', () => {
  it('counts every stored leg (not the window fetched) and every column', async () => {
    const bridge = createFakeBridge({
      local: {
        legs: async (query: LocalLegsQuery) => ({
          total: 1000,
          offset: query.offset,
          legs: Array.from({ length: Math.min(query.limit, 1000 - query.offset) }, (_, k) => ({
            ...transferLeg({ updateId: `update-${query.offset + k}`, amount: '1.5', decimals: 2 }),
            amountExact: true,
          })),
          elapsedMs: 1,
        }),
      },
    });
    renderWithApp(<LocalTransfers profileId="sandbox" party={ALICE} />, { bridge });
    expect(await screen.findByText('1,000 legs match')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Local legs' });

    expect(table.getAttribute('aria-rowcount')).toBe('1001');
    expect(table.getAttribute('aria-colcount')).toBe(String(screen.getAllByRole('columnheader').length));
    const indexes = rowIndexes();
    expect(indexes[0]).toBe(1);
    expect(indexes.slice(1)).toEqual(indexes.slice(1).map((_, k) => k + 2));
  });
});
