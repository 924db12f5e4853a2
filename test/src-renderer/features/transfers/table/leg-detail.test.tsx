// One leg in full: all 12 fields as the service sent them (null as a dash), the amount also
// formatted, copy buttons for the ids people paste elsewhere, and the raw JSON.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LegDetail } from '../../../../../src-renderer/features/transfers/table/leg-detail.tsx';
import { TRANSFER_LEG_FIELDS } from '../../../../../src-shared/contract/transfers.ts';
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
    const copies = screen.getAllByRole('button', { name: /^Copy / }).map((b) => b.getAttribute('aria-label'));
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
});
