import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleAnswer } from '../../../../src-renderer/data/rpc.ts';
import { AnswerPane } from '../../../../src-renderer/features/rpc/answer-pane.tsx';
import type { RpcBody } from '../../../../src-shared/contract/rpc.ts';
import { bridgeError } from '../../../fixtures/fake-bridge.ts';
import { rpcResult } from '../../../fixtures/rpc-answers.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const BLOCK_NUMBER: RpcBody = { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] };

function answer(over: Partial<ConsoleAnswer>): ConsoleAnswer {
  return {
    seq: 1,
    chain: 'ethereum',
    nodeType: 'full',
    body: BLOCK_NUMBER,
    result: null,
    error: null,
    previous: null,
    ...over,
  };
}

function renderPane(
  shown: ConsoleAnswer | null,
  {
    pending = null,
    symbol = null,
  }: { pending?: { chain: string; nodeType: string } | null; symbol?: string | null } = {},
) {
  const onCancel = vi.fn();
  const rendered = renderWithApp(<AnswerPane answer={shown} pending={pending} onCancel={onCancel} symbol={symbol} />);
  return { ...rendered, onCancel, pane: screen.getByRole('region', { name: 'Answer' }) };
}

/** The JSON tree's row for a JSON Pointer. */
const row = (path: string, scope: ParentNode = document) =>
  scope.querySelector<HTMLElement>(`.json-row[data-path="${path}"]`);

