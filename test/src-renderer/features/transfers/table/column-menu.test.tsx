// The column menu: show or hide, move and size every column by keyboard, each change going to the
// layout the table uses (and the preferences save).
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ColumnMenu } from '../../../../../src-renderer/features/transfers/table/column-menu.tsx';
import { normalizeLayout } from '../../../../../src-renderer/features/transfers/table/table-layout.ts';
import type { TableLayout } from '../../../../../src-shared/contract/schemas.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

let layout: TableLayout;

function Menu() {
  const [current, setCurrent] = useState(() => normalizeLayout(undefined));
  layout = current;
  return <ColumnMenu layout={current} update={(change) => setCurrent(change)} />;
}

const moveButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('ColumnMenu', () => {
  it('lists every column in order, ticked unless hidden by default', () => {
    renderWithApp(<Menu />);

    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Show column Direction',
      'Show column Effective at',
      'Show column Amount',
      'Show column Symbol',
      'Show column Counterparty',
      'Show column Status',
      'Show column Update id',
      'Show column Sender',
      'Show column Receiver',
      'Show column Instrument id',
      'Show column Instrument admin',
      'Show column Decimals',
    ]);
    expect(boxes.filter((b) => !b.checked).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Show column Instrument admin',
      'Show column Decimals',
    ]);
  });

  it('shows and hides a column', async () => {
    const { user } = renderWithApp(<Menu />);

    await user.click(screen.getByRole('checkbox', { name: 'Show column Decimals' }));
    expect(layout.columnVisibility.decimals).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Show column Status' }));
    expect(layout.columnVisibility.status).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'Show column Status' })).toHaveProperty('checked', false);
  });

  it('moves a column left and right, never past either end', async () => {
    const { user } = renderWithApp(<Menu />);
    expect(moveButton('Move Direction left').disabled).toBe(true);
    expect(moveButton('Move Decimals right').disabled).toBe(true);

    await user.click(moveButton('Move Amount left'));
    expect(layout.columnOrder.slice(0, 3)).toEqual(['isIncoming', 'amount', 'effectiveAt']);

    await user.click(moveButton('Move Direction right'));
    expect(layout.columnOrder.slice(0, 3)).toEqual(['amount', 'isIncoming', 'effectiveAt']);
    expect(moveButton('Move Amount left').disabled).toBe(true);
  });

  it('sets a width from 40 to 1200 pixels, ignoring anything else', () => {
    renderWithApp(<Menu />);
    const width = screen.getByRole('spinbutton', { name: 'Width of Amount' }) as HTMLInputElement;
    expect(width.value).toBe('220');

    // One change event per new value, as the spinner arrows (or a paste) give it. Typing digit by
    // digit does not get there: every intermediate value below 40 is refused and the field resets.
    fireEvent.change(width, { target: { value: '300' } });
    expect(layout.columnSizing.amount).toBe(300);
    expect(width.value).toBe('300');

    for (const refused of ['5', '1201', '']) {
      fireEvent.change(width, { target: { value: refused } });
      expect(layout.columnSizing.amount).toBe(300);
    }
    expect(width.value).toBe('300');
  });
});
