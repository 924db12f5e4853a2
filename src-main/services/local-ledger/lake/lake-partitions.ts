// What a lake holds, read from its folders and manifests: the one place that reads a partition's
// manifest and the lake's _lake.json, shared by the writer, the migration, `lake verify`, `lake
// status` and the app's reader. Which layout a lake is in is its _lake.json's format (a lake without
// a readable one: the layout its folders are in).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  LAKE_FORMAT,
  LAKE_MANIFEST,
  LAYOUTS,
  type LakeFormat,
  type LakeLayout,
  LakeManifest,
  PARTITION_MANIFEST,
  PartitionManifest,
} from './lake-layout.ts';

export interface Partition {
  /** `party_key=…` (or format 1's `party=…`) and `month=…`, as on disk. */
  partyFolder: string;
  monthFolder: string;
  dir: string;
  /** Its manifest, or null when it has none this app reads (then it is rewritten, or named by verify). */
  manifest: PartitionManifest | null;
}

/** A partition's manifest (`<dir>/_manifest.json`), or null when it has none this app reads. */
export async function readPartitionManifest(dir: string): Promise<PartitionManifest | null> {
  const text = await readFile(join(dir, PARTITION_MANIFEST), 'utf8').catch(() => null);
  if (text === null) return null;
  const parsed = PartitionManifest.safeParse(parseJson(text));
  return parsed.success ? parsed.data : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Why a lake's _lake.json cannot be read; `text` says it after "<lake>'s _lake.json ". */
export type LakeManifestProblem =
  | { kind: 'missing'; text: string }
  | { kind: 'unreadable'; text: string }
  | { kind: 'newer'; format: number; text: string }
  | { kind: 'invalid'; text: string };

export type LakeManifestRead =
  | { manifest: LakeManifest; problem: null }
  | { manifest: null; problem: LakeManifestProblem };

/** The first thing a schema found wrong, as `where: what`. */
const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  return `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
};

/**
 * The lake's manifest, or why there is none this version reads: missing, unreadable (a file-system
 * error), of a newer format (written by a newer version of the app), or broken (not JSON, or the
 * first field that is not a manifest's).
 */
export async function readLakeManifestFile(lake: string): Promise<LakeManifestRead> {
  let text: string;
  try {
    text = await readFile(join(lake, LAKE_MANIFEST), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return code === 'ENOENT'
      ? { manifest: null, problem: { kind: 'missing', text: 'is missing' } }
      : { manifest: null, problem: { kind: 'unreadable', text: `cannot be read (${code})` } };
  }
  const json = parseJson(text);
  if (json === undefined)
    return {
      manifest: null,
      problem: {
        kind: 'invalid',
        text: 'is not a lake manifest this app reads (format 1 or 2): it is not JSON (a file cut short?)',
      },
    };
  const parsed = LakeManifest.safeParse(json);
  if (parsed.success) return { manifest: parsed.data, problem: null };
  const format = (json as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && Number.isInteger(format) && format > LAKE_FORMAT)
    return {
      manifest: null,
      problem: {
        kind: 'newer',
        format,
        text: `is of format ${format}, written by a newer version of the app: this version reads formats 1 and 2`,
      },
    };
  return {
    manifest: null,
    problem: {
      kind: 'invalid',
      text: `is not a lake manifest this app reads (format 1 or 2): ${firstIssue(parsed.error)}`,
    },
  };
}

/**
 * The format the lake's readers and writers follow: its manifest's; without a readable one, its
 * folders' (format 1 when it has format-1 party folders alone, else this version's). A lake of a
 * newer format is the caller's to refuse first.
 */
export async function lakeFormat(lake: string, read: LakeManifestRead): Promise<LakeFormat> {
  if (read.manifest) return read.manifest.format;
  const old = await partyFolders(lake, LAYOUTS[1]);
  return old.length > 0 && (await partyFolders(lake, LAYOUTS[2])).length === 0 ? 1 : LAKE_FORMAT;
}

/** Every party folder of a layout in the lake, sorted. */
export async function partyFolders(lake: string, layout: LakeLayout): Promise<string[]> {
  return (await readdir(lake).catch(() => [] as string[])).filter((n) => n.startsWith(layout.prefix)).sort();
}

/** The partitions of one party folder (months sorted), with their manifests when readable. */
export async function folderPartitions(lake: string, partyFolder: string): Promise<Partition[]> {
  const out: Partition[] = [];
  const months = await readdir(join(lake, partyFolder)).catch(() => [] as string[]);
  for (const monthFolder of months.filter((n) => n.startsWith('month=')).sort()) {
    const dir = join(lake, partyFolder, monthFolder);
    out.push({ partyFolder, monthFolder, dir, manifest: await readPartitionManifest(dir) });
  }
  return out;
}

/** Every partition of a layout in the lake (its folders sorted), with its manifest when readable. */
export async function lakePartitions(lake: string, layout: LakeLayout = LAYOUTS[LAKE_FORMAT]): Promise<Partition[]> {
  const out: Partition[] = [];
  for (const partyFolder of await partyFolders(lake, layout)) out.push(...(await folderPartitions(lake, partyFolder)));
  return out;
}

/** What the user is told of a lake whose _lake.json this version cannot read (the app's field, the CLI, the writer). */
export function lakeManifestMessage(
  lake: string,
  problem: LakeManifestProblem,
  use: 'read' | 'write' = 'read',
): string {
  if (problem.kind === 'missing')
    return `${lake} is not a lake: it has no ${LAKE_MANIFEST} (a lake is written by npm run cli -- lake sync).`;
  if (problem.kind === 'newer')
    return use === 'read'
      ? `${lake}'s ${LAKE_MANIFEST} ${problem.text}. Upgrade the app to read this lake.`
      : `${lake}'s ${LAKE_MANIFEST} ${problem.text} and writes ${LAKE_FORMAT}. Upgrade the app to write this lake.`;
  return `${lake}'s ${LAKE_MANIFEST} ${problem.text}.`;
}
