// A team's lake opened in the app (docs/lake.md, "In the app"): a profile's Local ledger reads the
// lake's Parquet instead of this computer's store, read-only, until it is closed.
import { z } from 'zod';
import { ProfileIdText } from './transfers.ts';

/** A folder as typed or chosen: an absolute path, no NUL, within a path's usual length. */
export const LakeFolder = z
  .string()
  .trim()
  .min(1, 'a lake folder is needed')
  .max(4096, 'at most 4,096 characters')
  .refine((p) => !p.includes('\u0000'), 'a folder name has no NUL character')
  .refine(
    (p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\'),
    'the lake folder’s full path, from the root (/…)',
  );

export const OpenLakeRequest = z.strictObject({ profileId: ProfileIdText, folder: LakeFolder });
export type OpenLakeRequest = z.input<typeof OpenLakeRequest>;

/** What the provenance line and the party list show of an open lake (from its _lake.json). */
export interface LakeInfo {
  profileId: string;
  folder: string;
  /** When its manifest was written (the last lake sync), ISO UTC. */
  writtenAt: string;
  /** "npm run cli -- lake sync on host-1, profile desk". */
  writer: string;
  legs: number;
  bytes: number;
  parties: Array<{ party: string; legs: number; months: number; syncedAt: string | null }>;
}
