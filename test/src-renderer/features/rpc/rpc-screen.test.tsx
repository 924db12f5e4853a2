// The RPC console as a whole, over the fake bridge: where a call goes, what is sent, what comes
// back, and the history and saved requests feeding the form. The params editor is CodeMirror:
// its text is read from its shadow root and edits are made as CodeMirror transactions (typing
// into it does not work in happy-dom; see json-editor.test.tsx).
import { EditorView } from '@codemirror/view';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useRpcConsoleStore } from '../../../../src-renderer/features/rpc/rpc-console-store.ts';
import { RpcScreen } from '../../../../src-renderer/features/rpc/rpc-screen.tsx';
import { useUiStore } from '../../../../src-renderer/ui-store.ts';
import type { RpcCallRequest, RpcCallResult } from '../../../../src-shared/contract/rpc.ts';
import type { ChainListing } from '../../../../src-shared/contract/schemas.ts';
import { type BridgeOverrides, createFakeBridge, failWith } from '../../../fixtures/fake-bridge.ts';
import { historyEntry, rpcResult } from '../../../fixtures/rpc-answers.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const LISTING: ChainListing = {
  chains: [
    { name: 'ethereum', fields: { name: 'ethereum', chainId: 1, nativeCurrency: { symbol: 'ETH', decimals: 18 } } },
    { name: 'polygon', fields: { name: 'polygon', chainId: 137, nativeCurrency: { symbol: 'POL', decimals: 18 } } },
  ],
  fetchedAt: '2025-03-01T10:00:00.000Z',
  source: 'https://chains.example/v1/chains',
};

/** A request id as data/request.ts makes them: the RPC console's prefix and 24 random hex digits. */
const REQUEST_ID = /^rp-[0-9a-f]{24}$/;

/** A node that answers every call with `result` (a JSON-RPC answer with the call's own id). */
function answering(result: (request: RpcCallRequest) => RpcCallResult = echoBlockNumber): BridgeOverrides['rpc'] {
  return { call: async (request) => result(request) };
}

function echoBlockNumber(request: RpcCallRequest): RpcCallResult {
  const body = request.body;
  return Array.isArray(body)
    ? rpcResult(body.map((call) => ({ jsonrpc: '2.0', id: call.id, result: '0x10' })))
    : rpcResult({ jsonrpc: '2.0', id: body.id, result: '0x10' });
}

function renderConsole(overrides: BridgeOverrides = {}) {
  const bridge = createFakeBridge({
    ...overrides,
    chains: { list: async () => structuredClone(LISTING), ...overrides.chains },
    rpc: { ...answering(), ...overrides.rpc },
  });
  return renderWithApp(<RpcScreen />, { bridge });
}

const chainInput = () => screen.getByRole('combobox', { name: 'Chain' }) as HTMLInputElement;
const methodInput = () => screen.getByRole('combobox', { name: 'Method' }) as HTMLInputElement;
const address = () => screen.getByTestId('rpc-address').textContent;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

/** The CodeMirror editor named `label` (its editable content sits in a shadow root). */
function editor(label = 'Params (JSON array)') {
  for (const host of document.querySelectorAll<HTMLElement>('.json-editor')) {
    const content = host.shadowRoot?.querySelector<HTMLElement>('.cm-content');
    if (content?.getAttribute('aria-label') === label) {
      const view = EditorView.findFromDOM(content) as EditorView;
      return {
        content,
        text: () => view.state.doc.toString(),
        /** Replaces the whole text, the way typing it would. */
        replace: (text: string) =>
          act(() =>
            view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input' }),
          ),
      };
    }
  }
  throw new Error(`no editor labelled ${label}`);
}

/** The first (single) argument of the last rpc.call the console made. */
const lastCall = (bridge: ReturnType<typeof createFakeBridge>) => bridge.rpc.call.mock.lastCall?.[0] as RpcCallRequest;

