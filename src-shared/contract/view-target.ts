// The zod schema of a ViewTarget (contract/views.ts): what views:record accepts and what a parsed
// ledger-explorer:// link must satisfy. The filters are the contract's own TransferFilters, so a link
// can never name a view the app itself would refuse.
import { z } from 'zod';
import { ChainName, NodeType } from './rpc.ts';
import { ProfileIdText, TransferFilters } from './transfers.ts';
import type { RecentView, ViewTarget } from './views.ts';

/** The longest link the app opens or makes (a batch of a few hundred calls still fits). */
export const MAX_LINK_CHARS = 64 * 1024;
/** How many recent views main keeps. */
export const MAX_RECENT_VIEWS = 50;

const jsonText = (what: 'params' | 'batch') =>
  z
    .string()
    .max(MAX_LINK_CHARS, `${what} is at most 64 KB`)
    .refine(
      (text) => {
        try {
          const value: unknown = JSON.parse(text);
          return what === 'batch'
            ? Array.isArray(value)
            : Array.isArray(value) || (value !== null && typeof value === 'object');
        } catch {
          return false;
        }
      },
      what === 'batch' ? 'batch must be a JSON array of calls' : 'params must be a JSON array or object',
    );

export const ViewTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('transfers'),
    profile: ProfileIdText,
    filters: TransferFilters,
    source: z.enum(['live', 'local'], { error: 'source is live or local' }),
  }),
  z.strictObject({ kind: z.literal('chain'), profile: ProfileIdText, chain: ChainName }),
  z
    .strictObject({
      kind: z.literal('rpc'),
      profile: ProfileIdText,
      chain: ChainName,
      nodeType: NodeType,
      method: z
        .string()
        .min(1, 'method must not be empty')
        .max(200, 'method is at most 200 characters')
        .regex(/^[\x21-\x7e]+$/, 'method is printable ASCII without spaces')
        .optional(),
      params: jsonText('params').optional(),
      batch: jsonText('batch').optional(),
    })
    .refine((t) => !(t.batch !== undefined && (t.method !== undefined || t.params !== undefined)), {
      message: 'a link carries a batch or a method with params, not both',
      path: ['batch'],
    })
    .refine((t) => !(t.params !== undefined && t.method === undefined), {
      message: 'params need a method',
      path: ['params'],
    }),
]);

// The schema and the lead's type must describe the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof ViewTargetSchema>, ViewTarget> = true;
void sameShape;

export const RecentViewSchema = z.strictObject({
  link: z.string().max(MAX_LINK_CHARS),
  title: z.string().max(500),
  kind: z.enum(['transfers', 'chain', 'rpc']),
  profile: ProfileIdText,
  at: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<RecentView>;

/** What views:record answers: the link of the view and the recent views with it first. */
export interface RecordedView {
  link: string;
  recent: RecentView[];
}
