// Transfers: the filters a user sets, the page main returns, token info and export jobs.
import { z } from 'zod';
import { RANGE_ORDER_MESSAGE, rangeOutOfOrder, TimeText } from '../time/time-schema.ts';

/** Canton party id: `<hint>::<namespace fingerprint>` (the fingerprint as 1220 + 64 hex digits). */
export const PARTY_ID_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_:-]{0,184}::1220[0-9a-f]{64}$/;

export const PartyId = z
  .string()
  .trim()
  .min(1, 'enter a party id')
  .max(260, 'a party id is at most 260 characters')
  .superRefine((s, ctx) => {
    const message = spaceInside(s);
    if (message) ctx.addIssue({ code: 'custom', message, abort: true });
  })
  .refine((s) => s.includes('::'), 'a party id looks like name::1220… (the "::" is missing)')
  .refine((s) => PARTY_ID_PATTERN.test(s), 'not a Canton party id: expected <name>::1220 followed by 64 hex digits');

/**
 * A space, tab or line break inside a party id, pointed at: what it is, where, and what is around it
 * (a copy from a wrapped line or a chat leaves one: "alice::1220ab␣cd…"). Null when there is none.
 */
function spaceInside(s: string): string | null {
  const at = s.search(/\s/);
  if (at < 0) return null;
  const char = s[at];
  const [kind, mark] =
    char === ' '
      ? ['a space', '␣']
      : char === '\t'
        ? ['a tab', '⇥']
        : /[\n\r]/.test(char)
          ? ['a line break', '↵']
          : ['a blank', '␣'];
  const before = s.slice(Math.max(0, at - 12), at).replace(/\s/g, ' ');
  const after = s.slice(at + 1, at + 9).replace(/\s/g, ' ');
  return `a party id has no spaces or line breaks: ${kind} at character ${at + 1}, "${at > 12 ? '…' : ''}${before}${mark}${after}${at + 9 < s.length ? '…' : ''}"; remove it`;
}

/** A profile's id (schemas.ts calls it PROFILE_ID; it lives here so both modules can use it without a cycle). */
export const ProfileIdText = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'profile id: 1-64 lowercase letters, digits or dashes');

export const PAGE_SIZES = [25, 50, 100, 250, 500, 1000] as const;

/** Printable ASCII: a node id travels in an HTTP header (or the query) as it is. */
const NODE_ID = /^[\x20-\x7e]+$/;
export const NodeIdText = z
  .string()
  .trim()
  .min(1, 'enter a node id')
  .max(200, 'a node id is at most 200 characters')
  .regex(NODE_ID, 'a node id is printable ASCII: no accents, emoji, tabs or line breaks');

// Strict: an asset that carries more than its kind needs (a pair together with the coin, spec
// rule 4) is refused, not quietly trimmed.
export const AssetFilter = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all') }),
  z.strictObject({ kind: z.literal('ledgerCoin') }),
  z.strictObject({
    kind: z.literal('instrument'),
    admin: PartyId,
    id: z
      .string()
      .trim()
      .min(1, 'enter the instrument id')
      .max(256, 'an instrument id is at most 256 characters')
      .refine((s) => !/\p{Cc}/u.test(s), 'an instrument id cannot contain control characters (a tab or line break?)'),
  }),
]);
export type AssetFilter = z.infer<typeof AssetFilter>;

export const TransferFilters = z
  .object({
    party: PartyId,
    asset: AssetFilter,
    /** Inclusive ("From" on every screen). RFC 3339, parsed into canonical UTC text (docs/times.md). */
    effectiveAfter: TimeText.nullable(),
    /** Exclusive ("Before"). */
    effectiveBefore: TimeText.nullable(),
    orderDesc: z.boolean(),
    pageSize: z.number().int().min(1, 'at least 1').max(1000, 'at most 1000'),
    /** null: the profile's default node (or the deployment default). */
    nodeId: NodeIdText.nullable(),
  })
  .superRefine((f, ctx) => {
    if (rangeOutOfOrder(f.effectiveAfter, f.effectiveBefore)) {
      ctx.addIssue({ code: 'custom', path: ['effectiveBefore'], message: RANGE_ORDER_MESSAGE });
    }
  });
export type TransferFilters = z.infer<typeof TransferFilters>;

export const RequestId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'request id');

export const TransferPageRequest = z.object({
  requestId: RequestId,
  profileId: ProfileIdText,
  filters: TransferFilters,
  /** The previous page's `next` (a nextPageUrl without any JWT), or null for the first page. */
  next: z.string().max(8192).nullable(),
});
export type TransferPageRequest = z.input<typeof TransferPageRequest>;

/** One transfer leg exactly as the service sent it (spec 2.1). */
export interface TransferLeg {
  updateId: string | null;
  effectiveAt: string | null;
  instrumentAdmin: string | null;
  instrumentId: string | null;
  symbol: string | null;
  decimals: number | null;
  amount: string | null;
  senderParty: string | null;
  receiverParty: string | null;
  counterparty: string | null;
  isIncoming: boolean;
  status: string | null;
}

export const TRANSFER_LEG_FIELDS = [
  'updateId',
  'effectiveAt',
  'instrumentAdmin',
  'instrumentId',
  'symbol',
  'decimals',
  'amount',
  'senderParty',
  'receiverParty',
  'counterparty',
  'isIncoming',
  'status',
] as const satisfies ReadonlyArray<keyof TransferLeg>;

export interface TransferPage {
  party: string | null;
  legs: TransferLeg[];
  count: number;
  hasNextPage: boolean;
  /** Where the next page is (the service's nextPageUrl, any JWT removed); null on the last page. */
  next: string | null;
  /** Fields the service sent that this version does not know (shown as a quiet notice). */
  unknownFields: string[];
  nodeId: string | null;
  elapsedMs: number;
}

export interface TokenInfo {
  present: boolean;
  /** `claims`: parties listed in the token; `audience`: a user whose parties the participant resolves. */
  form: 'claims' | 'audience' | 'unknown' | null;
  readAs: string[];
  actAs: string[];
  subject: string | null;
  expiresAt: string | null;
  expired: boolean;
  /** Why the token could not be read as a JWT, if it could not. */
  problem: string | null;
}

export interface NodeChoices {
  defaultNodeId: string | null;
  known: Array<{ id: string; note: string | null }>;
}

/**
 * Parties the app can offer without the user typing an id: the local sandbox's own parties (the
 * spec has no listing of parties, so a remote profile offers none). `name` is the id's readable hint.
 */
export interface KnownParties {
  source: 'sandbox' | null;
  parties: Array<{ party: string; name: string }>;
}

export const ExportFormat = z.enum(['csv', 'jsonl']);
export type ExportFormat = z.infer<typeof ExportFormat>;

export const ExportRequest = z.object({
  profileId: ProfileIdText,
  filters: TransferFilters,
  format: ExportFormat,
});
export type ExportRequest = z.input<typeof ExportRequest>;

export interface ExportStatus {
  jobId: string;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  path: string;
  format: ExportFormat;
  legs: number;
  pages: number;
  bytes: number;
  elapsedMs: number;
  legsPerSecond: number;
  error: string | null;
  /** Set when done: per-instrument totals, time span. Amounts are exact decimal strings. */
  summary: ExportSummary | null;
}

export interface ExportSummary {
  legs: number;
  pages: number;
  firstEffectiveAt: string | null;
  lastEffectiveAt: string | null;
  instruments: Array<{
    instrumentAdmin: string | null;
    instrumentId: string | null;
    symbol: string | null;
    legs: number;
    totalIn: string;
    totalOut: string;
  }>;
}
