// Logs (eth_getLogs, a receipt's `logs`) decoded as named events: topic0 matched against every
// event in the library; the first ABI whose indexed layout fits wins (ERC-20 and ERC-721 share
// Transfer's topic0 but not its indexed count). Capped: a 10 MB answer decodes its first logs only.
import type { Abi } from 'viem';
import { decodeEventLog } from 'viem';
import { type AbiIndex, matchesAt, signatureOf } from './abi-index.ts';
import { argsAsList, markTokenAmounts, type NamedValue, nameValues } from './format-value.ts';

export const MAX_DECODED_LOGS = 200;

export interface RawLog {
  address?: unknown;
  topics?: unknown;
  data?: unknown;
  logIndex?: unknown;
  transactionHash?: unknown;
}

export type DecodedLog =
  | { kind: 'event'; address: string; name: string; signature: string; source: string; args: NamedValue[] }
  | { kind: 'unknown'; address: string; topic0: string | null };

export function decodeLog(entry: RawLog, index: AbiIndex): DecodedLog {
  // A node may answer anything: a null or a number in the list is an unknown log, not a crash.
  const log: RawLog = typeof entry === 'object' && entry !== null ? entry : {};
  const address = typeof log.address === 'string' ? log.address : '';
  const topics = Array.isArray(log.topics) ? (log.topics.filter((t) => typeof t === 'string') as `0x${string}`[]) : [];
  const data = typeof log.data === 'string' ? (log.data as `0x${string}`) : '0x';
  const topic0 = topics[0]?.toLowerCase() ?? null;
  for (const found of topic0 ? matchesAt(index.events.get(topic0), address) : []) {
    try {
      const decoded = decodeEventLog({ abi: [found.item] as Abi, data, topics: topics as never, strict: true });
      return {
        kind: 'event',
        address,
        name: found.item.name,
        signature: signatureOf(found.item),
        source: found.source,
        args: markTokenAmounts(
          signatureOf(found.item),
          nameValues(found.item.inputs, argsAsList(found.item.inputs, decoded.args)).map((value, i) =>
            hashedTopic(found.item.inputs[i]) ? { ...value, type: `keccak256 of ${value.type} (indexed)` } : value,
          ),
          address,
          'event',
        ),
      };
    } catch {
      // This ABI's indexed layout does not fit: try the next.
    }
  }
  return { kind: 'unknown', address, topic0 };
}

/** The first MAX_DECODED_LOGS logs decoded, and how many there were in all. */
export function decodeLogs(logs: readonly RawLog[], index: AbiIndex): { logs: DecodedLog[]; total: number } {
  return { logs: logs.slice(0, MAX_DECODED_LOGS).map((log) => decodeLog(log, index)), total: logs.length };
}

/** An indexed string, bytes, array or struct is only its keccak256 hash in the topic, not the value. */
function hashedTopic(input: { type: string; indexed?: boolean } | undefined): boolean {
  if (!input?.indexed) return false;
  return (
    input.type === 'string' || input.type === 'bytes' || input.type.endsWith(']') || input.type.startsWith('tuple')
  );
}
