// The scope picker: all synced by default (no scope sent), one party and a chosen set from the
// store's synced parties, a portfolio once one exists; the portfolio manager saves a name and its
// members through main and shows main's refusal at the form. And the SQL tab sends the scope chosen.
import { EditorView } from '@codemirror/view';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ScopePicker } from '../../../../../src-renderer/features/local-ledger/scope/scope-picker.tsx';
import { SqlView } from '../../../../../src-renderer/features/local-ledger/sql/sql-view.tsx';
import type { LocalStoreInfo } from '../../../../../src-shared/contract/local-ledger.ts';
import type { SqlScope } from '../../../../../src-shared/contract/party-scope.ts';
import { bridgeError, createFakeBridge } from '../../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const ALICE = `alice::1220${'a'.repeat(64)}`;
const BOB = `bob::1220${'b'.repeat(64)}`;
const enabled = (option: HTMLElement) => !(option as HTMLOptionElement).disabled;
const stores = async (): Promise<LocalStoreInfo[]> => [
  {
    profileId: 'sandbox',
    profileName: 'Sandbox',
    path: '/x/sandbox.duckdb',
    sizeBytes: 1,
    parties: [ALICE, BOB].map((party) => ({ party, legs: 3, lastSyncAt: null, nodeId: null })),
  },
];

function Harness({ seen }: { seen: (scope: SqlScope) => void }) {
  const [scope, setScope] = useState<SqlScope>({ kind: 'all' });
  return (
    <ScopePicker
      profileId="sandbox"
      value={scope}
      onChange={(next) => {
        seen(next);
        setScope(next);
      }}
    />
  );
}

describe('ScopePicker', () => {
  it('offers one party and a chosen set from the synced parties', async () => {
    const seen = vi.fn();
    const bridge = createFakeBridge({ local: { stores } });
    const { user } = renderWithApp(<Harness seen={seen} />, { bridge });
    const kind = screen.getByRole('combobox', { name: 'Query parties' });
    await screen.findByRole('option', { name: 'One party' });
    await vi.waitFor(() => expect(enabled(within(kind).getByRole('option', { name: 'One party' }))).toBe(true));
    expect(enabled(within(kind).getByRole('option', { name: 'A portfolio' }))).toBe(false);
    expect(within(kind).getByRole('option', { name: 'All synced parties' })).toBeTruthy();
    await user.selectOptions(kind, 'parties');
    expect(seen).toHaveBeenLastCalledWith({ kind: 'parties', parties: [ALICE] });
    const set = screen.getByRole('group', { name: 'Query party set' });
    const boxes = within(set).getAllByRole('checkbox');
    await user.click(boxes[1]);
    expect(seen).toHaveBeenLastCalledWith({ kind: 'parties', parties: [ALICE, BOB] });
    await user.selectOptions(kind, 'party');
    expect(seen).toHaveBeenLastCalledWith({ kind: 'party', party: ALICE });
  });

  it('saves a portfolio through main and says its refusal at the form', async () => {
    const bridge = createFakeBridge({
      local: {
        stores,
        savePortfolio: vi
          .fn()
          .mockRejectedValueOnce(
            bridgeError('invalid_argument', 'A portfolio named "Treasury" exists: choose another name.'),
          )
          .mockResolvedValueOnce([{ name: 'Ops', parties: [ALICE, BOB] }]),
      },
    });
    const { user } = renderWithApp(<Harness seen={() => {}} />, { bridge });
    await user.click(screen.getByRole('button', { name: 'Portfolios…' }));
    const form = screen.getByRole('form', { name: 'New portfolio' });
    await user.type(within(form).getByLabelText('Portfolio name'), 'Treasury');
    const members = await within(form).findAllByRole('checkbox');
    await user.click(members[0]);
    await user.click(members[1]);
    await user.click(within(form).getByRole('button', { name: 'Save portfolio' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('A portfolio named "Treasury" exists');
    expect(bridge.local.savePortfolio).toHaveBeenLastCalledWith({
      profileId: 'sandbox',
      previousName: null,
      name: 'Treasury',
      parties: [ALICE, BOB],
    });
    await user.clear(within(form).getByLabelText('Portfolio name'));
    await user.type(within(form).getByLabelText('Portfolio name'), 'Ops');
    await user.click(within(form).getByRole('button', { name: 'Save portfolio' }));
    expect((await screen.findByRole('listitem')).textContent).toMatch(/^Ops \(2 parties\)/);
    const kind = screen.getByRole('combobox', { name: 'Query parties' });
    expect(enabled(within(kind).getByRole('option', { name: 'A portfolio' }))).toBe(true);
  });
});

describe('the SQL tab with a scope', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });

  it('sends no scope for all synced parties, and the chosen one otherwise', async () => {
    const bridge = createFakeBridge({ local: { stores } });
    const { container, user } = renderWithApp(<SqlView profileId="sandbox" party={ALICE} />, { bridge });
    const content = container.querySelector('.sql-editor')?.shadowRoot?.querySelector<HTMLElement>('.cm-content');
    expect(EditorView.findFromDOM(content as HTMLElement)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await vi.waitFor(() => expect(bridge.local.sql).toHaveBeenCalledTimes(1));
    expect(vi.mocked(bridge.local.sql).mock.calls[0][0]).not.toHaveProperty('scope');
    const kind = screen.getByRole('combobox', { name: 'Query parties' });
    await vi.waitFor(() => expect(enabled(within(kind).getByRole('option', { name: 'One party' }))).toBe(true));
    await user.selectOptions(kind, 'party');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await vi.waitFor(() => expect(bridge.local.sql).toHaveBeenCalledTimes(2));
    expect(vi.mocked(bridge.local.sql).mock.calls[1][0]).toMatchObject({ scope: { kind: 'party', party: ALICE } });
  });
});
