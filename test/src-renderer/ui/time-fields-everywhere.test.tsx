// One way to write a time: the same text typed into the Transfers filters, the Local ledger's sync
// range, its table filter and its counterparties range is read as the same instant, or refused with
// the same message in the same labels, with the same zone beside every field (docs/times.md).
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CounterpartiesView } from '../../../src-renderer/features/local-ledger/counterparties/counterparties-view.tsx';
import { LocalLedgerScreen } from '../../../src-renderer/features/local-ledger/local-ledger-screen.tsx';
import { LocalTransfers } from '../../../src-renderer/features/local-ledger/table/local-transfers.tsx';
import { FilterForm } from '../../../src-renderer/features/transfers/filters/filter-form.tsx';
import { useTransfersStore } from '../../../src-renderer/features/transfers/transfers-store.ts';
import type { LocalLegsQuery, LocalPartyStatus } from '../../../src-shared/contract/local-ledger.ts';
import { createFakeBridge, SAMPLE_PARTIES } from '../../fixtures/fake-bridge.ts';
import { ALICE } from '../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../support/render-with-app.tsx';

/** What is typed into From and Before, and what every screen must make of it (Settings: UTC). */
const CASES: Array<{ from: string; before: string; expect: { after: string | null; before: string | null } | string }> =
  [
    {
      from: '2026-10-01',
      before: '2026-10-02 14:30',
      expect: { after: '2026-10-01T00:00:00Z', before: '2026-10-02T14:30:00Z' },
    },
    {
      from: '2026-10-01T05:30:00.123456789012+05:30',
      before: '2026-10-01t12:00z',
      expect: { after: '2026-10-01T00:00:00.123456789012Z', before: '2026-10-01T12:00:00Z' },
    },
    { from: '2026-10-02', before: '2026-10-01', expect: 'Before must be later than From' },
    { from: '2026-02-30', before: '', expect: 'From: no such date: 2026-02 has no day 30' },
    {
      from: 'last week',
      before: '',
      expect: 'From: not a date or time: use 2026-10-30, 2026-10-30 14:30, or 2026-10-30T14:30:00Z',
    },
  ];

const STATUS: LocalPartyStatus = {
  profileId: 'sandbox',
  party: ALICE,
  legs: 3,
  inexactLegs: 0,
  lastSyncAt: '2026-10-31T00:00:00.000Z',
  nodeId: null,
  firstEffectiveAt: '2026-01-01T00:00:00Z',
  lastEffectiveAt: '2026-10-30T12:00:00Z',
  resumable: false,
  job: null,
};

async function utcBridge() {
  const bridge = createFakeBridge({
    local: {
      status: async () => structuredClone(STATUS),
      legs: async (q: LocalLegsQuery) => ({ total: 0, offset: q.offset, legs: [], elapsedMs: 1 }),
      counterparties: async () => ({ rows: [], inexactLegs: 0, elapsedMs: 1 }),
    },
  });
  await bridge.settings.savePreferences({ timeZone: 'utc' });
  return bridge;
}

type Outcome = { after: string | null; before: string | null } | string;
type Screen = {
  name: string;
  /** Renders the screen, types the two texts, submits; answers the range sent, or the message shown. */
  run: (from: string, before: string) => Promise<Outcome>;
};

/** The message shown in the range's fields, if any. */
const shownMessage = (group: HTMLElement) => within(group).queryAllByRole('alert')[0]?.textContent ?? null;

async function typeRange(
  user: ReturnType<typeof renderWithApp>['user'],
  group: HTMLElement,
  from: string,
  before: string,
): Promise<void> {
  // The zone beside both fields, before anything is typed.
  await waitFor(() => expect(within(group).getAllByText('UTC')).toHaveLength(2));
  const [fromField, beforeField] = [within(group).getByLabelText('From'), within(group).getByLabelText('Before')];
  await user.clear(fromField);
  if (from) await user.type(fromField, from);
  await user.clear(beforeField);
  if (before) await user.type(beforeField, before);
}

