// One leg in full: all 12 fields as the service sent them (null as a dash), the amount also
// formatted, copy buttons for the ids people paste elsewhere, and the raw JSON.
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LegDetail } from '../../../../../src-renderer/features/transfers/table/leg-detail.tsx';
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../../../../src-shared/contract/transfers.ts';
import { ALICE, BOB, transferLeg } from '../../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const facts = () =>
  Object.fromEntries(
    screen
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.querySelector('.mono')?.textContent]),
  );

describe('LegDetail', () => {
  it('lists every field as sent, nulls as a dash, and the amount formatted to its decimals', () => {
    const leg = transferLeg({ amount: '1500.25', decimals: 10, status: null, symbol: null });
    renderWithApp(<LegDetail leg={leg} onClose={() => {}} />);

    expect(Object.keys(facts())).toEqual([...TRANSFER_LEG_FIELDS]);
    expect(facts()).toMatchObject({
      amount: '1500.25',
      decimals: '10',
      isIncoming: 'true',
      status: '—',
      symbol: '—',
      senderParty: BOB,
      receiverParty: ALICE,
    });
    expect(screen.getByText('= 1,500.2500000000')).toBeTruthy();
    expect(JSON.parse(screen.getByText(/"updateId"/).textContent ?? '')).toEqual(leg);
  });

  it('copies the update id and the parties in full', async () => {
    const { user } = renderWithApp(<LegDetail leg={transferLeg()} onClose={() => {}} />);
    // The field list's copy buttons (the panel's header also has Copy raw JSON).
    const fieldList = screen.getAllByRole('term')[0].closest('dl') as HTMLElement;
    const copies = within(fieldList)
      .getAllByRole('button', { name: /^Copy / })
      .map((b) => b.getAttribute('aria-label'));
    expect(copies).toEqual([
      'Copy updateId',
      'Copy instrumentAdmin',
      'Copy senderParty',
      'Copy receiverParty',
      'Copy counterparty',
    ]);

    await user.click(screen.getByRole('button', { name: 'Copy senderParty' }));

    expect(await navigator.clipboard.readText()).toBe(BOB);
  });

  it('offers no copy for a missing value and no formatted amount for a missing amount', () => {
    renderWithApp(<LegDetail leg={transferLeg({ amount: null, updateId: null })} onClose={() => {}} />);

    expect(screen.queryByRole('button', { name: 'Copy updateId' })).toBeNull();
    expect(screen.queryByText(/^= /)).toBeNull();
  });

  it('closes', async () => {
    const onClose = vi.fn();
    const { user } = renderWithApp(<LegDetail leg={transferLeg()} onClose={onClose} />);

    await user.click(
      within(screen.getByRole('complementary', { name: 'Transfer leg details' })).getByRole('button', {
        name: 'Close',
      }),
    );

    expect(onClose).toHaveBeenCalledOnce();
  });

  it('copies the raw JSON exactly as the raw view shows it', async () => {
    const leg = transferLeg({ amount: '0.000000000000000001', decimals: 18, status: null });
    const { user } = renderWithApp(<LegDetail leg={leg} onClose={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Copy raw JSON' }));

    const copied = await navigator.clipboard.readText();
    expect(copied).toBe(screen.getByText(/"updateId"/).textContent);
    expect(JSON.parse(copied)).toEqual(leg);
    expect(await screen.findByRole('button', { name: 'Copied raw JSON' })).toBeTruthy();
  });

  describe('Escape', () => {
    /** A row that opens the panel, and a field elsewhere on the screen, as on the Transfers screen. */
    function Screen({ leg }: { leg: TransferLeg }) {
      const [open, setOpen] = useState(false);
      return (
        <>
          <input aria-label="Quick filter" />
          <button type="button" onClick={() => setOpen(true)}>
            Row
          </button>
          {open && <LegDetail leg={leg} onClose={() => setOpen(false)} />}
        </>
      );
    }
    const panel = () => screen.queryByRole('complementary', { name: 'Transfer leg details' });

    it('closes the panel from the row that opened it, which keeps the focus', async () => {
      const { user } = renderWithApp(<Screen leg={transferLeg()} />);
      await user.click(screen.getByRole('button', { name: 'Row' }));
      expect(panel()).not.toBeNull();

      await user.keyboard('{Escape}');

      expect(panel()).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Row' }));
    });

    it('closes the panel from inside it and gives the focus back to the row', async () => {
      const { user } = renderWithApp(<Screen leg={transferLeg()} />);
      await user.click(screen.getByRole('button', { name: 'Row' }));
      await user.click(screen.getByRole('button', { name: 'Copy updateId' }));
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /Copy updateId/ }));

      await user.keyboard('{Escape}');

      expect(panel()).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Row' }));
    });

    it('gives the focus back to the row after Close as well', async () => {
      const { user } = renderWithApp(<Screen leg={transferLeg()} />);
      await user.click(screen.getByRole('button', { name: 'Row' }));

      await user.click(screen.getByRole('button', { name: 'Close' }));

      expect(panel()).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Row' }));
    });

    it('leaves the panel open when Escape is meant for a field elsewhere', async () => {
      const { user } = renderWithApp(<Screen leg={transferLeg()} />);
      await user.click(screen.getByRole('button', { name: 'Row' }));
      await user.click(screen.getByLabelText('Quick filter'));

      await user.keyboard('{Escape}');

      expect(panel()).not.toBeNull();
    });
  });
});
