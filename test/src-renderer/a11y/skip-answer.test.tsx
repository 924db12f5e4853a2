// A long RPC answer has a Copy button on every row: "Skip Answer JSON" takes the keyboard past
// all of them in one press, and is out of sight until it has the focus.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JsonTree } from '../../../src-renderer/features/rpc/json-tree.tsx';
import { renderWithApp } from '../support/render-with-app.tsx';

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});

describe('Skip the answer', () => {
  it('comes before the rows, and Enter on it lands after the last row', async () => {
    const logs = Array.from({ length: 40 }, (_, i) => ({ logIndex: `0x${i.toString(16)}`, data: '0x' }));
    const { user } = renderWithApp(
      <JsonTree
        root={{ jsonrpc: '2.0', id: 1, result: logs }}
        methodAt={() => null}
        symbol={null}
        label="Answer JSON"
      />,
    );
    expect(screen.getAllByRole('button', { name: /^Copy / }).length).toBeGreaterThan(10);
    const skip = screen.getByRole('button', { name: 'Skip Answer JSON' });
    expect(skip.className).toBe('skip-link');

    skip.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement?.textContent).toBe('End of Answer JSON');
    // The next Tab leaves the tree: no row's button is reached.
    await user.tab();
    expect(document.activeElement?.closest('.json-tree-scroll')).toBeNull();
  });
});
