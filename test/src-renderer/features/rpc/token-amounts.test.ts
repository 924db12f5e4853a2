// A token's amounts scaled by its decimals, exactly (issue 27): the scaling itself (bigint and decimal text, the
// app's one amount format), which decoded values are token amounts, and how main reads decimals() and symbol().
import { describe, expect, it } from 'vitest';
import { abiString, abiUint8 } from '../../../../src-main/services/rpc/rpc-console.ts';
import { markTokenAmounts, type NamedValue } from '../../../../src-renderer/features/rpc/abi/format-value.ts';
import { baseUnitsText } from '../../../../src-renderer/ui/amount-text.ts';

const TOKEN = '0x9193Ffa116036C8962F97Ce6cdbC7232ECBd7840';
const word = (n: bigint) => n.toString(16).padStart(64, '0');

describe('baseUnitsText', () => {
  it('scales exactly, past 2^53 and to 18 decimals, padded and grouped as every amount', () => {
    expect(baseUnitsText('92000000000000', 6)).toBe('92,000,000.000000');
    expect(baseUnitsText('1', 18)).toBe('0.000000000000000001');
    expect(baseUnitsText((2n ** 256n - 1n).toString(), 18)).toBe(
      '115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457.584007913129639935',
    );
    expect(baseUnitsText('9007199254740993', 0)).toBe('9,007,199,254,740,993');
  });

  it('gives nothing for text that is not a whole number', () => {
    expect(baseUnitsText('1.5', 6)).toBeNull();
    expect(baseUnitsText('[1, 2]', 6)).toBeNull();
  });
});

describe('markTokenAmounts', () => {
  const value = (name: string, type = 'uint256'): NamedValue => ({ name, type, text: '5' });

  it("marks balanceOf's, totalSupply's and allowance's uint256 with the called address", () => {
    for (const sig of ['balanceOf(address)', 'totalSupply()', 'allowance(address,address)']) {
      expect(markTokenAmounts(sig, [value('balance')], TOKEN, 'outputs')[0]?.tokenAmountOf).toBe(TOKEN);
    }
  });

  it("marks a Transfer's value, never its addresses, and nothing of other functions", () => {
    const marked = markTokenAmounts(
      'Transfer(address,address,uint256)',
      [value('from', 'address'), value('to', 'address'), value('value')],
      TOKEN,
      'event',
    );
    expect(marked.map((v) => v.tokenAmountOf ?? null)).toEqual([null, null, TOKEN]);
    expect(markTokenAmounts('divide(uint256,uint256)', [value('quotient')], TOKEN, 'outputs')[0]?.tokenAmountOf).toBe(
      undefined,
    );
    expect(markTokenAmounts('balanceOf(address)', [value('balance')], 'nope', 'outputs')[0]?.tokenAmountOf).toBe(
      undefined,
    );
  });
});

describe("main's reading of decimals() and symbol()", () => {
  it('reads a uint8, and nothing else, as decimals', () => {
    expect(abiUint8(`0x${word(6n)}`)).toBe(6);
    expect(abiUint8(`0x${word(256n)}`)).toBeNull();
    expect(abiUint8('0x')).toBeNull();
    expect(abiUint8(undefined)).toBeNull();
  });

  it('reads an ABI string and a bytes32 symbol; refuses what is neither', () => {
    const sbd = Buffer.from('SBD').toString('hex');
    expect(abiString(`0x${word(32n)}${word(3n)}${sbd.padEnd(64, '0')}`)).toBe('SBD');
    expect(abiString(`0x${Buffer.from('MKR').toString('hex').padEnd(64, '0')}`)).toBe('MKR');
    expect(abiString(`0x${word(32n)}${word(3n)}`)).toBeNull();
    expect(abiString('0x')).toBeNull();
  });
});
