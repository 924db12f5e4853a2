// The zod schema of a ViewTarget (contract/views.ts): what views:record accepts and what a parsed
// ledger-explorer:// link must satisfy. The filters are the contract's own TransferFilters, so a link
// can never name a view the app itself would refuse. Kept small (main's start-up bundle holds it):
// an RPC request's text is checked further by links/view-target-check.ts, where it is used.
import { z } from 'zod';
import { ChainName, NodeType } from './rpc.ts';
import { ProfileIdText, TransferFilters } from './transfers.ts';
import type { RecentView, ViewTarget } from './views.ts';

/** The longest link the app opens or makes (a batch of a few hundred calls still fits). */
export const MAX_LINK_CHARS = 64 * 1024;

const text = z.string().max(MAX_LINK_CHARS, 'at most 64 KB').optional();

export const ViewTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('transfers'),
    profile: ProfileIdText,
    filters: TransferFilters,
    source: z.enum(['live', 'local'], { error: 'source is live or local' }),
  }),
  z.strictObject({ kind: z.literal('chain'), profile: ProfileIdText, chain: ChainName }),
  z.strictObject({
    kind: z.literal('rpc'),
    profile: ProfileIdText,
    chain: ChainName,
    nodeType: NodeType,
    method: text,
    params: text,
    batch: text,
  }),
]);

// The schema and the lead's type must describe the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof ViewTargetSchema>, ViewTarget> = true;
void sameShape;

/** What views:record answers: the link of the view and the recent views with it first. */
export interface RecordedView {
  link: string;
  recent: RecentView[];
}
