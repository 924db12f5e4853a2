// The contract form: each kind of bad input shows its message at its own field (linked by
// aria-describedby), no call is published while any field is wrong (the first one at fault is named
// instead), and good input publishes the call Send sends, as it is typed.
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ContractEntry, ContractMode } from '../../../../src-renderer/features/rpc/abi/contract-mode.tsx';
import { useContractStore } from '../../../../src-renderer/features/rpc/abi/contract-store.ts';
import { SANDBOX_CHECKS, SANDBOX_TOKEN } from '../../../../src-shared/abi/sandbox-contracts.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const ENTRIES: ContractEntry[] = [
  { id: 'sandbox-token', name: SANDBOX_TOKEN.name, address: SANDBOX_TOKEN.address, abi: SANDBOX_TOKEN.abi },
  { id: 'sandbox-checks', name: SANDBOX_CHECKS.name, address: SANDBOX_CHECKS.address, abi: SANDBOX_CHECKS.abi },
];
const HOLDER = '0x52908400098527886E0F7030069857D2E4169EE7';
const initial = useContractStore.getState();

function renderForm() {
  const onCall = vi.fn();
  const rendered = renderWithApp(<ContractMode entries={ENTRIES} onCall={onCall} />);
  /** The call the form publishes now (what Send would send), or why there is none. */
  const last = () => onCall.mock.lastCall?.[0] ?? null;
  return { ...rendered, onCall, last };
}

/** The field's message, found through the field's own aria-describedby (what a screen reader reads). */
function messageOf(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const errors = ids.map((id) => document.getElementById(id)).filter((el) => el?.getAttribute('role') === 'alert');
  return errors.map((el) => el?.textContent).join(' ') || null;
}

beforeEach(() => useContractStore.setState(initial, true));

describe('the contract form', () => {
  it('reads first, prefills the address from the library, and builds balanceOf calldata', async () => {
    const { user, last } = renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Contract' }), 'sandbox-token');

    const fn = screen.getByRole('combobox', { name: 'Function' }) as HTMLSelectElement;
    expect(fn.value).toBe('allowance(address,address)');
    await user.selectOptions(fn, 'balanceOf(address)');
    expect((screen.getByRole('textbox', { name: 'Contract address' }) as HTMLInputElement).value).toBe(
      SANDBOX_TOKEN.address,
    );
    expect(last()).toEqual({ ok: false, problem: expect.stringMatching(/^argument 1 \(address\): /) });
    await user.type(screen.getByRole('textbox', { name: /argument 1/ }), HOLDER.toLowerCase());

    const { ok, method, paramsText } = last();
    expect(ok).toBe(true);
    expect(method).toBe('eth_call');
    expect(JSON.parse(paramsText)).toEqual([
      { to: SANDBOX_TOKEN.address, data: `0x70a08231000000000000000000000000${HOLDER.slice(2).toLowerCase()}` },
      'latest',
    ]);
  });

  it('says at each field what is wrong, and publishes no call until it is fixed', async () => {
    const { user, last } = renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Contract' }), 'sandbox-token');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Function' }), 'transfer(address,uint256)');
    const to = screen.getByRole('textbox', { name: /to \(address\)/ });
    const value = screen.getByRole('textbox', { name: /value \(uint256\)/ });

    await user.type(to, HOLDER.replace('E0F', 'e0F'));
    expect(messageOf(to)).toMatch(/checksum/);
    await user.type(value, (2n ** 256n).toString());
    expect(messageOf(value)).toBe('value: must be between 0 and 2^256-1');
    const block = screen.getByRole('combobox', { name: 'Block' });
    await user.clear(block);
    await user.type(block, 'newest');
    expect(messageOf(block)).toMatch(/latest, safe, finalized, earliest, pending or a block number/);
    await user.click(screen.getByRole('radio', { name: 'Estimate gas (eth_estimateGas)' }));
    expect(last()).toEqual({ ok: false, problem: expect.stringMatching(/^to \(address\): .*checksum/) });

    await user.clear(to);
    await user.type(to, HOLDER);
    await user.clear(value);
    await user.type(value, '0x10');
    await user.clear(block);
    await user.type(block, '12');
    expect([messageOf(to), messageOf(value), messageOf(block)]).toEqual([null, null, null]);
    expect(last().method).toBe('eth_estimateGas');
    expect(JSON.parse(last().paramsText)).toEqual([
      { to: SANDBOX_TOKEN.address, data: expect.stringMatching(/^0xa9059cbb0{24}52908400.*0{62}10$/i) },
      '0xc',
    ]);
  });

  it('checks bytes lengths, ints, bools and tuples field by field, and shows empty fields once Send was pressed', async () => {
    const { user, last } = renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Contract' }), 'sandbox-checks');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Function' }),
      'echo((address,uint256,bool),bytes32,bytes,int256)',
    );
    const owner = screen.getByRole('textbox', { name: /owner \(address\)/ });
    expect(messageOf(owner)).toBeNull();
    // Send pressed with the form incomplete (the console does this): every field says what it needs.
    act(() => useContractStore.getState().patch({ showAll: true }));
    expect(messageOf(owner)).toMatch(/enter an address/);
    expect(last().ok).toBe(false);

    const tag = screen.getByRole('textbox', { name: /tag \(bytes32\)/ });
    await user.type(tag, `0x${'ab'.repeat(31)}`);
    expect(messageOf(tag)).toBe('tag: needs 32 bytes, got 31');
    const note = screen.getByRole('textbox', { name: /note \(bytes\)/ });
    await user.type(note, '0x123');
    expect(messageOf(note)).toMatch(/even number of hex digits/);
    const active = screen.getByRole('textbox', { name: /active \(bool\)/ });
    await user.type(active, 'yes');
    expect(messageOf(active)).toBe('active: enter true or false');

    await user.type(owner, HOLDER);
    await user.type(screen.getByRole('textbox', { name: /amount \(uint256\)/ }), '1500000');
    await user.clear(active);
    await user.type(active, 'true');
    await user.type(tag, 'cd');
    await user.clear(note);
    await user.type(note, '0x1234');
    await user.type(screen.getByRole('textbox', { name: /delta \(int256\)/ }), '-7');
    expect(last().ok).toBe(true);
    expect(JSON.parse(last().paramsText)[0].to).toBe(SANDBOX_CHECKS.address);
  });
});
