import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAbiSelection } from '../../../../src-renderer/features/rpc/abi/abi-selection-store.ts';
import { LibraryPanel } from '../../../../src-renderer/features/rpc/abi/library-panel.tsx';
import type { AbiLibraryEntry } from '../../../../src-shared/contract/abi-library.ts';
import { createFakeBridge, failWith, invalidArgument } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const ERC20: AbiLibraryEntry = {
  id: 'builtin-erc20',
  name: 'ERC-20',
  address: null,
  abi: [
    {
      type: 'function',
      name: 'totalSupply',
      inputs: [],
      outputs: [{ name: '', type: 'uint256' }],
      stateMutability: 'view',
    },
  ],
  builtin: true,
  savedAt: null,
};
const GOOD_ABI = JSON.stringify([{ type: 'event', name: 'Ping', inputs: [], anonymous: false }]);
const BAD_ABI = JSON.stringify([
  { type: 'event', name: 'Ping', inputs: [] },
  {
    type: 'function',
    name: 'transfer',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint257' },
    ],
    stateMutability: 'nonpayable',
  },
]);
const BAD_MESSAGE =
  'entry 2 (function "transfer"): input 2 ("amount") has type "uint257", which is not a Solidity type';

function renderPanel(bridge = createFakeBridge()) {
  useAbiSelection.setState({ selectedAbiId: null });
  return renderWithApp(<LibraryPanel profileId="sandbox" />, { bridge });
}
const list = () => screen.getByRole('list', { name: 'Contract list' });
const form = () => screen.getByRole('form', { name: 'Add ABI' });
const field = (name: string) => within(form()).getByRole('textbox', { name });

async function openForm(user: ReturnType<typeof renderPanel>['user']) {
  await user.click(screen.getByRole('button', { name: 'Add ABI' }));
  return form();
}

