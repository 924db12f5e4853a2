// A revert's message worded as geth words it (internal/ethapi: "execution reverted", plus the reason when the
// revert data is Error(string) or Panic(uint256): accounts/abi UnpackRevert), so the sandbox answers eth_call and
// eth_estimateGas reverts as a real provider's node does. Code 3 and the raw revert data in `data` are unchanged.
const ERROR_SELECTOR = '08c379a0'; // Error(string)
const PANIC_SELECTOR = '4e487b71'; // Panic(uint256)

/** geth's panicReasons (accounts/abi/abi.go). */
const PANIC_REASONS: Record<number, string> = {
  0: 'generic panic',
  1: 'assert(false)',
  17: 'arithmetic underflow or overflow',
  18: 'division or modulo by zero',
  33: 'enum overflow',
  34: 'invalid encoded storage byte array accessed',
  49: 'out-of-bounds array access; popping on an empty array',
  50: 'out-of-bounds access of an array or bytesN',
  65: 'out of memory',
  81: 'uninitialized function',
};

export function gethRevertMessage(data: unknown): string {
  const hex = typeof data === 'string' && /^0x([0-9a-f]{2})*$/i.test(data) ? data.slice(2).toLowerCase() : '';
  const reason = errorReason(hex) ?? panicReason(hex);
  return reason === null ? 'execution reverted' : `execution reverted: ${reason}`;
}

function errorReason(hex: string): string | null {
  if (!hex.startsWith(ERROR_SELECTOR)) return null;
  const body = hex.slice(8);
  const word = (at: bigint) =>
    at * 2n + 64n <= BigInt(body.length) ? BigInt(`0x${body.slice(Number(at * 2n), Number(at * 2n) + 64)}`) : null;
  const offset = word(0n);
  const length = offset === null ? null : word(offset);
  if (offset === null || length === null || (offset + 32n + length) * 2n > BigInt(body.length)) return null;
  const start = Number(offset + 32n) * 2;
  return Buffer.from(body.slice(start, start + Number(length) * 2), 'hex').toString('utf8');
}

function panicReason(hex: string): string | null {
  if (!hex.startsWith(PANIC_SELECTOR) || hex.length !== 8 + 64) return null;
  const code = BigInt(`0x${hex.slice(8)}`);
  return PANIC_REASONS[Number(code)] ?? `unknown panic code: 0x${code.toString(16)}`;
}