const SCREENS: Screen[] = [
  {
    name: 'Transfers filters',
    run: async (from, before) => {
      useTransfersStore.setState(useTransfersStore.getInitialState(), true);
      const bridge = await utcBridge();
      const { user, unmount } = renderWithApp(<FilterForm profileId="sandbox" />, { bridge });
      await waitFor(() =>
        expect(screen.getByRole('form', { name: 'Transfer filters' }).hasAttribute('inert')).toBe(false),
      );
      await user.type(screen.getByLabelText('Party id'), ALICE);
      const group = screen.getByRole('group', { name: 'Effective time' });
      await typeRange(user, group, from, before);
      await user.click(screen.getByRole('button', { name: 'Show transfers' }));
      const filters = useTransfersStore.getState().view?.filters;
      const outcome = filters
        ? { after: filters.effectiveAfter, before: filters.effectiveBefore }
        : shownMessage(group);
      unmount();
      return outcome ?? 'nothing';
    },
  },
  {
    name: 'Local ledger sync range',
    run: async (from, before) => {
      const bridge = await utcBridge();
      const { user, unmount } = renderWithApp(<LocalLedgerScreen />, { bridge });
      await screen.findByRole('option', { name: SAMPLE_PARTIES[0].name });
      await user.selectOptions(screen.getByLabelText('Party'), SAMPLE_PARTIES[0].party);
      // The sync's range is one of the header's options, folded until asked for.
      await user.click(screen.getByRole('button', { name: 'Options' }));
      const group = screen.getByRole('group', { name: 'Sync range' });
      await typeRange(user, group, from, before);
      await user.click(await screen.findByRole('button', { name: 'Sync now' }));
      const sent = bridge.local.sync.mock.calls.at(-1)?.[0]?.range;
      const outcome = sent ? { after: sent.after, before: sent.before } : shownMessage(group);
      unmount();
      return outcome ?? 'nothing';
    },
  },
  {
    name: 'Local ledger table filter',
    run: async (from, before) => {
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
      const bridge = await utcBridge();
      const { user, unmount } = renderWithApp(<LocalTransfers profileId="sandbox" party={ALICE} />, { bridge });
      const group = await screen.findByRole('group', { name: 'Effective time' });
      await typeRange(user, group, from, before);
      // The table applies a valid range at once; a wrong one stays at its field.
      const expected = async () => {
        const message = shownMessage(group);
        if (message) return message;
        const range = (bridge.local.legs.mock.calls.at(-1)?.[0] as LocalLegsQuery | undefined)?.filters.range;
        return !range || (range.after === null && range.before === null) ? null : range;
      };
      let outcome: Outcome | null = null;
      await waitFor(async () => {
        outcome = await expected();
        expect(outcome).not.toBeNull();
      });
      unmount();
      return outcome ?? 'nothing';
    },
  },
  {
    name: 'Local ledger counterparties range',
    run: async (from, before) => {
      const bridge = await utcBridge();
      const { user, unmount } = renderWithApp(<CounterpartiesView profileId="sandbox" party={ALICE} />, { bridge });
      const form = await screen.findByRole('form', { name: 'Time range' });
      const group = within(form).getByRole('group', { name: 'Effective time' });
      await typeRange(user, group, from, before);
      const asked = bridge.local.counterparties.mock.calls.length;
      await user.click(within(form).getByRole('button', { name: 'Apply' }));
      const message = shownMessage(group);
      if (message) {
        unmount();
        return message;
      }
      await waitFor(() => expect(bridge.local.counterparties.mock.calls.length).toBeGreaterThan(asked));
      const range = bridge.local.counterparties.mock.calls.at(-1)?.[0].range;
      unmount();
      return range ? { after: range.after, before: range.before } : 'nothing';
    },
  },
];

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('one way to write a time on every screen', () => {
  it.each(CASES.map((c) => [`${c.from} | ${c.before}`, c] as const))('%s', async (_name, c) => {
    for (const where of SCREENS) {
      expect(await where.run(c.from, c.before), where.name).toEqual(c.expect);
    }
  });
});
