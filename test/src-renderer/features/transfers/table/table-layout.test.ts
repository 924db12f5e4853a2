import { describe, expect, it } from 'vitest';
import { LEG_COLUMN_IDS } from '../../../../../src-renderer/features/transfers/table/leg-columns.tsx';
import { normalizeLayout, storableLayout } from '../../../../../src-renderer/features/transfers/table/table-layout.ts';
import { TableLayout } from '../../../../../src-shared/contract/schemas.ts';

describe('the transfers table layout', () => {
  it('offers every field of the leg as a column', () => {
    expect([...LEG_COLUMN_IDS].sort()).toEqual(
      [
        'updateId',
        'effectiveAt',
        'instrumentAdmin',
        'instrumentId',
        'symbol',
        'decimals',
        'amount',
        'senderParty',
        'receiverParty',
        'counterparty',
        'isIncoming',
        'status',
      ].sort(),
    );
  });

  it('restores a stored layout, dropping columns that no longer exist and appending new ones', () => {
    const layout = normalizeLayout({
      columnOrder: ['amount', 'gone', 'status'],
      columnVisibility: { status: false, gone: true },
      columnSizing: { amount: 300, gone: 50 },
    });
    expect(layout.columnOrder.slice(0, 2)).toEqual(['amount', 'status']);
    expect([...layout.columnOrder].sort()).toEqual([...LEG_COLUMN_IDS].sort());
    expect(layout.columnVisibility).toEqual({ status: false });
    expect(layout.columnSizing).toEqual({ amount: 300 });
  });

  it('stores widths the settings schema accepts', () => {
    const stored = storableLayout({ ...normalizeLayout(undefined), columnSizing: { amount: 12.4, status: 5000.7 } });
    expect(stored.columnSizing).toEqual({ amount: 24, status: 2000 });
    expect(TableLayout.safeParse(stored).success).toBe(true);
  });
});
