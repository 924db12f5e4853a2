// The sandbox words a revert as geth does, from the revert data alone: the reason of Error(string), the meaning
// of a Panic code, and plain "execution reverted" for anything else (custom errors, malformed data).
import { encodeErrorResult, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { gethRevertMessage } from '../../src-sandbox/node-access/revert-message.ts';

const abi = parseAbi(['error Error(string)', 'error Panic(uint256)', 'error Custom(uint256 code)']);

describe('gethRevertMessage', () => {
  it('gives the reason string, whatever its length and characters', () => {
    for (const reason of ['', 'no', 'a reason longer than one 32-byte word, to span two of them', 'ünïcode ✓']) {
      const data = encodeErrorResult({ abi, errorName: 'Error', args: [reason] });
      expect(gethRevertMessage(data)).toBe(`execution reverted: ${reason}`);
    }
  });

  it("gives geth's meaning of a panic code, and names an unknown one", () => {
    const panic = (code: bigint) => gethRevertMessage(encodeErrorResult({ abi, errorName: 'Panic', args: [code] }));
    expect(panic(0x11n)).toBe('execution reverted: arithmetic underflow or overflow');
    expect(panic(0x32n)).toBe('execution reverted: out-of-bounds access of an array or bytesN');
    expect(panic(0x99n)).toBe('execution reverted: unknown panic code: 0x99');
  });

  it('says only "execution reverted" for a custom error, no data, or malformed Error(string) data', () => {
    expect(gethRevertMessage(encodeErrorResult({ abi, errorName: 'Custom', args: [1n] }))).toBe('execution reverted');
    expect(gethRevertMessage('0x')).toBe('execution reverted');
    expect(gethRevertMessage(undefined)).toBe('execution reverted');
    expect(gethRevertMessage('0x08c379a0')).toBe('execution reverted');
    // An offset pointing past the end, and a length running past it.
    expect(gethRevertMessage(`0x08c379a0${'0'.repeat(62)}ff${'0'.repeat(64)}`)).toBe('execution reverted');
    expect(gethRevertMessage(`0x08c379a0${'0'.repeat(62)}20${'0'.repeat(62)}40${'61'.repeat(32)}`)).toBe(
      'execution reverted',
    );
  });
});
