// The filter form refuses at the field what main would refuse (spec rules: a party id, an
// instrument pair given whole or not at all, the coin never together with a pair, Before later
// than From), and what it accepts is exactly what the screen sends to transfers.page.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FilterForm } from '../../../../../src-renderer/features/transfers/filters/filter-form.tsx';
import { TransfersScreen } from '../../../../../src-renderer/features/transfers/transfers-screen.tsx';
import { useTransfersStore } from '../../../../../src-renderer/features/transfers/transfers-store.ts';
import { createFakeBridge } from '../../../../fixtures/fake-bridge.ts';
import { ALICE, DSO, transferPage } from '../../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const HALF_PAIR = 'an instrument is its administrator and its id';

/** The message announced for a control (its Field links it through aria-describedby). */
function errorOf(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const alert = ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert');
  return alert?.textContent ?? null;
}

const shownFilters = () => useTransfersStore.getState().view?.filters;

/** The form takes input once everything it is laid out from has answered (until then it is inert). */
const formUsable = () =>
  vi.waitFor(() => expect(screen.getByRole('form', { name: 'Transfer filters' }).hasAttribute('inert')).toBe(false));

beforeEach(() => {
  useTransfersStore.setState(useTransfersStore.getInitialState(), true);
});

describe('FilterForm: the party id', () => {
  it.each([
    ['', 'enter a party id'],
    ['alice', 'a party id looks like name::1220… (the "::" is missing)'],
    ['alice::1220abc', 'not a Canton party id: expected <name>::1220 followed by 64 hex digits'],
    // A space left inside by a copy from a wrapped line: pointed at, not "not a Canton party id".
    [
      `alice::1220${'ab'.repeat(10)} ${'cd'.repeat(22)}`,
      'a party id has no spaces or line breaks: a space at character 32, "…abababababab␣cdcdcdcd…"; remove it',
    ],
    ['ali ce', 'a party id has no spaces or line breaks: a space at character 4, "ali␣ce"; remove it'],
  ])('refuses %j at the field and shows no transfers', async (typed, message) => {
    const { user } = renderWithApp(<FilterForm profileId="sandbox" />);
    await formUsable();
    const input = screen.getByLabelText('Party id');

    if (typed) await user.type(input, typed);
    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    expect(errorOf(input)).toBe(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(shownFilters()).toBeUndefined();
  });

  it('drops the message once the user edits the field, and accepts a full id', async () => {
    const { user } = renderWithApp(<FilterForm profileId="sandbox" />);
    await formUsable();
    const input = screen.getByLabelText('Party id');
    await user.type(input, 'alice');
    await user.click(screen.getByRole('button', { name: 'Show transfers' }));
    expect(errorOf(input)).not.toBeNull();

    await user.type(input, ALICE.slice('alice'.length));

    expect(errorOf(input)).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show transfers' }));
    expect(shownFilters()).toEqual({
      party: ALICE,
      asset: { kind: 'all' },
      effectiveAfter: null,
      effectiveBefore: null,
      orderDesc: true,
      pageSize: 25,
      nodeId: null,
    });
  });
});

describe('FilterForm: the asset (spec rules 3 and 4)', () => {
  async function chooseInstrument(admin: string, id: string) {
    const rendered = renderWithApp(<FilterForm profileId="sandbox" />);
    await formUsable();
    const { user } = rendered;
    await user.type(screen.getByLabelText('Party id'), ALICE);
    await user.click(screen.getByRole('radio', { name: 'Instrument' }));
    if (admin) await user.type(screen.getByLabelText('Instrument administrator'), admin);
    if (id) await user.type(screen.getByLabelText('Instrument id'), id);
    await user.click(screen.getByRole('button', { name: 'Show transfers' }));
    return rendered;
  }

  it('asks for the id when only the administrator is given', async () => {
    await chooseInstrument(DSO, '');

    expect(errorOf(screen.getByLabelText('Instrument id'))).toBe(`${HALF_PAIR}: enter the id too`);
    expect(errorOf(screen.getByLabelText('Instrument administrator'))).toBeNull();
    expect(shownFilters()).toBeUndefined();
  });

  it('asks for the administrator when only the id is given', async () => {
    await chooseInstrument('', 'Amulet');

    expect(errorOf(screen.getByLabelText('Instrument administrator'))).toBe(
      `${HALF_PAIR}: enter the administrator too`,
    );
    expect(errorOf(screen.getByLabelText('Instrument id'))).toBeNull();
    expect(shownFilters()).toBeUndefined();
  });

  it('checks the administrator as a party id', async () => {
    await chooseInstrument('registrar', 'Amulet');

    expect(errorOf(screen.getByLabelText('Instrument administrator'))).toBe(
      'a party id looks like name::1220… (the "::" is missing)',
    );
    expect(shownFilters()).toBeUndefined();
  });

  it('lists one instrument when both halves are given', async () => {
    await chooseInstrument(DSO, 'Amulet');

    expect(shownFilters()?.asset).toEqual({ kind: 'instrument', admin: DSO, id: 'Amulet' });
  });

  it('Canton Coin drops a typed pair: the coin is never sent together with an instrument', async () => {
    const { user } = await chooseInstrument(DSO, 'Amulet');
    // The query ran, so the form folded into its bar: unfold it to change the asset.
    await user.click(screen.getByRole('button', { name: /Edit filters/ }));

    await user.click(screen.getByRole('radio', { name: 'Canton Coin' }));

    expect(screen.queryByLabelText('Instrument administrator')).toBeNull();
    expect(screen.queryByLabelText('Instrument id')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show transfers' }));
    expect(shownFilters()?.asset).toEqual({ kind: 'ledgerCoin' });
  });

  it('offers the instruments seen in loaded rows and fills both halves from one pick', async () => {
    useTransfersStore.setState({
      seenInstruments: [
        { admin: DSO, id: 'Amulet', symbol: 'CC', decimals: 10 },
        { admin: ALICE, id: 'USDx', symbol: null, decimals: 2 },
      ],
    });
    const { user } = renderWithApp(<FilterForm profileId="sandbox" />);
    await formUsable();
    await user.click(screen.getByRole('radio', { name: 'Instrument' }));
    const picker = screen.getByLabelText('Instruments seen') as HTMLSelectElement;
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pick one seen in loaded rows…', 'CC (Amulet) — DSO::1220dd…dddd', 'USDx (USDx) — alice::1220aa…aaaa']);

    await user.selectOptions(picker, 'USDx (USDx) — alice::1220aa…aaaa');

    expect(screen.getByLabelText('Instrument administrator')).toHaveProperty('value', ALICE);
    expect(screen.getByLabelText('Instrument id')).toHaveProperty('value', 'USDx');
    expect(picker.selectedOptions[0].textContent).toBe('USDx (USDx) — alice::1220aa…aaaa');
  });

  it('says when no instrument has been seen yet', async () => {
    const { user } = renderWithApp(<FilterForm profileId="sandbox" />);
    await formUsable();
    await user.click(screen.getByRole('radio', { name: 'Instrument' }));

    expect(within(screen.getByLabelText('Instruments seen')).getByRole('option').textContent).toBe('None seen yet');
  });
});

describe('FilterForm: effective time (typed, docs/times.md)', () => {
  /** The form with Settings' zone, usable, the party typed. */
  async function typedForm(zone: 'utc' | 'local' = 'utc') {
    const bridge = createFakeBridge();
    await bridge.settings.savePreferences({ timeZone: zone });
    const rendered = renderWithApp(<FilterForm profileId="sandbox" />, { bridge });
    await formUsable();
    await rendered.user.type(screen.getByLabelText('Party id'), ALICE);
    return rendered;
  }

  it('refuses Before that is not later than From, at Before, in the fields’ labels', async () => {
    const { user } = await typedForm();
    await user.type(screen.getByLabelText('From'), '2026-10-01');
    await user.type(screen.getByLabelText('Before'), '2026-10-01 00:00');

    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    expect(errorOf(screen.getByLabelText('Before'))).toBe('Before must be later than From');
    expect(errorOf(screen.getByLabelText('From'))).toBeNull();
    expect(shownFilters()).toBeUndefined();
  });

  it('takes a date, a date and time, and RFC 3339 with its offset, and sends the instants in UTC', async () => {
    const { user } = await typedForm();
    await user.type(screen.getByLabelText('From'), '2026-10-01');
    await user.type(screen.getByLabelText('Before'), '2026-11-01T18:00:15.123456789012+05:30');

    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    expect(shownFilters()).toMatchObject({
      effectiveAfter: '2026-10-01T00:00:00Z',
      effectiveBefore: '2026-11-01T12:30:15.123456789012Z',
    });
  });

  it('says what is wrong at the field, naming it, and keeps the text', async () => {
    const { user } = await typedForm();
    await user.type(screen.getByLabelText('From'), '31/10/2026');
    await user.type(screen.getByLabelText('Before'), '2026-02-30');

    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    expect(errorOf(screen.getByLabelText('From'))).toMatch(/^From: write the year first, as in 2026-10-30/);
    expect(errorOf(screen.getByLabelText('Before'))).toBe('Before: no such date: 2026-02 has no day 30');
    expect(screen.getByLabelText('From')).toHaveProperty('value', '31/10/2026');
    expect(shownFilters()).toBeUndefined();
  });

  it('shows the zone beside each field, the forms in the hint, and no example value in the box', async () => {
    await typedForm('utc');
    for (const label of ['From', 'Before']) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.type).toBe('text');
      expect(input.placeholder).toBe('any time');
      const described = (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(described[0]).toBe('UTC');
      expect(described[1]).toMatch(
        /Type 2026-10-30, 2026-10-30 14:30, or 2026-10-30T14:30:00Z; a time without Z or an offset is in UTC/,
      );
    }
  });

  it('the folded bar says the times as the fields read them, in their zone', async () => {
    const { user } = await typedForm('utc');
    await user.type(screen.getByLabelText('From'), '2026-10-01T10:00+02:00');
    await user.type(screen.getByLabelText('Before'), '2026-10-02');
    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    expect(screen.getByTestId('filter-bar').textContent).toContain('from 2026-10-01 08:00 UTC before 2026-10-02 UTC');
  });

  it('reads times in the zone chosen in Settings and says so: local shows the zone’s name', async () => {
    const { user } = await typedForm('local');
    const zoneName = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    const from = screen.getByLabelText('From');
    const marker = document.getElementById((from.getAttribute('aria-describedby') ?? '').split(' ')[0]);
    expect(marker?.textContent).toBe(`local (${zoneName})`);
    await user.type(from, '2026-10-01 08:00');

    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    expect(shownFilters()?.effectiveAfter).toBe(new Date(2026, 9, 1, 8, 0).toISOString().replace('.000Z', 'Z'));
  });
});

describe('FilterForm: order, page size and node', () => {
  it('sends the order, page size and node chosen, and names the default node', async () => {
    const bridge = createFakeBridge({
      transfers: {
        nodes: async () => ({
          defaultNodeId: 'node-a',
          known: [
            { id: 'node-a', note: null },
            { id: 'node-b', note: 'backup' },
          ],
        }),
      },
    });
    const { user } = renderWithApp(<FilterForm profileId="sandbox" />, { bridge });
    await formUsable();
    const node = screen.getByLabelText('Validator node');
    await screen.findByRole('option', { name: 'node-b — backup' });
    expect(
      within(node)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Default (node-a)', 'node-a', 'node-b — backup']);
    expect(bridge.transfers.nodes).toHaveBeenCalledWith('sandbox');

    await user.type(screen.getByLabelText('Party id'), ALICE);
    await user.selectOptions(screen.getByLabelText('Order'), 'Oldest first');
    await user.selectOptions(screen.getByLabelText('Page size'), '100');
    await user.selectOptions(node, 'node-b — backup');
    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    expect(shownFilters()).toMatchObject({ orderDesc: false, pageSize: 100, nodeId: 'node-b' });
  });

  it('names the deployment default when the profile has no default node', async () => {
    renderWithApp(<FilterForm profileId="sandbox" />);
    await formUsable();

    expect(await screen.findByRole('option', { name: 'Default (the deployment default)' })).toBeTruthy();
  });
});

describe('what the form sends to transfers.page', () => {
  it('sends the filters as typed (trimmed), for the active profile, from the first page', async () => {
    const bridge = createFakeBridge({ transfers: { page: async (r) => transferPage(r.filters.party, []) } });
    const { user } = renderWithApp(<TransfersScreen />, { bridge });
    await user.type(await screen.findByLabelText('Party id'), `  ${ALICE}  `);
    await user.click(screen.getByRole('radio', { name: 'Instrument' }));
    await user.type(screen.getByLabelText('Instrument administrator'), DSO);
    await user.type(screen.getByLabelText('Instrument id'), ' Amulet ');
    await user.type(screen.getByLabelText('From'), '2026-10-01T00:00Z');
    await user.selectOptions(screen.getByLabelText('Page size'), '50');

    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    expect(await screen.findByText('Page 1 · 0 legs · last page')).toBeTruthy();
    expect(bridge.transfers.page).toHaveBeenCalledExactlyOnceWith({
      requestId: expect.stringMatching(/^tr-[0-9a-f]{24}$/),
      profileId: 'sandbox',
      next: null,
      filters: {
        party: ALICE,
        asset: { kind: 'instrument', admin: DSO, id: 'Amulet' },
        effectiveAfter: '2026-10-01T00:00:00Z',
        effectiveBefore: null,
        orderDesc: true,
        pageSize: 50,
        nodeId: null,
      },
    });
  });

  it('sends nothing while a field is wrong', async () => {
    const { bridge, user } = renderWithApp(<TransfersScreen />);
    await user.type(await screen.findByLabelText('Party id'), ALICE);
    await user.click(screen.getByRole('radio', { name: 'Instrument' }));
    await user.type(screen.getByLabelText('Instrument id'), 'Amulet');

    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    expect(errorOf(screen.getByLabelText('Instrument administrator'))).toBe(
      `${HALF_PAIR}: enter the administrator too`,
    );
    expect(screen.getByText('Choose a party and press “Show transfers”.')).toBeTruthy();
    expect(bridge.transfers.page).not.toHaveBeenCalled();
  });
});

describe('FilterForm: folded once a query has run', () => {
  it('folds into one line naming the filters that ran; a click unfolds it, Hide filters folds it again', async () => {
    const { user } = renderWithApp(<FilterForm profileId="sandbox" />);
    await formUsable();
    expect(screen.queryByTestId('filter-bar')).toBeNull();
    await user.type(screen.getByLabelText('Party id'), ALICE);
    await user.selectOptions(screen.getByLabelText('Order'), 'asc');
    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    const bar = screen.getByTestId('filter-bar');
    expect([...bar.children].map((c) => c.textContent)).toEqual([
      'alice::1220aa…aaaa',
      'all assets',
      'any time',
      'oldest first',
      'default node',
      'Edit filters',
    ]);
    expect(screen.queryByRole('form', { name: 'Transfer filters' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show transfers' })).toBeNull();

    await user.click(screen.getByRole('button', { name: /Edit filters/ }));
    expect(screen.getByRole('form', { name: 'Transfer filters' })).toBeTruthy();
    expect(screen.queryByTestId('filter-bar')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Hide filters' }));
    expect(screen.queryByRole('form', { name: 'Transfer filters' })).toBeNull();
    expect(screen.getByTestId('filter-bar')).toBeTruthy();
  });

  it('Enter on the folded bar unfolds the form with the filters as they ran', async () => {
    const { user } = renderWithApp(<FilterForm profileId="sandbox" />);
    await formUsable();
    await user.type(screen.getByLabelText('Party id'), ALICE);
    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    screen.getByTestId('filter-bar').focus();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('form', { name: 'Transfer filters' })).toBeTruthy();
    expect((screen.getByLabelText('Party id') as HTMLInputElement).value).toBe(ALICE);
  });

  it('a refused submit keeps the form open and says so to the screen', async () => {
    const refused: string[] = [];
    const { user } = renderWithApp(<FilterForm profileId="sandbox" onRefused={() => refused.push('refused')} />);
    await formUsable();
    await user.type(screen.getByLabelText('Party id'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Show transfers' }));

    expect(refused).toEqual(['refused']);
    expect(screen.getByRole('form', { name: 'Transfer filters' })).toBeTruthy();
    expect(screen.queryByTestId('filter-bar')).toBeNull();
  });
});
