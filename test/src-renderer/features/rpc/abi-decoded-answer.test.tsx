// The answer pane's Decoded section, loaded on demand: an eth_call's outputs by name next to the
// raw hex, a revert's Panic with its meaning, and nothing at all for answers it cannot read.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleAnswer } from '../../../../src-renderer/data/rpc.ts';
import { AnswerPane } from '../../../../src-renderer/features/rpc/answer-pane.tsx';
import { SANDBOX_DEPLOYER, SANDBOX_TOKEN } from '../../../../src-shared/abi/sandbox-contracts.ts';
import type { AbiLibraryEntry } from '../../../../src-shared/contract/abi-library.ts';
import type { RpcBody } from '../../../../src-shared/contract/rpc.ts';
import { createFakeBridge } from '../../../fixtures/fake-bridge.ts';
import { rpcResult } from '../../../fixtures/rpc-answers.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const TOKEN_ENTRY: AbiLibraryEntry = {
  id: 'sandbox-token',
  name: SANDBOX_TOKEN.name,
  address: SANDBOX_TOKEN.address,
  abi: SANDBOX_TOKEN.abi as unknown as AbiLibraryEntry['abi'],
  builtin: true,
  savedAt: null,
};
const BALANCE_OF: RpcBody = {
  jsonrpc: '2.0',
  id: 1,
  method: 'eth_call',
  params: [
    { to: SANDBOX_TOKEN.address, data: `0x70a08231${SANDBOX_DEPLOYER.slice(2).toLowerCase().padStart(64, '0')}` },
    'latest',
  ],
};
const RAW = `0x${92_000_000_000_000n.toString(16).padStart(64, '0')}`;

function renderAnswer(body: RpcBody, json: unknown) {
  const bridge = createFakeBridge({ abi: { list: async () => ({ entries: [TOKEN_ENTRY], problem: null }) } });
  const answer: ConsoleAnswer = {
    seq: 1,
    chain: 'ethereum',
    nodeType: 'full',
    body,
    result: rpcResult(json),
    error: null,
    previous: null,
  };
  return renderWithApp(<AnswerPane answer={answer} pending={null} onCancel={vi.fn()} symbol={null} />, { bridge });
}

describe('the Decoded section', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });

  it("names an eth_call's outputs by the selector of the call, next to the raw hex", async () => {
    renderAnswer(BALANCE_OF, { jsonrpc: '2.0', id: 1, result: RAW });

    const section = await screen.findByRole('region', { name: 'Decoded' });
    expect(section.textContent).toContain('balanceOf(address) from Sandbox Dollar');
    const outputs = await within(section).findByRole('table', { name: 'Outputs' });
    expect(outputs.textContent).toBe('#0uint25692000000000000');
    expect(section.textContent).toContain(`Raw: ${RAW}`);
  });

  it('gives a Panic its meaning', async () => {
    const data = `0x4e487b71${'11'.padStart(64, '0')}`;
    renderAnswer(BALANCE_OF, { jsonrpc: '2.0', id: 1, error: { code: 3, message: 'execution reverted', data } });

    const revert = await screen.findByTestId('abi-revert');
    expect(revert.textContent).toContain('Panic(0x11): arithmetic overflow or underflow outside an unchecked block');
  });

  it('reads logs a node got wrong (null, a number) as unknown ones, and the answer stays on screen', async () => {
    const body: RpcBody = { jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{}] };
    renderAnswer(body, { jsonrpc: '2.0', id: 1, result: [null, 5] });

    const logs = await screen.findByTestId('abi-logs');
    expect(logs.textContent).toContain('2 logs, 0 matched an event in the library');
    expect(screen.getByRole('region', { name: 'Answer JSON' })).toBeTruthy();
  });

  it('stays away from answers with nothing to decode', async () => {
    renderAnswer(
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 1, result: '0x12c' },
    );

    await screen.findByRole('region', { name: 'Answer' });
    expect(screen.queryByRole('region', { name: 'Decoded' })).toBeNull();
    expect(screen.queryByText('Decoding…')).toBeNull();
  });
});
