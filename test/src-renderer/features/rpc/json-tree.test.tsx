import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JsonTree } from '../../../../src-renderer/features/rpc/json-tree.tsx';
import { renderWithApp } from '../../support/render-with-app.tsx';

// happy-dom lays nothing out, so every element is 0 px high and the virtual list would render no
// row at all. A viewport of `height` px: the tree renders the rows that fit, plus its overscan; its
// content is as high as the canvas it draws the rows on (what the tree scrolls within).
function viewport(height: number) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    const canvas = this.firstElementChild as HTMLElement | null;
    return canvas ? Number.parseFloat(canvas.style.height) || 0 : 0;
  });
}

/** The tree's row for a JSON Pointer ("" is the whole answer). */
function row(path: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`.json-row[data-path="${path}"]`);
  if (!element) throw new Error(`no row for ${JSON.stringify(path)} in the tree`);
  return element;
}

const hasRow = (path: string) => document.querySelector(`.json-row[data-path="${path}"]`) !== null;

const ROW_HEIGHT = 22;

/** The user scrolls the tree to its last row (happy-dom moves nothing by itself: set, then announce). */
function scrollToBottom() {
  const scroller = screen.getByRole('region', { name: 'Answer JSON' });
  const rows = Number(screen.getByTestId('json-tree-row-count').textContent?.split(' ')[0]);
  scroller.scrollTop = rows * ROW_HEIGHT - 600;
  fireEvent.scroll(scroller);
}

const BLOCK = {
  jsonrpc: '2.0',
  id: 4,
  result: {
    number: '0x1234',
    hash: '0x9f2cbd3c3b8fb3a2ad4b24c0e0d7c0e1b0e9cc83b4b1d0d1e0b5a5c3a6c1e4f7',
    timestamp: '0x65a0b5c0',
    baseFeePerGas: '0x3b9aca00',
    miner: '0x00000000000000000000000000000000000000aa',
    transactions: [
      { hash: '0xaaa1', value: '0xde0b6b3a7640000', from: '0x00000000000000000000000000000000000000bb' },
      { hash: '0xaaa2', value: '0x0', from: '0x00000000000000000000000000000000000000cc' },
    ],
    uncles: [],
  },
};

const renderTree = (root: unknown, method: string | null = 'eth_getBlockByNumber', symbol: string | null = null) =>
  renderWithApp(<JsonTree root={root} methodAt={() => method} symbol={symbol} label="Answer JSON" />);

