// The local transfers table over a fake store of 1,000 legs: the count, windows fetched by offset,
// a sort main applies over every leg, amounts exact (and an inexact one marked), a bad amount bound
// refused at its field, and the search box applied once typing pauses.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalTransfers } from '../../../../src-renderer/features/local-ledger/table/local-transfers.tsx';
import type { LocalLeg, LocalLegsQuery } from '../../../../src-shared/contract/local-ledger.ts';
import { createFakeBridge, failWith } from '../../../fixtures/fake-bridge.ts';
import { ALICE, transferLeg } from '../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const TOTAL = 1000;
const leg = (i: number, patch: Partial<LocalLeg> = {}): LocalLeg => ({
  ...transferLeg({ updateId: `update-${i}`, amount: `${i}.5`, decimals: 2 }),
  amountExact: true,
  ...patch,
});

function storeBridge(first: Partial<LocalLeg> = {}) {
  return createFakeBridge({
    local: {
      legs: async (query: LocalLegsQuery) => {
        const count = Math.max(0, Math.min(query.limit, TOTAL - query.offset));
        const legs = Array.from({ length: count }, (_, k) =>
          leg(query.offset + k, query.offset + k === 0 ? first : {}),
        );
        return { total: TOTAL, offset: query.offset, legs, elapsedMs: 2 };
      },
    },
  });
}

const lastQuery = (bridge: ReturnType<typeof storeBridge>) =>
  bridge.local.legs.mock.calls.at(-1)?.[0] as LocalLegsQuery;
const amountCell = (row: number) =>
  screen.getAllByRole('row')[row + 1].querySelector('[data-column="amount"]') as HTMLElement;

beforeEach(() => {
  // happy-dom lays nothing out: give the scroll box a height so the virtualizer shows the rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});

describe('LocalTransfers', () => {
  it("says when the filters' instruments and statuses could not be read, in main's words", async () => {
    const bridge = storeBridge();
    failWith(bridge.local.facets, 'invalid_argument', '2: Invalid input: expected object, received null');
    renderWithApp(<LocalTransfers profileId="sandbox" party={ALICE} />, { bridge });
    const alert = await screen.findByText(/expected object, received null/);
    expect(alert.closest('[role="alert"]')?.textContent).toContain(
      'The instruments and statuses to filter by could not be read.',
    );
  });

  it('counts every stored leg and fetches only the first window of 100, newest first', async () => {
    const bridge = storeBridge();
    renderWithApp(<LocalTransfers profileId="sandbox" party={ALICE} />, { bridge });

    expect(await screen.findByText('1,000 legs match')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Local legs' }).getAttribute('aria-rowcount')).toBe('1001');
    expect(bridge.local.legs).toHaveBeenCalledOnce();
    expect(lastQuery(bridge)).toMatchObject({ offset: 0, limit: 100, sort: { column: 'effectiveAt', desc: true } });
    expect(screen.getAllByRole('row').length).toBeLessThan(60);
  });

  it('asks main to sort every leg when a header is clicked, and reverses on a second click', async () => {
    const bridge = storeBridge();
    const { user } = renderWithApp(<LocalTransfers profileId="sandbox" party={ALICE} />, { bridge });
    await screen.findByText('1,000 legs match');
    const header = screen.getByRole('columnheader', { name: /Amount/ });

    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(lastQuery(bridge).sort).toEqual({ column: 'amount', desc: false }));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(lastQuery(bridge).sort).toEqual({ column: 'amount', desc: true }));
    expect(header.getAttribute('aria-sort')).toBe('descending');
  });

  it('shows amounts exactly, and an amount kept as text with a marker and why', async () => {
    const bridge = storeBridge({ amount: '1e400', amountExact: false });
    renderWithApp(<LocalTransfers profileId="sandbox" party={ALICE} />, { bridge });
    await screen.findByText('1,000 legs match');

    const inexact = amountCell(0).firstElementChild as HTMLElement;
    // The marker is for the eye; a screen reader hears why instead.
    expect(inexact.textContent).toBe('≈ 1e400 (kept as text, left out of sums)');
    expect(inexact.querySelector('.inexact-marker')?.getAttribute('aria-hidden')).toBe('true');
    expect(inexact.title).toBe('Kept as text (1e400): not an exact decimal, left out of sums');
    expect(amountCell(1).textContent).toBe('1.50');
  });

  it('refuses an amount bound that is not a plain number at its field, and keeps the last good filters', async () => {
    const bridge = storeBridge();
    const { user } = renderWithApp(<LocalTransfers profileId="sandbox" party={ALICE} />, { bridge });
    await screen.findByText('1,000 legs match');

    await user.type(screen.getByLabelText('Amount at least'), '1,000');
    expect(screen.getByRole('alert').textContent).toBe(
      'a plain decimal number, like 1000 or 12.5 (no grouping, no exponent)',
    );
    expect(screen.getByLabelText('Amount at least').getAttribute('aria-invalid')).toBe('true');
    // "1" was a good bound on the way; "1," and what follows never reach main.
    expect(bridge.local.legs.mock.calls.map(([q]) => q.filters.amountMin)).not.toContain('1,000');
    expect(lastQuery(bridge).filters.amountMin).toBe('1');

    await user.clear(screen.getByLabelText('Amount at least'));
    await user.type(screen.getByLabelText('Amount at least'), '250.5');
    await waitFor(() => expect(lastQuery(bridge).filters.amountMin).toBe('250.5'));
  });

  it('searches once typing pauses, not on every key', async () => {
    const bridge = storeBridge();
    const { user } = renderWithApp(<LocalTransfers profileId="sandbox" party={ALICE} />, { bridge });
    await screen.findByText('1,000 legs match');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'bob::');
    await waitFor(() => expect(lastQuery(bridge).filters.search).toBe('bob::'));
    const searches = bridge.local.legs.mock.calls.map(([q]) => q.filters.search).filter((s) => s !== null);
    expect(searches).toEqual(['bob::']);
  });
});
