// The filter form is laid out from answers that arrive one by one after the window opens (the
// settings, where the ledger JWT is kept, what it names, the node choices, the sandbox's parties).
// Rows they add sit above the asset, time and order fields, so the form takes no input until all
// of them are in: a click made at once can then neither land on a moving field nor be lost.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FilterForm } from '../../../../../src-renderer/features/transfers/filters/filter-form.tsx';
import { useTransfersStore } from '../../../../../src-renderer/features/transfers/transfers-store.ts';
import type { TokenInfo } from '../../../../../src-shared/contract/transfers.ts';
import { createFakeBridge, SAMPLE_PARTIES } from '../../../../fixtures/fake-bridge.ts';
import { ALICE } from '../../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const TOKEN: TokenInfo = {
  present: true,
  form: 'claims',
  readAs: [ALICE],
  actAs: [],
  subject: null,
  expiresAt: null,
  expired: false,
  problem: null,
};

/** A bridge whose token info and sandbox parties answer only when the test says so. */
function lateBridge() {
  let answerToken: (info: TokenInfo) => void = () => {};
  let answerParties: () => void = () => {};
  const bridge = createFakeBridge({
    transfers: {
      tokenInfo: () => new Promise<TokenInfo>((resolve) => (answerToken = resolve)),
      knownParties: () =>
        new Promise((resolve) => (answerParties = () => resolve({ source: 'sandbox', parties: SAMPLE_PARTIES }))),
    },
  });
  return { bridge, answerToken: (info: TokenInfo) => answerToken(info), answerParties: () => answerParties() };
}

const form = () => screen.getByRole('form', { name: 'Transfer filters' });
const cantonCoin = () => screen.getByRole('radio', { name: 'Canton Coin' }) as HTMLInputElement;

beforeEach(() => {
  useTransfersStore.setState(useTransfersStore.getInitialState(), true);
});

describe('FilterForm: usable only once what it is laid out from has arrived', () => {
  it('is inert while the JWT’s parties and the sandbox’s parties are still coming, then keeps a choice', async () => {
    const { bridge, answerToken, answerParties } = lateBridge();
    const { user } = renderWithApp(<FilterForm profileId="sandbox" />, { bridge });

    await vi.waitFor(() => expect(bridge.transfers.tokenInfo).toHaveBeenCalled());
    expect(form().hasAttribute('inert')).toBe(true);
    expect(form().getAttribute('aria-busy')).toBe('true');

    answerToken(TOKEN);
    expect(await screen.findByRole('button', { name: `Use ${ALICE} (readAs)` })).toBeTruthy();
    // The token's parties are in, the sandbox's are not: still laid out from half its answers.
    expect(form().hasAttribute('inert')).toBe(true);

    answerParties();
    await vi.waitFor(() => expect(form().hasAttribute('inert')).toBe(false));
    expect(form().getAttribute('aria-busy')).toBeNull();
    await user.click(cantonCoin());
    expect(cantonCoin().checked).toBe(true);
    expect(useTransfersStore.getState().draft.asset).toBe('ledgerCoin');
  });

  it('is usable when a source answers with an error: nothing more is coming', async () => {
    const { bridge } = lateBridge();
    bridge.transfers.tokenInfo.mockRejectedValue({ name: 'BridgeError', code: 'internal', message: 'boom' });
    bridge.transfers.knownParties.mockRejectedValue({ name: 'BridgeError', code: 'internal', message: 'boom' });
    const { user } = renderWithApp(<FilterForm profileId="sandbox" />, { bridge });

    await vi.waitFor(() => expect(form().hasAttribute('inert')).toBe(false));
    await user.click(cantonCoin());
    expect(cantonCoin().checked).toBe(true);
  });

  it('stays usable when its sources are asked for again (a new ledger JWT drops the token info)', async () => {
    const { bridge, answerToken, answerParties } = lateBridge();
    const { user, queryClient } = renderWithApp(<FilterForm profileId="sandbox" />, { bridge });
    await vi.waitFor(() => expect(bridge.transfers.tokenInfo).toHaveBeenCalled());
    answerToken(TOKEN);
    answerParties();
    await vi.waitFor(() => expect(form().hasAttribute('inert')).toBe(false));

    const asked = bridge.transfers.tokenInfo.mock.calls.length;
    // Reset, not awaited: the token info asked for again answers only when the test says so.
    void queryClient.resetQueries();
    await vi.waitFor(() => expect(bridge.transfers.tokenInfo.mock.calls.length).toBeGreaterThan(asked));
    // The JWT's parties are gone from the picker until the new answer: the form stays as it was.
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: `Use ${ALICE} (readAs)` })).toBeNull());
    expect(form().hasAttribute('inert')).toBe(false);
    await user.click(cantonCoin());
    expect(cantonCoin().checked).toBe(true);
  });

  it('reads times in the zone preferred in Settings; a change of it rewrites a typed time to the same instant', async () => {
    const bridge = createFakeBridge();
    await bridge.settings.savePreferences({ timeZone: 'utc' });
    const first = renderWithApp(<FilterForm profileId="sandbox" />, { bridge });
    const from = () => screen.getByLabelText('From') as HTMLInputElement;
    const marker = () => document.getElementById((from().getAttribute('aria-describedby') ?? '').split(' ')[0]);
    await vi.waitFor(() => expect(form().hasAttribute('inert')).toBe(false));
    expect(marker()?.textContent).toBe('UTC');
    await first.user.type(from(), '2026-07-15 08:00');
    first.unmount();

    // Settings changed to local time, then back on Transfers: the form is built again from the same store.
    await bridge.settings.savePreferences({ timeZone: 'local' });
    first.queryClient.clear();
    renderWithApp(<FilterForm profileId="sandbox" />, { bridge, queryClient: first.queryClient });
    await vi.waitFor(() => expect(form().hasAttribute('inert')).toBe(false));
    await vi.waitFor(() => expect(marker()?.textContent).toMatch(/^local/));
    const local = new Date(Date.UTC(2026, 6, 15, 8, 0));
    const two = (n: number) => String(n).padStart(2, '0');
    const wall = `${local.getFullYear()}-${two(local.getMonth() + 1)}-${two(local.getDate())} ${two(local.getHours())}:${two(local.getMinutes())}`;
    expect(from().value).toBe(wall);
  });
});