describe('JsonTree', () => {
  beforeEach(() => viewport(600));

  it('shows nested objects and arrays, with small containers open and values previewed', () => {
    renderTree(BLOCK);

    const tree = screen.getByRole('region', { name: 'Answer JSON' });
    expect(within(row('')).getByRole('button', { name: 'Collapse answer' }).getAttribute('aria-expanded')).toBe('true');
    expect(row('/jsonrpc').textContent).toContain('"jsonrpc": "2.0"');
    expect(row('/id').textContent).toContain('"id": 4');
    // The result object is small, so it starts open; its transactions array does not.
    expect(within(row('/result')).getByRole('button', { name: 'Collapse result' })).toBeTruthy();
    expect(row('/result/transactions').textContent).toContain('[2 items]');
    expect(row('/result/uncles').textContent).toContain('[0 items]');
    expect(
      within(row('/result/transactions'))
        .getByRole('button', { name: 'Expand transactions' })
        .getAttribute('aria-expanded'),
    ).toBe('false');
    expect(hasRow('/result/transactions/0')).toBe(false);
    expect(within(tree).getAllByRole('button', { name: /^Copy / }).length).toBe(
      Number(screen.getByTestId('json-tree-row-count').textContent?.split(' ')[0]),
    );
  });

  it('expands and collapses a container, and collapses everything at once', async () => {
    const { user } = renderTree(BLOCK);
    expect(screen.getByTestId('json-tree-row-count').textContent).toBe('11 rows shown');

    await user.click(screen.getByRole('button', { name: 'Expand transactions' }));

    expect(row('/result/transactions/0').textContent).toContain('0: {3 keys}');
    expect(row('/result/transactions/1').textContent).toContain('{3 keys}');
    expect(screen.getByTestId('json-tree-row-count').textContent).toBe('13 rows shown');

    await user.click(within(row('/result/transactions/0')).getByRole('button', { name: 'Expand 0' }));
    expect(row('/result/transactions/0/value').textContent).toContain('"0xde0b6b3a7640000"');

    await user.click(screen.getByRole('button', { name: 'Collapse result' }));
    expect(hasRow('/result/number')).toBe(false);
    expect(row('/result').textContent).toContain('{7 keys}');

    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(hasRow('/jsonrpc')).toBe(true);
    expect(hasRow('/result/transactions')).toBe(false);
    expect(screen.getByTestId('json-tree-row-count').textContent).toBe('4 rows shown');
  });

  it('shows what hex quantities mean beside them, and leaves hashes and addresses alone', async () => {
    const { user } = renderTree(BLOCK, 'eth_getBlockByNumber', 'POL');
    await user.click(screen.getByRole('button', { name: 'Expand transactions' }));
    await user.click(within(row('/result/transactions/0')).getByRole('button', { name: 'Expand 0' }));

    expect(row('/result/number').querySelector('.json-hint-decimal')?.textContent).toBe('= 4,660');
    expect(row('/result/baseFeePerGas').querySelector('.json-hint-gwei')?.textContent).toBe('= 1 gwei');
    expect(row('/result/timestamp').querySelector('.json-hint-time')?.textContent).toBe('= 2024-01-12T03:45:04Z');
    // wei in the chain's own currency, exactly.
    const value = row('/result/transactions/0/value');
    expect(value.querySelector('.json-hint-ether')?.textContent).toBe('= 1 POL');
    expect(value.querySelector('.json-hint-ether')?.getAttribute('title')).toMatch(/wei in the native currency/);
    for (const path of [
      '/result/hash',
      '/result/miner',
      '/result/transactions/0/from',
      '/result/transactions/0/hash',
    ]) {
      expect(row(path).querySelector('.json-hint'), path).toBeNull();
    }
  });

  it("decodes a bare result by the method's name, with 'ether' when the chain gives no symbol", () => {
    renderTree({ jsonrpc: '2.0', id: 1, result: '0x1bc16d674ec80000' }, 'eth_getBalance');

    const hints = [...row('/result').querySelectorAll('.json-hint')].map((hint) => hint.textContent);
    expect(hints).toEqual(['= 2,000,000,000,000,000,000', '= 2 ether']);
  });

  it('finds keys and values anywhere, opens the way to each match and steps through them', async () => {
    const { user } = renderTree(BLOCK);
    expect(hasRow('/result/transactions/1/hash')).toBe(false);

    await user.type(screen.getByRole('searchbox', { name: 'Search the answer' }), 'AAA');
    await user.click(screen.getByRole('button', { name: 'Find' }));

    expect(screen.getByTestId('json-search-status').textContent).toBe('1 of 2 matches');
    // Both matches are revealed inside the closed array, highlighted, the first one current.
    expect(row('/result/transactions/0/hash').className).toContain('json-row-match');
    expect(row('/result/transactions/1/hash').className).toContain('json-row-match');
    expect(row('/result/transactions/0/hash').dataset.current).toBe('true');
    expect(row('/result/transactions/1/hash').dataset.current).toBeUndefined();
    expect(row('/result/number').className).not.toContain('json-row-match');

    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(screen.getByTestId('json-search-status').textContent).toBe('2 of 2 matches');
    expect(row('/result/transactions/1/hash').dataset.current).toBe('true');
    expect(row('/result/transactions/0/hash').dataset.current).toBeUndefined();

    // Wraps around both ways.
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(screen.getByTestId('json-search-status').textContent).toBe('1 of 2 matches');
    await user.click(screen.getByRole('button', { name: 'Previous match' }));
    expect(screen.getByTestId('json-search-status').textContent).toBe('2 of 2 matches');
  });

  it('matches keys as well as values, and says when nothing matches', async () => {
    const { user } = renderTree(BLOCK);
    const search = screen.getByRole('searchbox', { name: 'Search the answer' });

    await user.type(search, 'baseFee{Enter}');
    expect(screen.getByTestId('json-search-status').textContent).toBe('1 of 1 matches');
    expect(row('/result/baseFeePerGas').className).toContain('json-row-match');
    // One match: nothing to step through.
    expect(screen.queryByRole('button', { name: 'Next match' })).toBeNull();

    await user.clear(search);
    await user.type(search, 'no-such-thing{Enter}');
    expect(screen.getByTestId('json-search-status').textContent).toBe('No match for “no-such-thing”');
    expect(document.querySelector('.json-row-match')).toBeNull();
  });

  it('lists a large array a chunk at a time and shows more on request', async () => {
    const logs = Array.from({ length: 1_234 }, (_, index) => ({ logIndex: `0x${index.toString(16)}` }));
    const { user } = renderTree({ jsonrpc: '2.0', id: 1, result: logs }, 'eth_getLogs');

    // Too large to open by itself.
    expect(row('/result').textContent).toContain('[1234 items]');
    expect(hasRow('/result/0')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Expand result' }));
    expect(screen.getByTestId('json-tree-row-count').textContent).toBe('505 rows shown');
    scrollToBottom();
    expect(await screen.findByRole('button', { name: 'Show 500 more (734 not shown)' })).toBeTruthy();
    expect(hasRow('/result/499')).toBe(true);
    expect(hasRow('/result/500')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Show 500 more (734 not shown)' }));
    scrollToBottom();
    expect(await screen.findByRole('button', { name: 'Show 234 more (234 not shown)' })).toBeTruthy();
    expect(hasRow('/result/999')).toBe(true);
    expect(hasRow('/result/1000')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Show 234 more (234 not shown)' }));
    scrollToBottom();
    await waitFor(() => expect(hasRow('/result/1233')).toBe(true));
    expect(screen.queryByRole('button', { name: /^Show \d+ more/ })).toBeNull();
    expect(screen.getByTestId('json-tree-row-count').textContent).toBe('1238 rows shown');
  });

  it('renders only the rows in view, however many are open', async () => {
    const logs = Array.from({ length: 400 }, (_, index) => index);
    const { user } = renderTree({ result: logs });
    await user.click(screen.getByRole('button', { name: 'Expand result' }));

    expect(screen.getByTestId('json-tree-row-count').textContent).toBe('402 rows shown');
    // 600 px of 22 px rows, plus the overscan: a few dozen rows in the DOM, not 402.
    const rendered = document.querySelectorAll('.json-row').length;
    expect(rendered).toBeGreaterThan(20);
    expect(rendered).toBeLessThan(60);
  });

  it('reveals a match beyond the first chunk of a large array and scrolls to it', async () => {
    const logs = Array.from({ length: 700 }, (_, index) => ({ logIndex: index === 650 ? 'needle' : 'hay' }));
    const { user } = renderTree({ result: logs });

    await user.type(screen.getByRole('searchbox', { name: 'Search the answer' }), 'needle{Enter}');

    expect(screen.getByTestId('json-search-status').textContent).toBe('1 of 1 matches');
    // The tree scrolls the match (row 653: root, result, items 0-650, then its key) to the middle.
    const scroller = screen.getByRole('region', { name: 'Answer JSON' });
    await waitFor(() => expect(Math.abs(scroller.scrollTop - (653 * ROW_HEIGHT - 300))).toBeLessThan(ROW_HEIGHT));
    fireEvent.scroll(scroller);
    await waitFor(() => expect(row('/result/650/logIndex').dataset.current).toBe('true'));
    expect(row('/result/650/logIndex').className).toContain('json-row-match');
  });

  it('copies a string as it is and a container as JSON, and says which one was copied', async () => {
    const { user } = renderTree(BLOCK);

    await user.click(screen.getByRole('button', { name: 'Copy result.hash' }));
    expect(await navigator.clipboard.readText()).toBe(BLOCK.result.hash);
    expect(within(row('/result/hash')).getByRole('button', { name: 'Copy result.hash' }).textContent).toBe('Copied');
    expect(within(row('/result/number')).getByRole('button', { name: 'Copy result.number' }).textContent).toBe('Copy');

    await user.click(screen.getByRole('button', { name: 'Copy result.transactions' }));
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual(BLOCK.result.transactions);
    expect(within(row('/result/hash')).getByRole('button', { name: 'Copy result.hash' }).textContent).toBe('Copy');

    await user.click(screen.getByRole('button', { name: 'Copy the whole answer' }));
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual(BLOCK);
  });

  it('copies numbers, booleans and null as JSON text', async () => {
    const { user } = renderTree({ result: { count: 3, ok: false, none: null } });

    await user.click(screen.getByRole('button', { name: 'Copy result.count' }));
    expect(await navigator.clipboard.readText()).toBe('3');
    await user.click(screen.getByRole('button', { name: 'Copy result.ok' }));
    expect(await navigator.clipboard.readText()).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Copy result.none' }));
    expect(await navigator.clipboard.readText()).toBe('null');
  });

  it('shows nothing as copied when the clipboard refuses', async () => {
    const { user } = renderTree({ result: '0xabc' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));

    await user.click(screen.getByRole('button', { name: 'Copy result' }));

    expect(screen.queryByText('Copied')).toBeNull();
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('0xabc');
  });

  it('marks a JSON-RPC error object', () => {
    renderTree({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'the method does not exist' } });

    expect(row('/error').className).toContain('json-row-error');
    expect(row('/error/message').textContent).toContain('"the method does not exist"');
  });
});
