import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChainsTable } from '../../../../src-renderer/features/chains/chains-table.tsx';
import type { ChainSummary } from '../../../../src-shared/contract/schemas.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const CHAINS: ChainSummary[] = [
  {
    name: 'ethereum',
    fields: { name: 'ethereum', chainId: 1, nativeCurrency: { symbol: 'ETH', decimals: 18 }, archive: true },
  },
  { name: 'polygon', fields: { name: 'polygon', chainId: 137, nativeCurrency: { symbol: 'POL', decimals: 18 } } },
  { name: 'base-sepolia', fields: { name: 'base-sepolia', chainId: 84532, testnet: true, note: null } },
];

function renderTable(search = '', chains = CHAINS) {
  const onOpen = vi.fn();
  const rendered = renderWithApp(<ChainsTable chains={chains} search={search} onOpen={onOpen} />);
  return { ...rendered, onOpen };
}

/** The body rows of the table, as [name, details] text. */
function bodyRows() {
  const [, ...rows] = within(screen.getByRole('table', { name: 'Chains' })).getAllByRole('row');
  return rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(0, 2)
      .map((cell) => cell.textContent),
  );
}

describe('ChainsTable', () => {
  it('lists every chain with every other field the listing gave, as text', () => {
    renderTable();

    const headers = within(screen.getByRole('table', { name: 'Chains' })).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Details', 'Actions']);
    expect(bodyRows()).toEqual([
      ['ethereum', 'chainId: 1nativeCurrency: {"symbol":"ETH","decimals":18}archive: true'],
      ['polygon', 'chainId: 137nativeCurrency: {"symbol":"POL","decimals":18}'],
      ['base-sepolia', 'chainId: 84532testnet: truenote: null'],
    ]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows markup from the service as text, never as HTML', () => {
    renderTable('', [{ name: 'evil', fields: { name: 'evil', note: '<img src=x onerror=alert(1)>' } }]);

    expect(bodyRows()).toEqual([['evil', 'note: <img src=x onerror=alert(1)>']]);
    expect(screen.getByRole('table').querySelector('img')).toBeNull();
  });

  it.each([
    ['by name', 'POLY', ['polygon']],
    ['by a value in the details', '84532', ['base-sepolia']],
    ['inside a nested object', 'DECIMALS', ['ethereum', 'polygon']],
    ['by a field name', 'testnet', ['base-sepolia']],
  ])('filters %s, in any case', (_, search, names) => {
    renderTable(search);

    expect(bodyRows().map(([name]) => name)).toEqual(names);
  });

  it('says when no chain matches', () => {
    renderTable('solana');

    expect(bodyRows()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No chain matches “solana”.');
  });

  it('does not match the words of its own buttons', () => {
    renderTable('console');

    expect(bodyRows()).toEqual([]);
  });

  it('asks to open the chain of the row in the RPC console', async () => {
    const { user, onOpen } = renderTable();

    await user.click(screen.getByRole('button', { name: 'Open polygon in the RPC console' }));

    expect(onOpen).toHaveBeenCalledExactlyOnceWith('polygon');
    expect(screen.getAllByRole('button', { name: /^Open .+ in the RPC console$/ })).toHaveLength(3);
  });
});
