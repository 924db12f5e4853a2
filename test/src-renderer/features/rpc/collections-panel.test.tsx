// The collections panel over the fake bridge: save into a collection, run and load, reorder with
// buttons and Alt+Arrow keys, rename (refused empty at the field), duplicate, delete, import with
// main's message, export as a file, and main's refusals shown.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type CollectionDraft, CollectionsPanel } from '../../../../src-renderer/features/rpc/collections-panel.tsx';
import type { CollectionRequest, RpcCollection } from '../../../../src-shared/contract/rpc-workspace.ts';
import { createFakeBridge, failWith } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const CURRENT: CollectionDraft = {
  chain: '{{chain}}',
  nodeType: 'full',
  method: 'eth_getBalance',
  text: '["{{holder}}", "latest"]',
};
const request = (id: string, name: string, over: Partial<CollectionRequest> = {}): CollectionRequest => ({
  id,
  name,
  chain: 'polygon',
  nodeType: 'archive',
  method: 'eth_chainId',
  text: '[]',
  savedAt: '2025-02-01T00:00:00.000Z',
  ...over,
});
const TOKENS: RpcCollection = {
  id: '00000000000000c2',
  name: 'Tokens',
  requests: [
    request('0000000000000001', 'Chain id'),
    request('0000000000000002', 'Pair', { method: null, text: '[]' }),
  ],
};

function renderPanel(current: CollectionDraft | null = CURRENT, bridge = createFakeBridge()) {
  const onLoad = vi.fn();
  const onRun = vi.fn();
  const rendered = renderWithApp(<CollectionsPanel current={current} onLoad={onLoad} onRun={onRun} />, { bridge });
  return { ...rendered, onLoad, onRun };
}
/** Main holding the collection Tokens; every change answers with it as it was (the test checks what was asked). */
const withTokens = () => {
  const view = async () => ({ collections: [structuredClone(TOKENS)], problem: null });
  return createFakeBridge({ workspace: { collections: view, editCollection: view } });
};
const rows = () => within(screen.getByRole('list', { name: 'Requests in Tokens' })).getAllByRole('listitem');

