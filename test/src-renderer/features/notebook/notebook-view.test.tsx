// The notebook screen (the Local ledger's SQL tab) over the fake bridge's in-memory folder: the
// parameter form (one field per parameter, each message at its field, the party from the screen),
// Run binding values as $n (never in the text), header problems by line, Save with its conflict,
// and a file changed on disk: reloaded when there are no edits, Reload / Keep mine when there are.
import { isolateHistory, undo } from '@codemirror/commands';
import { EditorView } from '@codemirror/view';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalLedgerScreen } from '../../../../src-renderer/features/local-ledger/local-ledger-screen.tsx';
import { SqlView } from '../../../../src-renderer/features/local-ledger/sql/sql-view.tsx';
import { useUiStore } from '../../../../src-renderer/ui-store.ts';
import type { SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import { stubCanvas2d } from '../../../fixtures/canvas-2d-stub.ts';
import { createFakeBridge, fakeNotebook, SAMPLE_PARTIES } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const PARTY = `alice::1220${'ab'.repeat(32)}`;
const QUERY = `-- name: Big legs
-- description: Legs at or above a minimum.
-- param: min number label="Minimum (units)"
-- param: status text default=completed

SELECT update_id FROM legs
WHERE party = {{party}} AND amount_units >= {{min}} AND status = {{status}} AND effective_at >= {{from}}
`;
const RESULT: SqlResult = {
  columns: [{ name: 'update_id', type: 'VARCHAR' }],
  rows: [['u1']],
  truncated: false,
  elapsedMs: 1,
};

function editor(container: HTMLElement) {
  const content = container.querySelector('.sql-editor')?.shadowRoot?.querySelector<HTMLElement>('.cm-content');
  if (!content) throw new Error('the SQL editor did not mount');
  return EditorView.findFromDOM(content) as EditorView;
}
const editorText = (container: HTMLElement) => editor(container).state.doc.toString();
function type(container: HTMLElement, text: string) {
  const view = editor(container);
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' });
}

async function setup() {
  const notebook = fakeNotebook();
  notebook.outside('big.sql', QUERY);
  notebook.outside('broken.sql', '-- name: Broken\n-- param: x float\n\nSELECT {{x}}\n');
  const bridge = createFakeBridge({ notebook, local: { sql: async () => RESULT } });
  const rendered = renderWithApp(<SqlView profileId="sandbox" party={PARTY} />, { bridge });
  const list = await screen.findByRole('list', { name: 'My queries' });
  await within(list).findByRole('button', { name: 'Big legs' });
  return { ...rendered, notebook, list };
}

describe('the notebook screen', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });

  it('opens a file: its name, description, and one field per parameter above the editor', async () => {
    const { user, list, container } = await setup();
    await user.click(within(list).getByRole('button', { name: 'Big legs' }));
    expect(await screen.findByRole('heading', { name: 'Big legs' })).toBeTruthy();
    expect(screen.getByText('Legs at or above a minimum.')).toBeTruthy();
    expect(editorText(container)).toBe(QUERY);
    const form = screen.getByRole('group', { name: 'Parameters' });
    expect((within(form).getByLabelText('Party') as HTMLInputElement).value).toBe(PARTY);
    expect((within(form).getByLabelText('Minimum (units)') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('status') as HTMLInputElement).value).toBe('completed');
    expect(within(form).getByLabelText('From')).toBeTruthy();
  });

  it('says at each field what is wrong with its value, and Run sends nothing until it is right', async () => {
    const { user, list, bridge } = await setup();
    await user.click(within(list).getByRole('button', { name: 'Big legs' }));
    const form = await screen.findByRole('group', { name: 'Parameters' });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(bridge.local.sql).not.toHaveBeenCalled();
    const min = within(form).getByLabelText('Minimum (units)');
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(form)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toContain('enter a value');
    await user.type(min, '12abc');
    const messageOf = (input: HTMLElement) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    expect(messageOf(min)).toMatch(/plain decimal/);
    const party = within(form).getByLabelText('Party');
    await user.clear(party);
    await user.type(party, 'alice');
    expect(party.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(party)).toMatch(/::/);
    const from = within(form).getByLabelText('From');
    await user.clear(from);
    await user.type(from, 'yesterday');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(from)).toMatch(/not a date or time/);
  });

  it('Run binds the values as typed $n parameters: never in the text', async () => {
    const { user, list, bridge } = await setup();
    await user.click(within(list).getByRole('button', { name: 'Big legs' }));
    const form = await screen.findByRole('group', { name: 'Parameters' });
    await user.type(within(form).getByLabelText('Minimum (units)'), '1000.5');
    await user.clear(within(form).getByLabelText('status'));
    await user.type(within(form).getByLabelText('status'), "x' OR '1'='1");
    await user.clear(within(form).getByLabelText('From'));
    await user.type(within(form).getByLabelText('From'), '2026-01-01T00:00:00Z');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('table', { name: 'Query results' });
    const sent = bridge.local.sql.mock.calls[0][0];
    expect(sent.sql).toBe(
      'SELECT update_id FROM legs\nWHERE party = $1 AND amount_units >= $2 AND status = $3 AND effective_at >= $4\n',
    );
    expect(sent.params).toEqual([
      { type: 'VARCHAR', value: PARTY },
      { type: 'DECIMAL', units: '10005', width: 5, scale: 1 },
      { type: 'VARCHAR', value: "x' OR '1'='1" },
      { type: 'TIMESTAMP', micros: '1767225600000000' },
    ]);
  });

  it('lists the header problems with their line numbers; the query still opens', async () => {
    const { user, list, container } = await setup();
    expect(within(list).getByText(/broken\.sql · 2 problems/)).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Broken' }));
    const problems = await screen.findByRole('list', { name: 'Problems in the file' });
    const items = within(problems)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toMatch(/^line 2: param x: "float" is not a type/);
    expect(items[1]).toMatch(/^line 4: \{\{x\}\} is not declared/);
    expect(editorText(container)).toContain('SELECT {{x}}');
  });

  it('marks unsaved edits; Save writes them; a file changed on disk since is a conflict until Overwrite', async () => {
    const { user, list, container, notebook, bridge } = await setup();
    await user.click(within(list).getByRole('button', { name: 'Big legs' }));
    await screen.findByRole('heading', { name: 'Big legs' });
    type(container, `${QUERY}-- mine\n`);
    expect(await screen.findByText(/unsaved/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Saved big.sql.');
    expect(screen.queryByText(/unsaved/)).toBeNull();
    expect((await bridge.notebook.read({ profileId: 'sandbox', file: 'big.sql' })).text).toBe(`${QUERY}-- mine\n`);

    type(container, `${QUERY}-- mine again\n`);
    notebook.outside('big.sql', `${QUERY}-- theirs\n`);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The watch (Reload / Keep mine) and Save (the conflict) may each tell first, or both at once:
    // every way asks.
    const asked = await screen.findAllByRole('button', { name: /Keep mine|Overwrite/ }, { timeout: 3000 });
    const keep = asked.find((button) => button.textContent === 'Keep mine');
    if (keep) {
      await user.click(keep);
      if (!screen.queryByText(/was changed on disk since you opened it/)) {
        await user.click(screen.getByRole('button', { name: 'Save' }));
      }
    }
    expect(await screen.findByText(/was changed on disk since you opened it/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Overwrite' }));
    await waitFor(async () =>
      expect((await bridge.notebook.read({ profileId: 'sandbox', file: 'big.sql' })).text).toBe(
        `${QUERY}-- mine again\n`,
      ),
    );
  });

  it('a file changed on disk reloads when it has no edits, and asks when it has', async () => {
    const { user, list, container, notebook } = await setup();
    await user.click(within(list).getByRole('button', { name: 'Big legs' }));
    await screen.findByRole('heading', { name: 'Big legs' });
    notebook.outside('big.sql', QUERY.replace('Big legs', 'Bigger legs'));
    expect((await screen.findByRole('status', {}, { timeout: 3000 })).textContent).toBe(
      'big.sql changed on disk: reloaded.',
    );
    expect(screen.getByRole('heading', { name: 'Bigger legs' })).toBeTruthy();
    expect(editorText(container)).toContain('Bigger legs');

    type(container, `${editorText(container)}-- my edit\n`);
    notebook.outside('big.sql', QUERY.replace('Big legs', 'Biggest legs'));
    await screen.findByText(/changed on disk while you have unsaved edits/, {}, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(editorText(container)).toContain('-- my edit');
    notebook.outside('big.sql', QUERY.replace('Big legs', 'Newest legs'));
    await screen.findByText(/changed on disk while you have unsaved edits/, {}, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(editorText(container)).toContain('Newest legs');
    expect(screen.queryByText(/unsaved/)).toBeNull();
  });

  it('Save as, Duplicate, Rename and Delete (with its confirm) act on the folder', async () => {
    const { user, list, bridge } = await setup();
    // A built-in query is read-only: Duplicate copies it into the folder.
    const builtIn = screen.getAllByRole('list')[0];
    await user.click(within(builtIn).getAllByRole('button')[0]);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Duplicated as .+\.sql\.$/);
    await user.click(screen.getByRole('button', { name: 'Rename…' }));
    const name = screen.getByLabelText('New file name');
    await user.clear(name);
    await user.type(name, '../x.sql');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await user.clear(name);
    await user.type(name, 'totals.sql');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect((await screen.findByRole('status')).textContent).toBe('Renamed to totals.sql.');
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Deleted totals\.sql/);
    const files = (await bridge.notebook.list('sandbox')).files.map((f) => f.file);
    expect(files).toEqual(['big.sql', 'broken.sql']);
    expect(within(list).queryByText('totals.sql')).toBeNull();
  });

  it('Save as takes a name typed without ".sql" and adds it, saying so at the field', async () => {
    const { user, bridge } = await setup();
    await user.click(screen.getByRole('button', { name: 'New query' }));
    await user.click(screen.getByRole('button', { name: 'Save as…' }));
    const name = screen.getByLabelText('Save as file');
    await user.clear(name);
    await user.type(name, 'monthly review');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Saved as monthly review.sql',
    );
    const submit = screen.getByRole('button', { name: 'Save file' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    expect((await screen.findByRole('status')).textContent).toBe('Saved as monthly review.sql.');
    expect((await bridge.notebook.list('sandbox')).files.map((f) => f.file)).toContain('monthly review.sql');
  });

  it('asks before unsaved text of any kind is replaced: a New query, an edited built-in, the text kept after Delete', async () => {
    const { user, list, container } = await setup();
    const discard = () => screen.findByText('This query has unsaved changes. Discard them?');
    // A New query typed into: opening a file asks; Cancel keeps the text.
    await user.click(screen.getByRole('button', { name: 'New query' }));
    type(container, 'SELECT 42 -- mine\n');
    await user.click(within(list).getByRole('button', { name: 'Big legs' }));
    await discard();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(editorText(container)).toBe('SELECT 42 -- mine\n');
    // An edited built-in: New query asks; Discard goes on.
    const builtIn = screen.getAllByRole('list')[0];
    await user.click(within(builtIn).getAllByRole('button')[0]);
    await discard();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    type(container, `${editorText(container)}-- edited\n`);
    await user.click(screen.getByRole('button', { name: 'New query' }));
    await discard();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    // A scratch query as it was loaded has nothing unsaved: no question.
    await user.click(within(list).getByRole('button', { name: 'Big legs' }));
    expect(await screen.findByRole('heading', { name: 'Big legs' })).toBeTruthy();
    expect(screen.queryByText(/Discard them/)).toBeNull();
    // The text kept after Delete is in no file: opening another query asks.
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Deleted big\.sql/);
    await user.click(within(list).getByRole('button', { name: 'Broken' }));
    await discard();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(editorText(container)).toBe(QUERY);
  });

  it('"Open folder…" asks before the open file with unsaved edits becomes a query of no folder', async () => {
    const { user, list, container, notebook, bridge } = await setup();
    const opened: (string | null)[] = [];
    bridge.notebook.openFolder.mockImplementation(async (request) => {
      if (request.path === null) return notebook.openFolder(request); // the browser: no dialog
      opened.push(request.path);
      return notebook.list('sandbox');
    });
    await user.click(within(list).getByRole('button', { name: 'Big legs' }));
    await screen.findByRole('heading', { name: 'Big legs' });
    type(container, `${QUERY}-- mine\n`);
    await user.click(screen.getByRole('button', { name: 'Open folder…' }));
    await user.type(await screen.findByLabelText('Folder path'), '/srv/team-queries');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const ask = await screen.findByText(/unsaved changes that stay here, in no folder/);
    await user.click(within(ask.parentElement as HTMLElement).getByRole('button', { name: 'Cancel' }));
    expect(opened).toEqual([]);
    expect(container.querySelector('.notebook-head')?.textContent).toMatch(/big\.sql/);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Open folder' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Another folder is open/);
    expect(opened).toEqual(['/srv/team-queries']);
    expect(editorText(container)).toBe(`${QUERY}-- mine\n`);
  });

  it('a read of the file still in flight when Save finishes is dropped: the saved text stays', async () => {
    const { user, list, container, notebook, bridge } = await setup();
    await user.click(within(list).getByRole('button', { name: 'Big legs' }));
    await screen.findByRole('heading', { name: 'Big legs' });
    type(container, `${QUERY}-- mine\n`);
    // The watch sees the folder change (another file); its read of big.sql answers only after Save.
    let answer: (() => void) | null = null;
    let stale: Promise<unknown> | null = null;
    bridge.notebook.read.mockImplementationOnce(async (ref) => {
      const before = await notebook.read(ref); // big.sql as it was before the save
      stale = new Promise((resolve) => {
        answer = () => resolve(before);
      });
      return stale as Promise<typeof before>;
    });
    notebook.outside('other.sql', '-- name: Other\n\nSELECT 1\n');
    await waitFor(() => expect(answer).not.toBeNull(), { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Saved big.sql.');
    // The stale answer lands (the screen's handler runs before this await goes on): nothing "reloaded".
    await act(async () => {
      (answer as unknown as () => void)();
      await stale;
    });
    expect(screen.getByRole('status').textContent).toBe('Saved big.sql.');
    expect(editorText(container)).toBe(`${QUERY}-- mine\n`);
  });

  it('keeps the chart drawn while typing: a keystroke that leaves the header’s chart alone does not redraw it', async () => {
    stubCanvas2d();
    const notebook = fakeNotebook();
    const charted = '-- name: Totals\n-- chart: bar x=symbol x_type=category y=legs\n\nSELECT symbol, legs FROM t\n';
    notebook.outside('totals.sql', charted);
    const result: SqlResult = {
      columns: [
        { name: 'symbol', type: 'VARCHAR' },
        { name: 'legs', type: 'BIGINT' },
      ],
      rows: [
        ['CC', 3],
        ['USDC', 1],
      ],
      truncated: false,
      elapsedMs: 1,
    };
    const bridge = createFakeBridge({ notebook, local: { sql: async () => result } });
    const { user, container } = renderWithApp(<SqlView profileId="sandbox" party={PARTY} />, { bridge });
    const list = await screen.findByRole('list', { name: 'My queries' });
    await user.click(await within(list).findByRole('button', { name: 'Totals' }));
    await screen.findByRole('heading', { name: 'Totals' });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('table', { name: 'Query results' });
    await user.click(screen.getByRole('button', { name: 'Chart' }));
    const canvas = await waitFor(() => {
      const found = container.querySelector('.result-chart-block canvas');
      expect(found).not.toBeNull();
      return found;
    });
    type(container, `${charted}-- a note\n`);
    expect(await screen.findByText(/unsaved/)).toBeTruthy();
    expect(container.querySelector('.result-chart-block canvas')).toBe(canvas);
  });
});

describe('the notebook inside the Local ledger screen', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });

  it('keeps unsaved edits and their undo across a trip to the Dashboard tab, and warns on leaving the page', async () => {
    const party = SAMPLE_PARTIES[0].party;
    useUiStore.setState({
      partyOnScreen: { profile: 'sandbox', party, nodeId: null, from: 'local' },
      localTarget: null,
    });
    const notebook = fakeNotebook();
    notebook.outside('big.sql', QUERY);
    const bridge = createFakeBridge({
      notebook,
      local: {
        status: async () => ({
          profileId: 'sandbox',
          party,
          legs: 3,
          inexactLegs: 0,
          lastSyncAt: '2026-01-01T00:00:00Z',
          nodeId: null,
          firstEffectiveAt: null,
          lastEffectiveAt: null,
          resumable: false,
          job: null,
        }),
      },
    });
    const { user, container } = renderWithApp(<LocalLedgerScreen />, { bridge });
    await user.click(await screen.findByRole('tab', { name: 'SQL' }));
    const list = await screen.findByRole('list', { name: 'My queries' });
    await user.click(await within(list).findByRole('button', { name: 'Big legs' }));
    await screen.findByRole('heading', { name: 'Big legs' });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false); // nothing unsaved: the page may go
    // An edit of its own in the undo history (typed at once, it would join the load's change).
    const view = editor(container);
    view.dispatch({
      changes: { from: view.state.doc.length, insert: '-- mine\n' },
      userEvent: 'input.type',
      annotations: isolateHistory.of('full'),
    });
    expect(await screen.findByText(/unsaved/)).toBeTruthy();
    await waitFor(() => expect(unload()).toBe(true)); // once the screen has drawn the mark

    await user.click(screen.getByRole('tab', { name: 'Dashboard' }));
    expect(screen.queryByRole('heading', { name: 'Big legs' })).toBeNull(); // hidden
    await user.click(screen.getByRole('tab', { name: 'SQL' }));
    expect(screen.getByRole('heading', { name: /Big legs/ })).toBeTruthy();
    expect(editorText(container)).toBe(`${QUERY}-- mine\n`);
    expect(screen.getByText(/unsaved/)).toBeTruthy();
    expect(undo(editor(container))).toBe(true);
    expect(editorText(container)).toBe(QUERY);
    await waitFor(() => expect(screen.queryByText(/unsaved/)).toBeNull());
    expect(unload()).toBe(false);
  });
});