describe('LibraryPanel', () => {
  it('lists entries with a built-in badge, no delete for built-ins, and selects one', async () => {
    const bridge = createFakeBridge({ abi: { list: async () => ({ entries: [ERC20], problem: null }) } });
    const { user } = renderPanel(bridge);

    const item = await within(list()).findByRole('listitem');
    expect(item.textContent).toBe('ERC-20 built-inno address · 1 entry');
    expect(within(item).queryByRole('button', { name: /Delete/ })).toBeNull();
    await user.click(within(item).getByRole('button', { name: /ERC-20/ }));
    expect(useAbiSelection.getState().selectedAbiId).toBe('builtin-erc20');
    expect(
      within(item)
        .getByRole('button', { name: /ERC-20/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('refuses a malformed ABI at the ABI field, naming the first bad entry, and sends nothing', async () => {
    const { bridge, user } = renderPanel();
    await openForm(user);
    await user.type(field('Contract name'), 'Token');
    await user.click(field('ABI JSON'));
    await user.paste(BAD_ABI);
    await user.click(screen.getByRole('button', { name: 'Save ABI' }));

    expect(field('ABI JSON').getAttribute('aria-invalid')).toBe('true');
    expect(within(form()).getByRole('alert').textContent).toBe(BAD_MESSAGE);
    expect(bridge.abi.save).not.toHaveBeenCalled();
  });

  it('refuses an empty name, a short address and a wrong checksum at their fields', async () => {
    const { bridge, user } = renderPanel();
    await openForm(user);
    await user.type(field('Address (optional)'), '0x1234');
    await user.click(field('ABI JSON'));
    await user.paste(GOOD_ABI);
    await user.click(screen.getByRole('button', { name: 'Save ABI' }));
    const messages = within(form())
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(messages).toEqual(['give the contract a name', 'an address is 0x followed by 40 hex digits']);

    await user.clear(field('Address (optional)'));
    // The sandbox token's address with one letter's case flipped.
    await user.type(field('Address (optional)'), '0x9193ffa116036C8962F97Ce6cdbC7232ECBd7840');
    await user.type(field('Contract name'), 'Token');
    await user.click(screen.getByRole('button', { name: 'Save ABI' }));
    expect(await within(form()).findByText(/the checksum \(EIP-55 mixed case\) does not match/)).toBeTruthy();
    expect(bridge.abi.save).not.toHaveBeenCalled();
  });

  it('saves a pasted ABI with its address, lists it, selects it and deletes it', async () => {
    const { bridge, user } = renderPanel();
    await openForm(user);
    await user.type(field('Contract name'), '  Pinger ');
    await user.type(field('Address (optional)'), '0x9193Ffa116036C8962F97Ce6cdbC7232ECBd7840');
    await user.click(field('ABI JSON'));
    await user.paste(GOOD_ABI);
    await user.click(screen.getByRole('button', { name: 'Save ABI' }));

    expect(bridge.abi.save).toHaveBeenCalledExactlyOnceWith({
      profileId: 'sandbox',
      name: 'Pinger',
      address: '0x9193Ffa116036C8962F97Ce6cdbC7232ECBd7840',
      abiText: GOOD_ABI,
    });
    const item = await within(list()).findByRole('listitem');
    expect(item.textContent).toContain('Pinger 0x9193…7840 · 1 entry');
    expect(screen.queryByRole('form', { name: 'Add ABI' })).toBeNull();
    expect(useAbiSelection.getState().selectedAbiId).toBe('0000000000000001');

    await user.click(within(item).getByRole('button', { name: 'Delete Pinger' }));
    expect(bridge.abi.delete).toHaveBeenCalledExactlyOnceWith({ profileId: 'sandbox', id: '0000000000000001' });
    expect(await screen.findByRole('list', { name: 'Contract list' })).toBeTruthy();
    expect(within(list()).queryByRole('listitem')).toBeNull();
    expect(useAbiSelection.getState().selectedAbiId).toBeNull();
  });

  it("shows main's refusal at the field it names", async () => {
    const bridge = createFakeBridge();
    bridge.abi.save.mockRejectedValue(
      invalidArgument([{ path: ['0', 'name'], message: '"ERC-20" is a built-in ABI; give yours another name' }]),
    );
    const { user } = renderPanel(bridge);
    await openForm(user);
    await user.type(field('Contract name'), 'erc-20');
    await user.click(field('ABI JSON'));
    await user.paste(GOOD_ABI);
    await user.click(screen.getByRole('button', { name: 'Save ABI' }));

    expect((await within(form()).findByRole('alert')).textContent).toBe(
      '"ERC-20" is a built-in ABI; give yours another name',
    );
    expect(field('Contract name').getAttribute('aria-invalid')).toBe('true');
  });

  it('imports a Foundry artifact from a file, naming the contract after it', async () => {
    const { bridge, user } = renderPanel();
    await openForm(user);
    const artifact = JSON.stringify({ abi: JSON.parse(GOOD_ABI), bytecode: { object: '0x' } });
    await user.upload(
      screen.getByLabelText('ABI file'),
      new File([artifact], 'Pinger.json', { type: 'application/json' }),
    );

    expect(await within(form()).findByDisplayValue('Pinger')).toBeTruthy();
    expect((field('ABI JSON') as HTMLTextAreaElement).value).toBe(artifact);
    await user.click(screen.getByRole('button', { name: 'Save ABI' }));
    expect(bridge.abi.save).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Pinger', address: null, abiText: artifact }),
    );
  });

  it('says why saved ABIs are missing, and shows a failed read', async () => {
    const problem = 'The saved ABIs were not usable (not valid JSON); the file was kept as x.corrupt-1';
    const bridge = createFakeBridge({ abi: { list: async () => ({ entries: [ERC20], problem }) } });
    renderPanel(bridge);
    expect((await screen.findByRole('status')).textContent).toBe(problem);
  });

  it('shows a library that could not be read', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.abi.list, 'settings', 'disk full');
    renderPanel(bridge);
    expect((await screen.findByRole('alert')).textContent).toContain('disk full');
  });
});
