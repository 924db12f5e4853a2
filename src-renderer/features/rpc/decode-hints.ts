// What a value in a JSON-RPC answer means in human terms: a hex quantity as a decimal, wei as
// ether (or gwei for fees), a unix time as a date. All exact: bigint and decimal strings, never
// floats. Hashes, addresses and byte strings are left alone.
import { decimalToString } from '../../../src-shared/decimal.ts';

export interface DecodeHint {
  kind: 'decimal' | 'ether' | 'gwei' | 'time';
  text: string;
}

/** Where a value sits: its key, and the method whose answer it is. */
export interface HintContext {
  key: string | number | null;
  method: string | null;
  /** The chain's native currency symbol from the listing (ETH, POL); "ether" when unknown. */
  symbol: string | null;
}

const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;

/** Keys whose hex values are bytes (hashes, addresses, data), never numbers. */
const BYTES_KEYS = new Set([
  'hash',
  'parentHash',
  'blockHash',
  'transactionHash',
  'address',
  'from',
  'to',
  'miner',
  'contractAddress',
  'input',
  'data',
  'logsBloom',
  'stateRoot',
  'receiptsRoot',
  'transactionsRoot',
  'withdrawalsRoot',
  'sha3Uncles',
  'mixHash',
  'extraData',
  'parentBeaconBlockRoot',
  'requestsHash',
  'r',
  's',
  'raw',
  'topics',
  'storageHash',
  'codeHash',
  'root',
]);

/** Keys whose values are amounts of wei: shown in the native currency. */
const WEI_KEYS = new Set(['value', 'balance']);
/** Fees per gas: shown in gwei, the unit people quote them in. */
const FEE_KEYS = new Set([
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'baseFeePerGas',
  'effectiveGasPrice',
  'maxFeePerBlobGas',
  'blobGasPrice',
]);
const WEI_RESULTS = new Set(['eth_getBalance']);
const FEE_RESULTS = new Set(['eth_gasPrice', 'eth_maxPriorityFeePerGas', 'eth_blobBaseFee']);
/** Results that are numbers (so a leading-zero rule does not apply to them). */
const QUANTITY_RESULTS = new Set([
  'eth_chainId',
  'eth_blockNumber',
  'eth_getTransactionCount',
  'eth_estimateGas',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getUncleCountByBlockNumber',
  'eth_hashrate',
  'net_peerCount',
  ...WEI_RESULTS,
  ...FEE_RESULTS,
]);

export function decodeHints(value: unknown, context: HintContext): DecodeHint[] {
  if (typeof value !== 'string' || !HEX_QUANTITY.test(value)) return [];
  const key = typeof context.key === 'string' ? context.key : null;
  const isResult = key === 'result' && context.method !== null;
  if (key !== null && BYTES_KEYS.has(key)) return [];
  if (key === null && typeof context.key === 'number') return []; // array items: topics, hashes, …
  const known =
    (isResult && QUANTITY_RESULTS.has(context.method as string)) ||
    (key !== null && (WEI_KEYS.has(key) || FEE_KEYS.has(key)));
  // Ethereum quantities have no leading zeros; a value with them (or 20/32 bytes long) is data.
  if (!known && (/^0x0[0-9a-fA-F]/.test(value) || value.length - 2 >= 40)) return [];
  if (isResult && context.method && !QUANTITY_RESULTS.has(context.method)) return [];

  const number = BigInt(value);
  const hints: DecodeHint[] = [{ kind: 'decimal', text: groupDigits(number.toString()) }];
  if ((key !== null && WEI_KEYS.has(key) && !isResult) || (isResult && WEI_RESULTS.has(context.method as string))) {
    hints.push({ kind: 'ether', text: `${formatUnits(number, 18)} ${context.symbol ?? 'ether'}` });
  } else if ((key !== null && FEE_KEYS.has(key)) || (isResult && FEE_RESULTS.has(context.method as string))) {
    hints.push({ kind: 'gwei', text: `${formatUnits(number, 9)} gwei` });
  } else if (key === 'timestamp' && number >= 1_000_000_000n && number < 100_000_000_000n) {
    hints.push({ kind: 'time', text: new Date(Number(number) * 1000).toISOString().replace('.000Z', 'Z') });
  }
  return hints;
}

/** `units` / 10^decimals as exact decimal text, trailing zeros dropped, thousands grouped: "10,000", "0.000000001". */
export function formatUnits(units: bigint, decimals: number): string {
  const text = decimalToString({ units, scale: decimals });
  const [whole, fraction = ''] = text.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${groupDigits(whole)}${trimmed ? `.${trimmed}` : ''}`;
}

function groupDigits(digits: string): string {
  const sign = digits.startsWith('-') ? '-' : '';
  return sign + digits.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