describe('AnswerPane', () => {
  // The tree under the answer is virtual: give it a viewport (happy-dom lays nothing out).
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });

  it('says how to send before anything was sent', () => {
    const { pane } = renderPane(null);

    expect(pane.textContent).toContain('No answer yet. Send a request (Ctrl+Enter).');
    expect(pane.getAttribute('aria-busy')).toBeNull();
    expect(pane.dataset.answerSeq).toBe('0');
  });

  it('says where it is waiting and lets the user cancel', async () => {
    const { pane, user, onCancel } = renderPane(null, { pending: { chain: 'polygon', nodeType: 'archive' } });

    expect(within(pane).getByRole('status').textContent).toContain('Waiting for polygon_archive…');
    expect(pane.getAttribute('aria-busy')).toBe('true');
    expect(pane.textContent).not.toContain('No answer yet');

    await user.click(within(pane).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('shows a result with its HTTP status, round trip, size and address, and the decoded value', () => {
    const result = rpcResult({ jsonrpc: '2.0', id: 1, result: '0x1312d00' }, { sizeBytes: 2_560 });
    const { pane } = renderPane(answer({ seq: 3, result }));

    expect(screen.getByTestId('rpc-status').textContent).toBe('HTTP 200');
    expect(screen.getByTestId('rpc-status').className).not.toContain('danger');
    expect(screen.getByTestId('rpc-elapsed').textContent).toBe('12.3 ms');
    expect(screen.getByTestId('rpc-size').textContent).toBe('2.5 KB');
    expect(pane.textContent).toContain('http://127.0.0.1:4013/ethereum_full');
    expect(pane.dataset.answerSeq).toBe('3');
    // The method of the call decides what the result means.
    expect(row('/result')?.querySelector('.json-hint-decimal')?.textContent).toBe('= 20,000,000');
    expect(within(pane).queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('rpc-batch-summary')).toBeNull();
    expect(screen.getByRole('region', { name: 'Answer JSON' })).toBeTruthy();
  });

  it('shows wei in the chain’s own currency when the listing names it', () => {
    const body: RpcBody = { jsonrpc: '2.0', id: 9, method: 'eth_getBalance', params: ['0x00', 'latest'] };
    const result = rpcResult({ jsonrpc: '2.0', id: 9, result: '0x29a2241af62c0000' });
    renderPane(answer({ body, result }), { symbol: 'POL' });

    expect(row('/result')?.querySelector('.json-hint-ether')?.textContent).toBe('= 3 POL');
  });

  it('shows a JSON-RPC error as an error, with its code, message and data', () => {
    const result = rpcResult({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32000, message: 'missing trie node', data: { block: '0x10' } },
    });
    renderPane(answer({ result }));

    const alert = screen.getByTestId('rpc-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('JSON-RPC error -32000: missing trie node data: {"block":"0x10"}');
    expect(row('/error')?.className).toContain('json-row-error');
  });

  it('sums up a batch, names the id of each failed call and decodes each answer by its own call', () => {
    const body: RpcBody = [
      { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: ['0x00', 'latest'] },
      { jsonrpc: '2.0', id: 2, method: 'eth_gasPrice', params: [] },
      { jsonrpc: '2.0', id: 3, method: 'eth_nope', params: [] },
    ];
    // Nodes may answer a batch in any order: the ids say which answer is whose.
    const result = rpcResult([
      { jsonrpc: '2.0', id: 2, result: '0x77359400' },
      { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'the method eth_nope does not exist' } },
      { jsonrpc: '2.0', id: 1, result: '0xde0b6b3a7640000' },
    ]);
    renderPane(answer({ body, result }), { symbol: 'ETH' });

    expect(screen.getByTestId('rpc-batch-summary').textContent).toBe('3 answers, 1 error');
    expect(screen.getByTestId('rpc-error').textContent).toBe(
      'JSON-RPC error -32601 (id 3): the method eth_nope does not exist',
    );
    expect(row('/0/result')?.querySelector('.json-hint-gwei')?.textContent).toBe('= 2 gwei');
    expect(row('/2/result')?.querySelector('.json-hint-ether')?.textContent).toBe('= 1 ETH');
  });

  it('lists the first five errors of a batch and counts the rest', () => {
    const body: RpcBody = Array.from({ length: 7 }, (_, i) => ({
      jsonrpc: '2.0' as const,
      id: i + 1,
      method: 'eth_x',
      params: [],
    }));
    const result = rpcResult(
      body.map((call) => ({ jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `no ${call.id}` } })),
    );
    renderPane(answer({ body, result }));

    expect(screen.getByTestId('rpc-batch-summary').textContent).toBe('7 answers, 7 errors');
    const alert = screen.getByTestId('rpc-error');
    expect(alert.textContent).toContain('(id 5): no 5');
    expect(alert.textContent).not.toContain('no 6');
    expect(alert.textContent).toContain('…and 2 more (see the tree)');
  });

  it('says "1 answer" for a batch of one', () => {
    const body: RpcBody = [BLOCK_NUMBER as Exclude<RpcBody, unknown[]>];
    renderPane(answer({ body, result: rpcResult([{ jsonrpc: '2.0', id: 1, result: '0x1' }]) }));

    expect(screen.getByTestId('rpc-batch-summary').textContent).toBe('1 answer, 0 errors');
  });

  it('shows JSON that is not a JSON-RPC answer as it came, with a warning', () => {
    renderPane(answer({ result: rpcResult({ hello: 'world' }) }));

    expect(screen.getByRole('status').textContent).toContain('This JSON is not a JSON-RPC answer');
    expect(row('/hello')?.textContent).toContain('"world"');
  });

  it.each([
    ['not_found', 'Unknown chain or node type.'],
    ['unauthorized', 'The key was refused or is missing.'],
    ['forbidden', 'The key may not use this node.'],
    ['timeout', 'No answer in time.'],
    ['network', 'The connection failed.'],
    ['bad_response', "The node's answer could not be read."],
    ['service_error', 'The node access service failed.'],
    ['cancelled', 'Cancelled.'],
    ['invalid_argument', 'Main refused the request before sending it.'],
    ['internal', 'The request failed.'],
  ] as const)('explains a %s failure in words, with the code and the message', (code, title) => {
    renderPane(answer({ error: bridgeError(code, 'what the server said') }));

    const alert = within(screen.getByTestId('rpc-failure')).getByRole('alert');
    expect(alert.textContent).toBe(`${title} [${code}] what the server said`);
    expect(screen.getByTestId('rpc-status').textContent).toBe('no HTTP answer');
    expect(screen.queryByTestId('rpc-elapsed')).toBeNull();
    expect(screen.queryByTestId('rpc-result')).toBeNull();
  });

  it('explains a 429 with the wait the service asked for', () => {
    renderPane(answer({ error: bridgeError('rate_limited', 'HTTP 429', { status: 429, retryAfterSeconds: 2 }) }));

    const alert = within(screen.getByTestId('rpc-failure')).getByRole('alert');
    expect(alert.textContent).toBe('The service is limiting requests; try again in 2 s. [rate_limited] HTTP 429');
  });

  it('shows the HTTP facts of a failure when main measured them', () => {
    const error = bridgeError('bad_response', 'HTTP 502: <html>Bad gateway</html>', {
      status: 502,
      elapsedMs: 1500,
      sizeBytes: 3 * 1024 * 1024,
      address: 'http://127.0.0.1:4013/ethereum_archive',
    });
    renderPane(answer({ nodeType: 'archive', error }));

    expect(screen.getByTestId('rpc-status').textContent).toBe('HTTP 502');
    expect(screen.getByTestId('rpc-status').className).toContain('danger');
    expect(screen.getByTestId('rpc-elapsed').textContent).toBe('1500.0 ms');
    expect(screen.getByTestId('rpc-size').textContent).toBe('3.0 MB');
    expect(screen.getByTestId('rpc-failure').textContent).toContain('http://127.0.0.1:4013/ethereum_archive');
  });

  it('keeps the answer the user was reading below a failure', () => {
    const previous = answer({
      seq: 1,
      chain: 'polygon',
      result: rpcResult({ jsonrpc: '2.0', id: 1, result: '0xff' }, { sizeBytes: 40 }),
    });
    renderPane(answer({ seq: 2, error: bridgeError('timeout', 'no answer in 30 s'), previous }));

    expect(screen.getByTestId('rpc-failure').textContent).toContain('No answer in time.');
    const kept = screen.getByRole('region', { name: 'Previous answer' });
    expect(within(kept).getByRole('heading').textContent).toBe('Previous answer, kept');
    expect(screen.getByTestId('rpc-previous-summary').textContent).toBe(
      'eth_blockNumber on polygon_full · HTTP 200 · 40 B',
    );
    const tree = screen.getByRole('region', { name: 'Previous answer JSON' });
    expect(row('/result', tree)?.querySelector('.json-hint-decimal')?.textContent).toBe('= 255');
  });

  it('names a kept batch by its size', () => {
    const body: RpcBody = [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
    ];
    const previous = answer({
      body,
      result: rpcResult([
        { jsonrpc: '2.0', id: 1, result: '0x1' },
        { jsonrpc: '2.0', id: 2, result: '0x10' },
      ]),
    });
    renderPane(answer({ seq: 2, error: bridgeError('network', 'socket hang up'), previous }));

    expect(screen.getByTestId('rpc-previous-summary').textContent).toMatch(/^a batch of 2 on ethereum_full · HTTP 200/);
    const tree = screen.getByRole('region', { name: 'Previous answer JSON' });
    expect(row('/1/result', tree)?.querySelector('.json-hint-decimal')?.textContent).toBe('= 16');
  });

  it('shows no previous answer when there was none', () => {
    renderPane(answer({ error: bridgeError('network', 'socket hang up') }));

    expect(screen.queryByTestId('rpc-previous-answer')).toBeNull();
  });
});
