// The notebook's parameter form as a new user meets it (issue 37, item 11): an instrument field
// offers the instruments the store holds and takes a symbol that names one of them, From and To
// start filled (the last 365 days) so a built-in runs at once, and a count asks for a whole number.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SqlView } from '../../../../src-renderer/features/local-ledger/sql/sql-view.tsx';
import type { LocalFacets, SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import { createFakeBridge, fakeNotebook } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const PARTY = `alice::1220${'ab'.repeat(32)}`;
const admin = (name: string) => `${name}::1220${'cd'.repeat(32)}`;
const FACETS: LocalFacets = {
  instruments: [
    { instrumentAdmin: admin('dso'), instrumentId: 'Amulet', symbol: 'CC', decimals: 10, legs: 40 },
    { instrumentAdmin: admin('usd-bank'), instrumentId: 'USDX', symbol: 'USDX', decimals: 6, legs: 20 },
    { instrumentAdmin: admin('other-bank'), instrumentId: 'USDX', symbol: 'USDX', decimals: 6, legs: 3 },
    { instrumentAdmin: admin('eu-1'), instrumentId: 'EURX-1', symbol: 'EUR', decimals: 2, legs: 2 },
    { instrumentAdmin: admin('eu-2'), instrumentId: 'EURX-2', symbol: 'EUR', decimals: 2, legs: 1 },
  ],
  statuses: [],
};
const RESULT: SqlResult = { columns: [{ name: 'n', type: 'BIGINT' }], rows: [[1]], truncated: false, elapsedMs: 1 };

async function open(query: string) {
  const notebook = fakeNotebook();
  notebook.outside('q.sql', query);
  const bridge = createFakeBridge({ notebook, local: { sql: async () => RESULT, facets: async () => FACETS } });
  const rendered = renderWithApp(<SqlView profileId="sandbox" party={PARTY} />, { bridge });
  const list = await screen.findByRole('list', { name: 'My queries' });
  await rendered.user.click(await within(list).findByRole('button', { name: 'Q' }));
  await screen.findByRole('heading', { name: 'Q' });
  const form = screen.getByRole('group', { name: 'Parameters' });
  return { ...rendered, form };
}

/** The texts a field's aria-describedby points at (its message, hint, zone). */
const describedAs = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the instrument field', () => {
  const QUERY =
    '-- name: Q\n\nSELECT count(*) AS n FROM legs WHERE party = {{party}} AND instrument_id = {{instrument}}\n';

  it('offers the instruments the store holds, by id with their symbol', async () => {
    const { form } = await open(QUERY);
    const input = within(form).getByLabelText('Instrument') as HTMLInputElement;
    const list = await vi.waitFor(() => {
      const found = input.list;
      if (!found || found.options.length === 0) throw new Error('no list of instruments yet');
      return found;
    });
    expect([...list.options].map((o) => [o.value, o.getAttribute('label')])).toEqual([
      ['Amulet', 'CC · 40 legs'],
      ['USDX', 'USDX · 23 legs, 2 administrators'],
      ['EURX-1', 'EUR · 2 legs'],
      ['EURX-2', 'EUR · 1 leg'],
    ]);
  });

  it('takes a symbol that names one instrument: runs with its id, and says so at the field', async () => {
    const { form, user, bridge } = await open(QUERY);
    const input = within(form).getByLabelText('Instrument');
    await user.type(input, 'CC');
    expect(await vi.waitFor(() => describedAs(input).match(/CC is the symbol of Amulet/)?.[0])).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('table', { name: 'Query results' });
    expect(bridge.local.sql.mock.calls[0][0].params?.[1]).toEqual({ type: 'VARCHAR', value: 'Amulet' });
  });

  it('a symbol of two instruments is refused at the field, naming them; an id the store lacks runs with a hint', async () => {
    const { form, user, bridge } = await open(QUERY);
    const input = within(form).getByLabelText('Instrument');
    await user.type(input, 'EUR');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(bridge.local.sql).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedAs(input)).toMatch(/EUR is the symbol of 2 instruments: EURX-1, EURX-2/);
    await user.clear(input);
    await user.type(input, 'NOPE');
    expect(describedAs(input)).toMatch(/No instrument has the id or symbol "NOPE" in the legs read here/);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('table', { name: 'Query results' });
    expect(bridge.local.sql.mock.calls[0][0].params?.[1]).toEqual({ type: 'VARCHAR', value: 'NOPE' });
  });
});

describe('From and To', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 7, 12, 0, 0)); // noon, local time
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('start at the last 365 days (To excludes tomorrow), shown in the fields, and Run binds them', async () => {
    const query =
      '-- name: Q\n-- param: from time label="From (included)"\n\nSELECT count(*) AS n FROM legs WHERE effective_at >= {{from}} AND effective_at < {{to}}\n';
    const { form, user, bridge } = await open(query);
    const from = within(form).getByLabelText('From (included)') as HTMLInputElement;
    const to = within(form).getByLabelText('To') as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['2025-12-07', '2026-12-08']);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('table', { name: 'Query results' });
    const micros = (date: Date) => String(BigInt(date.getTime()) * 1000n);
    expect(bridge.local.sql.mock.calls[0][0].params).toEqual([
      { type: 'TIMESTAMP', micros: micros(new Date(2025, 11, 7)) },
      { type: 'TIMESTAMP', micros: micros(new Date(2026, 11, 8)) },
    ]);
  });
});

describe('a count', () => {
  it('asks for a whole number, and refuses a fraction at the field', async () => {
    const query = '-- name: Q\n-- param: top integer label="Counterparties" default=5\n\nSELECT {{top}} AS n\n';
    const { form, user, bridge } = await open(query);
    const input = within(form).getByLabelText('Counterparties');
    expect(describedAs(input)).toMatch(/a whole number: 5, 1000/);
    expect(describedAs(input)).not.toMatch(/decimal/);
    await user.clear(input);
    await user.type(input, '2.5');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedAs(input)).toMatch(/a whole number/);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(bridge.local.sql).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('table', { name: 'Query results' });
    expect(bridge.local.sql.mock.calls[0][0].params).toEqual([{ type: 'DECIMAL', units: '12', width: 2, scale: 0 }]);
  });
});
