// The spec's response shapes (section 2), as main reads them. The transfer leg and list are read
// leniently about extra fields (reported, not fatal: a newer service may add some) and strictly
// about the fields this version relies on.
import { z } from 'zod';
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../../src-shared/contract/transfers.ts';

const str = z.string().nullable();
const int32 = z.number().int().min(-2147483648).max(2147483647);
const int64 = z.number().int();

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
  party: str,
  transfers: z.array(TransferLegSchema).nullable(),
  count: int32,
  hasNextPage: z.boolean(),
  nextPageUrl: str,
});

export const StartupStatusSchema = z.object({
  status: str,
  phase: str,
  phaseNumber: int32,
  totalPhases: int32,
  startedAt: str,
  elapsedSeconds: int32,
  error: str,
  schemaVersion: str,
  targetSchemaVersion: str,
  bootstrapSource: str,
  bootstrapVersion: str,
  pendingMigrations: int32,
  lastMigrationDurationMs: int64.nullable(),
  dataMigrations: z.array(z.unknown()).nullable(),
  replay: z.object({
    nodes: z.array(z.object({ nodeId: str, currentOffset: int64, targetOffset: int64, status: str })).nullable(),
  }),
  lifecycleIndexes: z
    .array(
      z.object({
        nodeId: str,
        definitionFingerprint: str,
        ready: z.boolean(),
        cursor: int64,
        remainingSourceRows: int64,
      }),
    )
    .nullable(),
});
export type StartupStatus = z.infer<typeof StartupStatusSchema>;

export const QuarantinedNodeSchema = z.object({ error: str, nodeId: str, status: str, network: str, detail: str });
export type QuarantinedNode = z.infer<typeof QuarantinedNodeSchema>;

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
