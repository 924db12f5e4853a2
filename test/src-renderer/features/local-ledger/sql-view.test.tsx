// The SQL tab: Run sends the editor's text to main with the row cap, the rows come back in a table
// with the cap said when more exist, a refusal shows at the editor, and Cancel tells main to stop
// the running query (app.cancel with its request id). Typing is covered by e2e/browser/local-sql.spec.ts.
import { EditorView } from '@codemirror/view';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SqlView } from '../../../../src-renderer/features/local-ledger/sql/sql-view.tsx';
import type { SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import { SQL_ROW_CAP } from '../../../../src-shared/contract/local-ledger.ts';
import { createFakeBridge, failWith } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const PARTY = 'alice::1220aa';

function editor(container: HTMLElement) {
  const content = container.querySelector('.sql-editor')?.shadowRoot?.querySelector<HTMLElement>('.cm-content');
  if (!content) throw new Error('the SQL editor did not mount');
  return { content, view: EditorView.findFromDOM(content) as EditorView };
}

function setText(container: HTMLElement, text: string) {
  const { view } = editor(container);
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' });
}

const result = (rows: number, truncated: boolean): SqlResult => ({
  columns: [
    { name: 'symbol', type: 'VARCHAR' },
    { name: 'units', type: 'HUGEINT' },
    { name: 'legs', type: 'BIGINT' },
  ],
  rows: Array.from({ length: rows }, (_, i) => [`S${i}`, '170141183460469231731687303715884105727', i]),
  truncated,
  elapsedMs: 4,
});

describe('SqlView', () => {
  // The virtualized table renders the rows that fit its height; happy-dom lays nothing out.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });

  it('runs the query and shows its rows, exact text kept as text', async () => {
    const bridge = createFakeBridge({ local: { sql: async () => result(3, false) } });
    const { container, user } = renderWithApp(<SqlView profileId="sandbox" party={PARTY} />, { bridge });
    setText(container, 'SELECT symbol, sum(amount_units) AS units, count(*) AS legs FROM legs GROUP BY 1');
    await user.click(screen.getByRole('button', { name: 'Run' }));

    const table = await screen.findByRole('table', { name: 'Query results' });
    expect(bridge.local.sql).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        profileId: 'sandbox',
        sql: 'SELECT symbol, sum(amount_units) AS units, count(*) AS legs FROM legs GROUP BY 1',
        rowCap: SQL_ROW_CAP,
      }),
    );
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['S0', '170141183460469231731687303715884105727', '0']);
    expect(screen.getByRole('status').textContent).toContain('3 rows');
  });

  it('says when only the first rows are shown', async () => {
    const bridge = createFakeBridge({ local: { sql: async () => result(SQL_ROW_CAP, true) } });
    const { user } = renderWithApp(<SqlView profileId="sandbox" party={PARTY} />, { bridge });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect((await screen.findByRole('status')).textContent).toContain('First 1,000 rows of more: export for all.');
    expect(screen.getByRole('button', { name: 'Export all rows…' })).toBeTruthy();
  });

  it('shows a refusal at the editor', async () => {
    const bridge = createFakeBridge();
    failWith(
      bridge.local.sql,
      'invalid_argument',
      'Only reads run here: DELETE was refused. The local store is read-only from SQL.',
    );
    const { container } = renderWithApp(<SqlView profileId="sandbox" party={PARTY} />, { bridge });
    setText(container, 'DELETE FROM legs');
    fireEvent.keyDown(editor(container).content, { key: 'Enter', ctrlKey: true });

    expect((await screen.findByRole('alert')).textContent).toContain('DELETE was refused');
    expect(editor(container).content.getAttribute('aria-invalid')).toBe('true');
    expect(editor(container).content.getAttribute('aria-description')).toContain('DELETE was refused');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('cancels the running query through app.cancel', async () => {
    let reject: (error: unknown) => void = () => {};
    const bridge = createFakeBridge({
      local: { sql: () => new Promise<SqlResult>((_, no) => (reject = no)) },
      app: {
        cancel: async () => {
          reject({ name: 'BridgeError', code: 'cancelled', message: 'Cancelled.' });
          return true;
        },
      },
    });
    const { user } = renderWithApp(<SqlView profileId="sandbox" party={PARTY} />, { bridge });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    const requestId = (bridge.local.sql.mock.calls[0][0] as { requestId: string }).requestId;
    expect(bridge.app.cancel).toHaveBeenCalledExactlyOnceWith(requestId);
    expect((await screen.findByRole('status')).textContent).toBe('Cancelled.');
    expect(screen.getByRole('button', { name: 'Run' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
