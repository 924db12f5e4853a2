// `lake status`: the lake as its _lake.json describes it, and whether that manifest hides months: a
// _lake.json of format 1 over format-2 months it does not list was written by an older version of the
// app after the lake moved to format 2 (docs/lake.md, "Format 1"). Reads manifests, never a data file.
import { ServiceError } from '../../errors.ts';
import { LAKE_MANIFEST, LAYOUTS, type LakeFormat, type LakeManifest, unescapePartitionValue } from './lake-layout.ts';
import { lakeManifestMessage, lakePartitions, partyFolders, readLakeManifestFile } from './lake-partitions.ts';

export interface StatusParty {
  party: string;
  /** Its folder (`party_key=…`): an engine's filter on party_key reads that folder alone. */
  folder: string;
  months: number;
  legs: number;
  bytes: number;
  firstAt: string | null;
  lastAt: string | null;
  node: string | null;
  syncedAt: string | null;
  /** Seconds since the party's last sync, when known. */
  ageSeconds: number | null;
}

export interface LakeStatus {
  lake: string;
  format: LakeFormat;
  writtenAt: string | null;
  writer: LakeManifest['writer'] | null;
  parties: StatusParty[];
  legs: number;
  bytes: number;
  /** What the manifest does not say (an older version of the app wrote it over format-2 months), or null. */
  warning: string | null;
}

/**
 * The parties of format-2 months that a _lake.json of format 1 hides from readers: months written
 * before it (a move to format 2 writes its months after the format-1 manifest it moves from), or of a
 * party with no format-1 folder (a move copies only format-1 months). Empty for any other lake.
 */
export async function hiddenByOlderWriter(lake: string, top: LakeManifest): Promise<string[]> {
  if (top.format !== 1) return [];
  const old = new Set(
    (await partyFolders(lake, LAYOUTS[1])).map((f) => unescapePartitionValue(f.slice(LAYOUTS[1].prefix.length))),
  );
  const hidden = new Set<string>();
  for (const { manifest } of await lakePartitions(lake, LAYOUTS[2]))
    if (manifest && (manifest.writtenAt < top.writtenAt || !old.has(manifest.party))) hidden.add(manifest.party);
  return [...hidden].sort();
}

/** What verify and status say of a _lake.json of format 1 that hides these parties' format-2 months. */
export function olderWriterText(top: LakeManifest, hidden: readonly string[]): string {
  const shown = top.parties.length;
  const named = `${hidden.slice(0, 3).join(', ')}${hidden.length > 3 ? ` and ${hidden.length - 3} more` : ''}`;
  return `is of format 1, written by an older version of the app over this lake of format 2: readers see only its ${shown} part${shown === 1 ? 'y' : 'ies'} (in format-1 folders), not the months in format-2 folders of ${hidden.length} part${hidden.length === 1 ? 'y' : 'ies'} (${named}); upgrade every writer of this lake to this version (docs/lake.md, "Format 1"), then run lake sync: it moves the format-1 months to format 2 again and lists every party`;
}

/** The lake as its manifest describes it (no data file is read: verify reads them all). */
export async function lakeStatus(lake: string, now = Date.now()): Promise<LakeStatus> {
  const read = await readLakeManifestFile(lake);
  if (!read.manifest) throw new ServiceError('invalid_argument', lakeManifestMessage(lake, read.problem));
  const top = read.manifest;
  const hidden = await hiddenByOlderWriter(lake, top);
  return {
    lake,
    format: top.format,
    writtenAt: top.writtenAt,
    writer: top.writer,
    legs: top.legs,
    bytes: top.bytes,
    parties: top.parties.map((p) => ({
      ...p,
      folder: LAYOUTS[top.format].partyFolder(p.party),
      ageSeconds: p.syncedAt ? Math.max(0, Math.round((now - Date.parse(p.syncedAt)) / 1000)) : null,
    })),
    warning: hidden.length > 0 ? `${LAKE_MANIFEST} ${olderWriterText(top, hidden)}` : null,
  };
}