describe('CollectionsPanel', () => {
  it('saves the request as written into the chosen collection, with a trimmed name', async () => {
    const { bridge, user } = renderPanel();
    expect(await screen.findByText('No requests yet.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save request' });
    expect(save).toHaveProperty('disabled', true);

    await user.type(screen.getByRole('textbox', { name: 'Name for the request' }), '  Balance {Enter}');

    expect(bridge.workspace.editCollection).toHaveBeenCalledExactlyOnceWith({
      op: 'addRequest',
      collectionId: 'c000000000000001',
      request: { name: 'Balance', ...CURRENT },
    });
    const item = await within(screen.getByRole('list', { name: 'Requests in Saved requests' })).findByRole('listitem');
    expect(item.textContent).toContain('Balance eth_getBalance · {{chain}}_full');
  });

  it('cannot save a request that does not resolve', async () => {
    renderPanel(null);
    expect(await screen.findByText('Fix the request above to save it.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save request' })).toHaveProperty('disabled', true);
  });

  it('runs, loads, moves (buttons and Alt+Arrow), duplicates and deletes requests', async () => {
    const bridge = withTokens();
    const { user, onRun, onLoad } = renderPanel(CURRENT, bridge);
    await screen.findByRole('region', { name: 'Collection Tokens' });
    expect(rows().map((r) => r.querySelector('strong')?.textContent)).toEqual(['Chain id', 'Pair']);
    expect(rows()[1].textContent).toContain('Pair batch · polygon_archive');

    await user.click(screen.getByRole('button', { name: 'Run Pair' }));
    expect(onRun).toHaveBeenCalledExactlyOnceWith(TOKENS.requests[1]);
    await user.click(screen.getByRole('button', { name: 'Load Chain id' }));
    expect(onLoad).toHaveBeenCalledExactlyOnceWith(TOKENS.requests[0]);

    expect(screen.getByRole('button', { name: 'Move Chain id up' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Move Chain id down' }));
    const edits = bridge.workspace.editCollection;
    expect(edits).toHaveBeenLastCalledWith({
      op: 'moveRequest',
      collectionId: TOKENS.id,
      requestId: '0000000000000001',
      by: 1,
    });

    rows()[1].focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(edits).toHaveBeenLastCalledWith({
      op: 'moveRequest',
      collectionId: TOKENS.id,
      requestId: '0000000000000002',
      by: -1,
    });

    await user.click(screen.getByRole('button', { name: 'Duplicate Pair' }));
    expect(edits).toHaveBeenLastCalledWith({
      op: 'duplicateRequest',
      collectionId: TOKENS.id,
      requestId: '0000000000000002',
    });
    await user.click(screen.getByRole('button', { name: 'Delete Chain id' }));
    expect(edits).toHaveBeenLastCalledWith({
      op: 'deleteRequest',
      collectionId: TOKENS.id,
      requestId: '0000000000000001',
    });
  });

  it('renames in place: Enter saves, an empty name is refused at the field, Escape cancels', async () => {
    const bridge = withTokens();
    const { user } = renderPanel(CURRENT, bridge);
    await user.click(await screen.findByRole('button', { name: 'Rename Chain id' }));
    const field = screen.getByRole('textbox', { name: 'New name for Chain id' });
    await user.clear(field);
    expect(screen.getByText('Enter a name')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.type(field, '{Enter}');
    expect(bridge.workspace.editCollection).not.toHaveBeenCalled();
    await user.type(field, 'Network id{Enter}');
    expect(bridge.workspace.editCollection).toHaveBeenCalledExactlyOnceWith({
      op: 'renameRequest',
      collectionId: TOKENS.id,
      requestId: '0000000000000001',
      name: 'Network id',
    });

    await user.click(screen.getByRole('button', { name: 'Rename Tokens' }));
    await user.type(screen.getByRole('textbox', { name: 'New name for Tokens' }), '{Escape}');
    expect(screen.queryByRole('textbox', { name: 'New name for Tokens' })).toBeNull();
  });

  it("imports a file through main and shows main's message; a refusal is shown too", async () => {
    const bridge = createFakeBridge();
    bridge.workspace.importCollection.mockResolvedValueOnce({
      view: { collections: [structuredClone(TOKENS)], problem: null },
      collectionId: TOKENS.id,
      message: 'Imported 2 requests into "Tokens"; 3 Postman items skipped: 3 not JSON-RPC calls.',
    });
    const { user } = renderPanel(CURRENT, bridge);
    const input = await screen.findByLabelText(/Import a collection/);
    await user.upload(
      input,
      new File(['{"info": {}}'], 'tokens.postman_collection.json', { type: 'application/json' }),
    );

    expect(bridge.workspace.importCollection).toHaveBeenCalledExactlyOnceWith({
      fileName: 'tokens.postman_collection.json',
      text: '{"info": {}}',
    });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Imported 2 requests into "Tokens"; 3 Postman items skipped: 3 not JSON-RPC calls.',
    );
    expect(await screen.findByRole('region', { name: 'Collection Tokens' })).toBeTruthy();

    failWith(bridge.workspace.importCollection, 'invalid_argument', 'x.json is not valid JSON: Unexpected token');
    await user.upload(input, new File(['nope'], 'x.json', { type: 'application/json' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not imported. [invalid_argument] x.json is not valid JSON: Unexpected token',
    );
  });

  it('exports a collection as the file main wrote', async () => {
    const bridge = withTokens();
    bridge.workspace.exportCollection.mockResolvedValue({
      fileName: 'Tokens.rpc-collection.json',
      text: '{"format":"x"}',
    });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderPanel(CURRENT, bridge);
    await user.click(await screen.findByRole('button', { name: 'Export Tokens' }));
    expect(bridge.workspace.exportCollection).toHaveBeenCalledExactlyOnceWith({ collectionId: TOKENS.id });
    await vi.waitFor(() => expect(clicked).toEqual(['Tokens.rpc-collection.json']));
    click.mockRestore();
  });

  it('says when the collections cannot be read', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.workspace.collections, 'settings', 'rpc-workspace.json: EACCES');
    renderPanel(CURRENT, bridge);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Collections could not be read. [settings] rpc-workspace.json: EACCES',
    );
  });
});