describe('RpcScreen', () => {
  beforeEach(() => {
    // The console's form and the app's UI state are module stores: every test starts from the app's start.
    useRpcConsoleStore.setState(useRpcConsoleStore.getInitialState(), true);
    useUiStore.setState(useUiStore.getInitialState(), true);
    // The answer's JSON tree is virtual: give it a viewport (happy-dom lays nothing out).
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });

  describe('where a call goes', () => {
    it("starts on the listing's first chain and shows the node address and where main puts the key", async () => {
      renderConsole();

      await waitFor(() => expect(chainInput().value).toBe('ethereum'));
      expect(address()).toBe('http://127.0.0.1:4013/ethereum_full');
      expect(screen.getByText(/key in the apiKey header \(added by the app, never shown\)/)).toBeTruthy();
      const options = [...document.querySelectorAll(`#${CSS.escape(chainInput().getAttribute('list') ?? '')} option`)];
      expect(options.map((option) => option.getAttribute('value'))).toEqual(['ethereum', 'polygon']);
      expect(sendButton().disabled).toBe(false);
    });

    it('addresses the node type and chain chosen, and says the key goes in the query when it does', async () => {
      const { user } = renderConsole({
        rpc: { endpoint: async () => ({ rpcUrl: 'https://rpc.example', separator: '-', keyPlacement: 'query' }) },
      });
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.selectOptions(screen.getByRole('combobox', { name: 'Node type' }), 'archive');
      await user.clear(chainInput());
      await user.type(chainInput(), 'polygon');

      expect(address()).toBe('https://rpc.example/polygon-archive');
      expect(screen.getByText(/key in the apiKey query parameter/)).toBeTruthy();
    });

    it("does not put the listing's first chain under the cursor of a user already in the Chain field", async () => {
      let deliver: (listing: ChainListing) => void = () => {};
      const { user } = renderConsole({
        chains: { list: () => new Promise<ChainListing>((resolve) => (deliver = resolve)) },
      });
      expect(address()).toBe('(choose a chain)');

      // In the field, about to type.
      await user.click(chainInput());
      deliver(structuredClone(LISTING));

      await waitFor(() => expect(chainInput().getAttribute('placeholder')).toBe('ethereum'));
      expect(chainInput().value).toBe('');
      await user.keyboard('base');
      expect(chainInput().value).toBe('base');
    });

    it('refuses a chain name that would change the address, at the field, and sends nothing', async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.clear(chainInput());
      await user.type(chainInput(), 'eth/../admin');

      expect(chainInput().getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByTestId('rpc-draft-error').textContent).toBe(
        'Chain: a chain name is letters, digits, ".", "_" or "-" — not sent.',
      );
      expect(sendButton().disabled).toBe(true);
      expect(screen.getByRole('button', { name: 'Copy as curl' })).toHaveProperty('disabled', true);
      fireEvent.submit(screen.getByRole('form', { name: 'RPC request' }));
      expect(bridge.rpc.call).not.toHaveBeenCalled();
    });

    it('lets the chain be typed when the listing fails, and says why', async () => {
      const bridge = createFakeBridge({ rpc: answering() });
      failWith(bridge.chains.list, 'unauthorized', 'HTTP 401: invalid partner token');
      const { user } = renderWithApp(<RpcScreen />, { bridge });

      expect(await screen.findByText(/chain listing unavailable: type the chain name/)).toBeTruthy();
      await user.type(chainInput(), 'base');
      await user.click(sendButton());

      await waitFor(() => expect(lastCall(bridge).chain).toBe('base'));
    });

    it("shows main's error when it cannot say where the calls go", async () => {
      const bridge = createFakeBridge({ chains: { list: async () => LISTING } });
      failWith(bridge.rpc.endpoint, 'not_found', 'profile "sandbox" has no RPC address');
      renderWithApp(<RpcScreen />, { bridge });

      expect(await screen.findByText('profile "sandbox" has no RPC address')).toBeTruthy();
    });

    it('keeps the timeout between 1 and 300 seconds', async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));
      const timeout = screen.getByRole('spinbutton', { name: 'Timeout (s)' }) as HTMLInputElement;

      expect(timeout.value).toBe('30');
      // Select the value and type over it. (Emptying the field first does not work: an empty field
      // snaps back to 30 at once, so typing 45 after it gives 3045, i.e. 300.)
      await user.tripleClick(timeout);
      await user.keyboard('900');
      expect(timeout.value).toBe('300');
      fireEvent.change(timeout, { target: { value: '0.2' } });
      expect(timeout.value).toBe('1');
      await user.tripleClick(timeout);
      await user.keyboard('45');
      expect(timeout.value).toBe('45');

      await user.click(sendButton());
      await waitFor(() => expect(lastCall(bridge).timeoutSeconds).toBe(45));
    });
  });

  describe('writing the call', () => {
    it('fills the method and its params template from the catalog, and explains the method', async () => {
      const { user } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));
      expect(methodInput().value).toBe('eth_blockNumber');
      expect(editor().text()).toBe('[]');

      await user.selectOptions(screen.getByRole('combobox', { name: 'Method catalog' }), 'eth_getBalance');

      expect(methodInput().value).toBe('eth_getBalance');
      expect(editor().text()).toBe('["0x0000000000000000000000000000000000000000","latest"]');
      expect(screen.getByTestId('rpc-method-description').textContent).toBe(
        'Balance of an address in wei at a block. A full node refuses blocks more than 128 behind the head; use archive.',
      );
      // The catalog resets itself, ready for the next pick.
      expect((screen.getByRole('combobox', { name: 'Method catalog' }) as HTMLSelectElement).value).toBe('');
    });

    it('offers the template again once the params were changed', async () => {
      const { user } = renderConsole();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Method catalog' }), 'eth_getBlockByNumber');
      expect(screen.queryByRole('button', { name: 'Use template' })).toBeNull();

      editor().replace('["0x10", true]');
      await user.click(await screen.findByRole('button', { name: 'Use template' }));

      expect(editor().text()).toBe('["latest",false]');
      expect(screen.queryByRole('button', { name: 'Use template' })).toBeNull();
    });

    it('takes a method that is not in the catalog', async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.clear(methodInput());
      await user.type(methodInput(), 'debug_traceBlockByNumber');
      editor().replace('["latest", {"tracer": "callTracer"}]');

      expect(screen.getByTestId('rpc-method-description').textContent).toBe('Free-form method (not in the catalog).');
      await user.click(sendButton());
      await waitFor(() => expect(bridge.rpc.call).toHaveBeenCalledOnce());
      expect(lastCall(bridge).body).toEqual({
        jsonrpc: '2.0',
        id: 1,
        method: 'debug_traceBlockByNumber',
        params: ['latest', { tracer: 'callTracer' }],
      });
    });

    it('says what is wrong with the params, in the editor and below it, and sends nothing', async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      editor().replace('{"address": "0x00"}');

      const error = screen.getByTestId('rpc-draft-error');
      expect(error.textContent).toBe(
        'Params must be a JSON array, e.g. [] or ["0x…", "latest"] (this is an object) — not sent.',
      );
      expect(editor().content.getAttribute('aria-invalid')).toBe('true');
      expect(editor().content.getAttribute('aria-description')).toBe(
        'Params must be a JSON array, e.g. [] or ["0x…", "latest"] (this is an object)',
      );
      expect(sendButton().disabled).toBe(true);
      await user.keyboard('{Control>}{Enter}{/Control}');
      expect(bridge.rpc.call).not.toHaveBeenCalled();

      editor().replace('[]');
      expect(screen.queryByTestId('rpc-draft-error')).toBeNull();
      expect(editor().content.hasAttribute('aria-invalid')).toBe(false);
    });

    it('marks an empty method at its field', async () => {
      const { user } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.clear(methodInput());

      expect(methodInput().getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByTestId('rpc-draft-error').textContent).toBe(
        'Method: enter a method name, e.g. eth_blockNumber — not sent.',
      );
      expect(screen.getByTestId('rpc-method-description').textContent).toBe('');
    });

    it('builds a batch from the catalog and sends it with numbered ids', async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.click(screen.getByRole('radio', { name: 'Batch' }));
      expect(screen.queryByRole('combobox', { name: 'Method' })).toBeNull();
      const batch = editor('Batch (JSON array of calls)');
      expect(JSON.parse(batch.text())).toEqual([
        { method: 'eth_chainId', params: [] },
        { method: 'eth_blockNumber', params: [] },
      ]);
      expect(
        within(screen.getByRole('combobox', { name: 'Method catalog' })).getByRole('option', {
          name: 'Add a call from the catalog…',
        }),
      ).toBeTruthy();

      await user.selectOptions(screen.getByRole('combobox', { name: 'Method catalog' }), 'net_peerCount');
      expect(batch.text()).toBe(
        '[\n  {"method":"eth_chainId","params":[]},\n  {"method":"eth_blockNumber","params":[]},\n  {"method":"net_peerCount","params":[]}\n]',
      );

      await user.click(sendButton());
      await waitFor(() => expect(bridge.rpc.call).toHaveBeenCalledOnce());
      expect(lastCall(bridge).body).toEqual([
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
        { jsonrpc: '2.0', id: 3, method: 'net_peerCount', params: [] },
      ]);
      expect(await screen.findByText('3 answers, 0 errors')).toBeTruthy();
      expect(screen.getByTestId('rpc-next-id').textContent).toBe('4');
    });

    it('leaves a batch that is not an array alone when a call is picked, and says what is wrong', async () => {
      const { user } = renderConsole();
      await user.click(screen.getByRole('radio', { name: 'Batch' }));
      const batch = editor('Batch (JSON array of calls)');

      batch.replace('{"method": "eth_chainId"');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Method catalog' }), 'eth_chainId');

      expect(batch.text()).toBe('{"method": "eth_chainId"');
      expect(screen.getByTestId('rpc-draft-error').textContent).toMatch(/^The batch is not valid JSON: /);
      expect(batch.content.getAttribute('aria-invalid')).toBe('true');

      await user.click(screen.getByRole('radio', { name: 'Single call' }));
      expect(methodInput()).toBeTruthy();
      expect(screen.queryByTestId('rpc-draft-error')).toBeNull();
    });
  });

  describe('typing a method, and its params checked before sending', () => {
    const ZERO = '0x0000000000000000000000000000000000000000';
    const ERROR_SUFFIX = ' — not sent.';
    const draftError = () => screen.getByTestId('rpc-draft-error').textContent;

    it('typing a method name fills its params template, unless the user wrote params of their own', async () => {
      const { user } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.clear(methodInput());
      await user.type(methodInput(), 'eth_getBalance');

      expect(editor().text()).toBe(`["${ZERO}","latest"]`);
      expect(screen.getByTestId('rpc-params-note').textContent).toBe(
        'Checked before sending: eth_getBalance(Address, Block?)',
      );

      // Still the template: another method typed brings its own.
      await user.clear(methodInput());
      await user.type(methodInput(), 'eth_getStorageAt');
      expect(JSON.parse(editor().text())).toEqual([ZERO, '0x0', 'latest']);

      // Params of the user's own are never replaced by typing.
      editor().replace(`["${ZERO}", "0x2", "0x10"]`);
      await user.clear(methodInput());
      await user.type(methodInput(), 'eth_getProof');
      expect(editor().text()).toBe(`["${ZERO}", "0x2", "0x10"]`);
    });

    it("changing the method loads the new template over the last one's, and asks before replacing params of the user's own", async () => {
      const { user } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));
      const question = () => screen.queryByTestId('rpc-params-question');

      // The last method's template, untouched: the new method's comes in, nothing to ask, Send ready.
      await user.selectOptions(screen.getByRole('combobox', { name: 'Method catalog' }), 'eth_getBalance');
      await user.clear(methodInput());
      await user.type(methodInput(), 'eth_call');
      expect(JSON.parse(editor().text())).toEqual([{ to: ZERO, data: '0x' }, 'latest']);
      expect(question()).toBeNull();
      expect(sendButton().disabled).toBe(false);

      // Params the user wrote: kept, and asked about (they were sent as they were, Send off, until
      // "Use template" was found in the method's description).
      const mine = '["0x00000000000000000000000000000000000000aa", "0x10"]';
      await user.clear(methodInput());
      await user.type(methodInput(), 'eth_getBalance');
      editor().replace(mine);
      await user.clear(methodInput());
      await user.type(methodInput(), 'eth_call');
      expect(editor().text()).toBe(mine);
      expect(question()?.textContent).toBe(
        "These params were written for eth_getBalance: use eth_call's template instead?Use templateKeep these params",
      );
      await user.click(within(question() as HTMLElement).getByRole('button', { name: 'Use template' }));
      expect(JSON.parse(editor().text())).toEqual([{ to: ZERO, data: '0x' }, 'latest']);
      expect(question()).toBeNull();
      expect(sendButton().disabled).toBe(false);

      // "Keep these params" keeps them, and the question goes; the catalog asks the same way.
      const ownCall = '[{"to": "0x00000000000000000000000000000000000000aa", "data": "0x01"}, "latest"]';
      editor().replace(ownCall);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Method catalog' }), 'eth_estimateGas');
      expect(methodInput().value).toBe('eth_estimateGas');
      expect(editor().text()).toBe(ownCall);
      expect(question()?.textContent).toContain('These params were written for eth_call');
      await user.click(within(question() as HTMLElement).getByRole('button', { name: 'Keep these params' }));
      expect(question()).toBeNull();
      expect(editor().text()).toBe(ownCall);
      expect(sendButton().disabled).toBe(false);
    });

    it('Enter in the Method field accepts the name and its template and sends nothing; Ctrl+Enter sends', async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.clear(methodInput());
      await user.type(methodInput(), ' eth_getCode {Enter}');

      expect(methodInput().value).toBe('eth_getCode');
      expect(editor().text()).toBe(`["${ZERO}","latest"]`);
      expect(screen.getByTestId('rpc-next-id').textContent).toBe('1');

      await user.keyboard('{Control>}{Enter}{/Control}');
      await screen.findByTestId('rpc-result');
      // One call: the Enter before sent nothing.
      expect(bridge.rpc.call).toHaveBeenCalledOnce();
      expect(lastCall(bridge).body).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [ZERO, 'latest'] });
    });

    it("a partial name and Enter take the catalog's top match, with its template", async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.clear(methodInput());
      await user.type(methodInput(), 'getBal{Enter}');
      expect(methodInput().value).toBe('eth_getBalance');
      expect(editor().text()).toBe(`["${ZERO}","latest"]`);

      await user.clear(methodInput());
      await user.type(methodInput(), 'ETH_BLOCKNUM{Enter}');
      expect(methodInput().value).toBe('eth_blockNumber');
      // A name nothing matches stays as written (a node's own method).
      await user.clear(methodInput());
      await user.type(methodInput(), 'anvil_mine{Enter}');
      expect(methodInput().value).toBe('anvil_mine');
      expect(bridge.rpc.call).not.toHaveBeenCalled();
    });

    it('a typo gets "did you mean" with the nearest catalog names; one click takes it', async () => {
      const { user } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.clear(methodInput());
      await user.type(methodInput(), 'eth_getBalnce');
      const hint = screen.getByTestId('rpc-did-you-mean');
      expect(hint.textContent).toBe('Not in the catalog: did you mean eth_getBalance? Sent as written otherwise.');
      await user.click(within(hint).getByRole('button', { name: 'eth_getBalance' }));
      expect(methodInput().value).toBe('eth_getBalance');
      expect(screen.queryByTestId('rpc-did-you-mean')).toBeNull();

      // Nothing near: no guess, only that it is free-form.
      await user.clear(methodInput());
      await user.type(methodInput(), 'debug_traceTransaction');
      expect(screen.queryByTestId('rpc-did-you-mean')).toBeNull();
      expect(screen.getByTestId('rpc-method-description').textContent).toBe('Free-form method (not in the catalog).');
    });

    it.each([
      [
        'a bad address',
        'eth_getBalance',
        '["0x00", "latest"]',
        'params[0] (Address): not a 20-byte hex address (0x and 40 hex digits)',
      ],
      [
        'a bad block tag',
        'eth_getBalance',
        `["${ZERO}", "lastest"]`,
        'params[1] (Block): not a block number (hex quantity), a block tag (earliest, finalized, safe, latest, pending) or a 32-byte block hash',
      ],
      [
        'a non-hex quantity',
        'eth_feeHistory',
        '[5, "latest", [25, 75]]',
        'params[0] (blockCount): not a hex quantity (0x and hex digits, lower case, no leading zeros, e.g. 0x1a)',
      ],
      ['too many params', 'eth_blockNumber', '["latest"]', 'params: eth_blockNumber takes no params; this has 1'],
      [
        'a missing param',
        'eth_getStorageAt',
        `["${ZERO}"]`,
        'params[1] (Storage slot): missing; eth_getStorageAt takes Address, Storage slot, Block',
      ],
    ])(
      'refuses %s at the params field, naming the parameter, and sends nothing until fixed',
      async (_what, method, params, error) => {
        const { user, bridge } = renderConsole();
        await waitFor(() => expect(chainInput().value).toBe('ethereum'));
        await user.selectOptions(screen.getByRole('combobox', { name: 'Method catalog' }), method);
        const template = editor().text();

        editor().replace(params);

        expect(draftError()).toBe(`${error}${ERROR_SUFFIX}`);
        expect(editor().content.getAttribute('aria-invalid')).toBe('true');
        expect(editor().content.getAttribute('aria-description')).toBe(error);
        expect(sendButton().disabled).toBe(true);
        await user.keyboard('{Control>}{Enter}{/Control}');
        await user.click(screen.getByRole('button', { name: 'Copy as curl' }));
        expect(bridge.rpc.call).not.toHaveBeenCalled();

        editor().replace(template);
        expect(screen.queryByTestId('rpc-draft-error')).toBeNull();
        expect(sendButton().disabled).toBe(false);
        await user.click(sendButton());
        await waitFor(() => expect(bridge.rpc.call).toHaveBeenCalledOnce());
      },
    );

    it('sends a method the description does not know as written, and says its params are not checked', async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.clear(methodInput());
      await user.type(methodInput(), 'debug_traceTransaction');
      editor().replace('["0x00", {"tracer": 7}]');

      expect(screen.getByTestId('rpc-params-note').textContent).toBe(
        'Not in the Ethereum JSON-RPC description: params not checked.',
      );
      expect(screen.queryByTestId('rpc-draft-error')).toBeNull();
      await user.click(sendButton());
      await waitFor(() => expect(bridge.rpc.call).toHaveBeenCalledOnce());
      expect(lastCall(bridge).body).toMatchObject({
        method: 'debug_traceTransaction',
        params: ['0x00', { tracer: 7 }],
      });
    });

    it('checks every call of a batch, naming the call and the parameter', async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));
      await user.click(screen.getByRole('radio', { name: 'Batch' }));

      editor('Batch (JSON array of calls)').replace(
        '[{"method": "eth_chainId"}, {"method": "eth_getBalance", "params": ["0x00", "latest"]}]',
      );

      expect(draftError()).toBe(
        `Call 2 (eth_getBalance): params[0] (Address): not a 20-byte hex address (0x and 40 hex digits)${ERROR_SUFFIX}`,
      );
      expect(sendButton().disabled).toBe(true);
      await user.keyboard('{Control>}{Enter}{/Control}');
      expect(bridge.rpc.call).not.toHaveBeenCalled();
    });
  });

  describe('sending', () => {
    it('sends the call through main with the next id, shows the answer and moves the id on', async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Method catalog' }), 'eth_getBalance');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Node type' }), 'archive');
      expect(screen.getByTestId('rpc-next-id').textContent).toBe('1');
      const historyReads = bridge.rpc.history.mock.calls.length;

      await user.click(sendButton());

      await waitFor(() => expect(bridge.rpc.call).toHaveBeenCalledOnce());
      expect(lastCall(bridge)).toEqual({
        requestId: expect.stringMatching(REQUEST_ID),
        profileId: 'sandbox',
        chain: 'ethereum',
        nodeType: 'archive',
        body: {
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_getBalance',
          params: ['0x0000000000000000000000000000000000000000', 'latest'],
        },
        timeoutSeconds: 30,
      });
      expect(await screen.findByTestId('rpc-result')).toBeTruthy();
      expect(screen.getByTestId('rpc-status').textContent).toBe('HTTP 200');
      // The answer is decoded by its method and the chain's own currency (0x10 wei).
      expect(screen.getByText('= 0.000000000000000016 ETH')).toBeTruthy();
      expect(screen.getByTestId('rpc-next-id').textContent).toBe('2');
      // The history is asked again: main wrote the call to it.
      await waitFor(() => expect(bridge.rpc.history.mock.calls.length).toBeGreaterThan(historyReads));

      await user.click(sendButton());
      await waitFor(() => expect(bridge.rpc.call).toHaveBeenCalledTimes(2));
      expect((lastCall(bridge).body as { id: number }).id).toBe(2);
      expect(bridge.rpc.call.mock.calls[0][0].requestId).not.toBe(lastCall(bridge).requestId);
    });

    it('sends once on Ctrl+Enter, from a field or from the editor', async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.click(methodInput());
      await user.keyboard('{Control>}{Enter}{/Control}');
      await waitFor(() => expect(bridge.rpc.call).toHaveBeenCalledTimes(1));
      await screen.findByTestId('rpc-result');

      // The editor handles its own Ctrl+Enter; the form must not send a second time.
      fireEvent.keyDown(editor().content, { key: 'Enter', ctrlKey: true });
      await waitFor(() => expect(bridge.rpc.call).toHaveBeenCalledTimes(2));
      await waitFor(() => expect(screen.getByTestId('rpc-next-id').textContent).toBe('3'));
      expect(bridge.rpc.call).toHaveBeenCalledTimes(2);
    });

    it('shows where it is waiting, sends nothing more meanwhile, and cancels the call in main', async () => {
      let finish: (result: RpcCallResult) => void = () => {};
      const { user, bridge } = renderConsole({
        rpc: { call: () => new Promise<RpcCallResult>((resolve) => (finish = resolve)) },
      });
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.click(sendButton());

      const waiting = await screen.findByText(/Waiting for ethereum_full…/);
      expect(sendButton().disabled).toBe(true);
      await user.keyboard('{Control>}{Enter}{/Control}');
      expect(bridge.rpc.call).toHaveBeenCalledOnce();

      await user.click(within(waiting).getByRole('button', { name: 'Cancel' }));
      expect(bridge.app.cancel).toHaveBeenCalledExactlyOnceWith(lastCall(bridge).requestId);

      finish(rpcResult({ jsonrpc: '2.0', id: 1, result: '0x1' }));
      await screen.findByTestId('rpc-result');
      expect(screen.queryByText(/Waiting for/)).toBeNull();
      expect(sendButton().disabled).toBe(false);
    });

    it('shows a JSON-RPC error from the node as an error', async () => {
      const { user } = renderConsole({
        rpc: answering((request) =>
          rpcResult({
            jsonrpc: '2.0',
            id: (request.body as { id: number }).id,
            error: { code: -32601, message: 'the method eth_blockNumbr does not exist/is not available' },
          }),
        ),
      });
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.click(sendButton());

      expect((await screen.findByTestId('rpc-error')).textContent).toBe(
        'JSON-RPC error -32601: the method eth_blockNumbr does not exist/is not available',
      );
    });

    it('shows a failed call in words, keeps the last answer below it, and stays usable', async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));
      await user.click(sendButton());
      await screen.findByTestId('rpc-result');

      failWith(bridge.rpc.call, 'bad_response', 'HTTP 502: the node answered an HTML page');
      await user.click(sendButton());

      expect((await screen.findByRole('alert')).textContent).toBe(
        "The node's answer could not be read. [bad_response] HTTP 502: the node answered an HTML page",
      );
      expect(screen.getByTestId('rpc-previous-summary').textContent).toMatch(/^eth_blockNumber on ethereum_full/);
      expect(sendButton().disabled).toBe(false);
      expect(screen.getByTestId('rpc-next-id').textContent).toBe('3');
    });
  });

  describe('the history and saved requests', () => {
    it('re-runs a call from the history: loads it into the form and sends it with a new id', async () => {
      const entry = historyEntry(7, {
        chain: 'polygon',
        nodeType: 'archive',
        body: { jsonrpc: '2.0', id: 7, method: 'eth_getTransactionCount', params: ['0x00', 'latest'] },
      });
      const { user, bridge } = renderConsole({
        rpc: { history: async () => ({ entries: [entry], total: 1, problem: null }) },
      });
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.click(await screen.findByRole('button', { name: /^eth_getTransactionCount polygon_archive/ }));

      await waitFor(() => expect(bridge.rpc.call).toHaveBeenCalledOnce());
      expect(lastCall(bridge)).toMatchObject({
        chain: 'polygon',
        nodeType: 'archive',
        body: { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionCount', params: ['0x00', 'latest'] },
      });
      expect(chainInput().value).toBe('polygon');
      expect(methodInput().value).toBe('eth_getTransactionCount');
      expect(editor().text()).toBe('["0x00","latest"]');
      expect((screen.getByRole('combobox', { name: 'Node type' }) as HTMLSelectElement).value).toBe('archive');
    });

    it('re-runs a batch from the history as a batch, numbering its calls again', async () => {
      const entry = historyEntry(9, {
        body: [
          { jsonrpc: '2.0', id: 40, method: 'eth_chainId', params: [] },
          { jsonrpc: '2.0', id: 41, method: 'net_version', params: [] },
        ],
      });
      const { user, bridge } = renderConsole({
        rpc: { history: async () => ({ entries: [entry], total: 1, problem: null }) },
      });
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));

      await user.click(await screen.findByRole('button', { name: /^batch \(2 calls\)/ }));

      await waitFor(() => expect(bridge.rpc.call).toHaveBeenCalledOnce());
      expect(lastCall(bridge).body).toEqual([
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'net_version', params: [] },
      ]);
      expect(screen.getByRole('radio', { name: 'Batch' })).toHaveProperty('checked', true);
    });

    it('saves the request in the form into a collection, loads it back later, and runs it', async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Method catalog' }), 'eth_getCode');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Node type' }), 'archive');

      await user.type(screen.getByRole('textbox', { name: 'Name for the request' }), 'Code at zero{Enter}');

      await screen.findByRole('button', { name: 'Load Code at zero' });
      expect(bridge.workspace.editCollection.mock.lastCall?.[0]).toEqual({
        op: 'addRequest',
        collectionId: 'c000000000000001',
        request: {
          name: 'Code at zero',
          chain: 'ethereum',
          nodeType: 'archive',
          method: 'eth_getCode',
          text: '["0x0000000000000000000000000000000000000000","latest"]',
        },
      });

      // Somewhere else entirely…
      await user.selectOptions(screen.getByRole('combobox', { name: 'Method catalog' }), 'web3_clientVersion');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Node type' }), 'full');
      await user.clear(chainInput());
      await user.type(chainInput(), 'polygon');

      await user.click(screen.getByRole('button', { name: 'Load Code at zero' }));
      expect(chainInput().value).toBe('ethereum');
      expect(methodInput().value).toBe('eth_getCode');
      expect(editor().text()).toBe('["0x0000000000000000000000000000000000000000","latest"]');
      expect(bridge.rpc.call).not.toHaveBeenCalled();

      await user.selectOptions(screen.getByRole('combobox', { name: 'Method catalog' }), 'web3_clientVersion');
      await user.click(screen.getByRole('button', { name: 'Run Code at zero' }));
      await waitFor(() => expect(bridge.rpc.call).toHaveBeenCalledOnce());
      expect(lastCall(bridge)).toMatchObject({
        chain: 'ethereum',
        nodeType: 'archive',
        body: { method: 'eth_getCode' },
      });
    });

    it('runs a saved batch, its {{variables}} filled in from the environment', async () => {
      const collection = {
        id: 'c000000000000001',
        name: 'Saved requests',
        requests: [
          {
            id: '0000000000000001',
            name: 'Ids',
            chain: '{{chain}}',
            nodeType: 'full' as const,
            method: null,
            text: '[{"id": "a", "method": "eth_getBalance", "params": ["{{holder}}", {{block}}]}]',
            savedAt: '2025-01-01T00:00:00.000Z',
          },
        ],
      };
      const environment = {
        id: '00000000000000e1',
        name: 'staging',
        profileIds: ['sandbox'],
        variables: [
          { name: 'chain', value: 'polygon' },
          { name: 'holder', value: '0xabc' },
          { name: 'block', value: '"0x10"' },
        ],
      };
      const { user, bridge } = renderConsole({
        workspace: {
          collections: async () => ({ collections: [collection], problem: null }),
          environments: async () => ({ environments: [environment], problem: null }),
        },
      });
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: 'Environment' })).toHaveProperty('value', environment.id),
      );

      await user.click(await screen.findByRole('button', { name: 'Run Ids' }));

      await waitFor(() => expect(bridge.rpc.call).toHaveBeenCalledOnce());
      expect(lastCall(bridge)).toMatchObject({
        chain: 'polygon',
        body: [{ jsonrpc: '2.0', id: 'a', method: 'eth_getBalance', params: ['0xabc', '0x10'] }],
      });
    });

    it('refuses an unknown variable at the field, by name, and sends nothing', async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Method catalog' }), 'eth_getBalance');
      await editor().replace('["{{holder}}", "latest"]');

      expect((await screen.findByTestId('rpc-draft-error')).textContent).toBe(
        'Params: unknown variable {{holder}} (no environment is chosen) — not sent.',
      );
      expect(sendButton().disabled).toBe(true);
      await user.click(sendButton());
      expect(bridge.rpc.call).not.toHaveBeenCalled();
    });
  });

  describe('curl', () => {
    it('asks main for the command of the request in the form, with the key placeholder or the key', async () => {
      const { user, bridge } = renderConsole();
      await waitFor(() => expect(chainInput().value).toBe('ethereum'));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Method catalog' }), 'eth_chainId');
      const request = {
        profileId: 'sandbox',
        chain: 'ethereum',
        nodeType: 'full',
        body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      };

      await user.click(screen.getByRole('button', { name: 'Copy as curl' }));
      await waitFor(() => expect(bridge.rpc.curl).toHaveBeenLastCalledWith({ ...request, withKey: false }));
      await user.click(screen.getByRole('button', { name: 'Copy curl with key' }));
      await user.click(screen.getByRole('button', { name: 'Copy command with key' }));
      await waitFor(() => expect(bridge.rpc.curl).toHaveBeenLastCalledWith({ ...request, withKey: true }));

      expect(bridge.rpc.curl).toHaveBeenCalledTimes(2);
      expect(bridge.rpc.call).not.toHaveBeenCalled();
    });
  });

  describe('opened from elsewhere', () => {
    it('opens on the chain asked for through the app’s UI store, even over the listing’s first chain', async () => {
      act(() => useUiStore.getState().openConsoleOn('polygon'));
      renderConsole();

      expect(chainInput().value).toBe('polygon');
      await screen.findByText(/key in the apiKey header/);
      expect(chainInput().value).toBe('polygon');
      expect(address()).toBe('http://127.0.0.1:4013/polygon_full');

      // Asked again while open (the same chain twice is seen twice).
      await act(async () => useRpcConsoleStore.getState().set({ chain: 'ethereum' }));
      act(() => useUiStore.getState().openConsoleOn('polygon'));
      expect(chainInput().value).toBe('polygon');
    });
  });
});
