// The aggregates the local store keeps (issue 39; src-main/services/local-ledger/store/leg-days.ts):
// a check of them against the legs, after rebuilding them if asked (`npm run cli -- aggregates`).
import { z } from 'zod';
import { ProfileIdText } from './transfers.ts';

export const AggregatesRequest = z.object({
  profileId: ProfileIdText,
  /** Rebuild every party's aggregates from the legs first (one transaction), then check. */
  rebuild: z.boolean(),
});
export type AggregatesRequest = z.input<typeof AggregatesRequest>;

export interface AggregatesCheck {
  /** Whether they were rebuilt first. */
  rebuilt: boolean;
  /** Rows kept by day and by month, the legs they count, and the legs in the store. */
  rows: number;
  monthRows: number;
  legs: number;
  legRows: number;
  /** Rows (party × instrument × scale × UTC day × counterparty × direction × status) that differ from the legs'. */
  differing: number;
  /** Up to 20 of them, named. */
  examples: Array<{ party: string; day: string | null; counterparty: string | null; instrumentId: string | null }>;
  elapsedMs: number;
}
