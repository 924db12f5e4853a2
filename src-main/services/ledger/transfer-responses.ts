// The spec's response shapes (section 2), as main reads them. The reading rules, each with its
// test, are the table "Reading the answers" in docs/service-decisions.md. In short: extra fields
// are never an error (the list and its legs report them, a newer service may add some); a
// nullable field outside the legs may also be absent and is then read as null (2.1 promises every
// key of a leg, nothing else does); a field that is not nullable must be there with its type.
import { z } from 'zod';
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../../src-shared/contract/transfers.ts';

/** A nullable leg field: the key must be there (2.1), its value may be null. */
const str = z.string().nullable();
/** A nullable field outside the legs: null, or absent (read as null). */
const opt = <T extends z.ZodType>(type: T) => type.nullable().default(null);
const optStr = opt(z.string());
const int32 = z.number().int().min(-2147483648).max(2147483647);
// Any integer: JSON numbers beyond 2^53 (int64 offsets) arrive rounded but are still integers;
// zod's .int() would refuse them as unsafe and with them the whole start-up answer.
const int64 = z.number().refine(Number.isInteger, 'expected an integer');

export const TransferLegSchema = z.looseObject({
  updateId: str,
  effectiveAt: str,
  instrumentAdmin: str,
  instrumentId: str,
  symbol: str,
  decimals: int32.nullable(),
  amount: str,
  senderParty: str,
  receiverParty: str,
  counterparty: str,
  isIncoming: z.boolean(),
  status: str,
});

export const TransferListSchema = z.looseObject({
  party: optStr,
  /** null or absent: a page without legs. */
  transfers: opt(z.array(TransferLegSchema)),
  count: int32,
  hasNextPage: z.boolean(),
  /** null or absent: no next page (spec 2.2 marks it nullable). */
  nextPageUrl: optStr,
});

// Unknown keys of the 503 bodies are dropped (z.object strips them): never an error.
export const StartupStatusSchema = z.object({
  status: optStr,
  phase: optStr,
  phaseNumber: int32,
  totalPhases: int32,
  startedAt: optStr,
  elapsedSeconds: int32,
  error: optStr,
  schemaVersion: optStr,
  targetSchemaVersion: optStr,
  bootstrapSource: optStr,
  bootstrapVersion: optStr,
  pendingMigrations: int32,
  lastMigrationDurationMs: opt(int64),
  dataMigrations: opt(z.array(z.unknown())),
  replay: z.object({
    nodes: opt(z.array(z.object({ nodeId: optStr, currentOffset: int64, targetOffset: int64, status: optStr }))),
  }),
  lifecycleIndexes: opt(
    z.array(
      z.object({
        nodeId: optStr,
        definitionFingerprint: optStr,
        ready: z.boolean(),
        cursor: int64,
        remainingSourceRows: int64,
      }),
    ),
  ),
});
export type StartupStatus = z.infer<typeof StartupStatusSchema>;

export const QuarantinedNodeSchema = z.object({
  error: optStr,
  nodeId: optStr,
  status: optStr,
  network: optStr,
  detail: optStr,
});
export type QuarantinedNode = z.infer<typeof QuarantinedNodeSchema>;

/**
 * Every field of 2.5 is nullable, so any object would fit its schema: a 503 is read as a
 * quarantine only when it has a `nodeId` or `network` key (null or not: the two fields no other
 * error body has). Any other 503 goes to the common error mapping, which quotes its words.
 */
export function looksQuarantined(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && ('nodeId' in body || 'network' in body);
}

const LIST_FIELDS = new Set(['party', 'transfers', 'count', 'hasNextPage', 'nextPageUrl']);
const LEG_FIELDS = new Set<string>(TRANSFER_LEG_FIELDS);

/** Names of fields this version does not know, e.g. ["feeAmount", "transfers[].memo"]. */
export function unknownFields(body: Record<string, unknown>, legs: Array<Record<string, unknown>>): string[] {
  const found = new Set<string>();
  for (const key of Object.keys(body)) if (!LIST_FIELDS.has(key)) found.add(key);
  for (const leg of legs) for (const key of Object.keys(leg)) if (!LEG_FIELDS.has(key)) found.add(`transfers[].${key}`);
  return [...found].sort();
}

/** A leg with exactly the spec's fields (unknown extras dropped after they were reported). */
export function knownLeg(leg: z.infer<typeof TransferLegSchema>): TransferLeg {
  return {
    updateId: leg.updateId,
    effectiveAt: leg.effectiveAt,
    instrumentAdmin: leg.instrumentAdmin,
    instrumentId: leg.instrumentId,
    symbol: leg.symbol,
    decimals: leg.decimals,
    amount: leg.amount,
    senderParty: leg.senderParty,
    receiverParty: leg.receiverParty,
    counterparty: leg.counterparty,
    isIncoming: leg.isIncoming,
    status: leg.status,
  };
}

export function describeZodIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue?.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('') ?? '';
  return `${path.replace(/^\./, '') || 'body'}: ${issue?.message ?? 'invalid'}`;
}
