// Case report: what the renderer sends main to write one self-contained HTML (or PDF) record of the
// view on screen. Main adds what it alone may know (the profile's name, the saved parties' labels)
// and never anything secret. The legs come from the renderer, so every field is bounded here.
import { z } from 'zod';
import { TimeText } from '../time/time-schema.ts';
import { ProfileIdText, TransferFilters } from './transfers.ts';

/** At most this many legs go into one report; the report says how many were shown in all. */
export const REPORT_LEG_CAP = 10_000;

const text = (max: number) => z.string().max(max).nullable();

/** One transfer leg as the service sent it (the 12 fields of TransferLeg), each bounded. */
const ReportLeg = z.strictObject({
  updateId: text(512),
  effectiveAt: text(64),
  instrumentAdmin: text(512),
  instrumentId: text(512),
  symbol: text(256),
  decimals: z.number().int().min(0).max(255).nullable(),
  amount: text(200),
  senderParty: text(512),
  receiverParty: text(512),
  counterparty: text(512),
  isIncoming: z.boolean(),
  status: text(256),
});

const NodeNames = z.array(z.string().max(200)).max(64);

/** A node comparison (contract/node-compare.ts) as the renderer last ran it; unknown fields dropped. */
const ReportComparison = z.object({
  profileId: ProfileIdText,
  filters: TransferFilters,
  ranAt: z.string().max(64),
  nodes: z
    .array(
      z.object({
        nodeId: z.string().max(200),
        state: z.enum(['reachable', 'starting', 'quarantined', 'unreachable', 'error']),
        detail: text(2000),
        legs: z.number().int().min(0).nullable(),
        truncated: z.boolean(),
        newestEffectiveAt: text(64),
        elapsedMs: z.number().min(0),
      }),
    )
    .max(64),
  differences: z.array(z.object({ leg: ReportLeg, presentOn: NodeNames, missingOn: NodeNames })).max(1000),
  differenceCount: z.number().int().min(0),
  legCap: z.number().int().min(0),
});

export const CaseReportRequest = z
  .strictObject({
    profileId: ProfileIdText,
    filters: TransferFilters,
    /** Which part of the results was on screen: one page (its number) or everything Load all read. */
    view: z.strictObject({ mode: z.enum(['page', 'all']), page: z.number().int().min(1).max(1_000_000) }),
    legs: z.array(ReportLeg).max(REPORT_LEG_CAP, `at most ${REPORT_LEG_CAP.toLocaleString('en')} legs in one report`),
    /** How many legs were on screen (more than `legs` when the cap cut the list). */
    legsShown: z.number().int().min(0),
    /** When the results on screen were read from the service (ISO). */
    queryTime: TimeText,
    comparison: ReportComparison.nullable(),
    format: z.enum(['html', 'pdf']),
  })
  .refine((r) => r.legsShown >= r.legs.length, { path: ['legsShown'], message: 'fewer than the legs sent' });
export type CaseReportRequest = z.input<typeof CaseReportRequest>;
export type CaseReportInput = z.output<typeof CaseReportRequest>;

export interface CaseReportSaved {
  path: string;
  format: 'html' | 'pdf';
  bytes: number;
  /** Legs listed in the report. */
  legs: number;
}
