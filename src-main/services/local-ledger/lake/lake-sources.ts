// Which lake each profile's Local ledger reads (docs/lake.md, "In the app"): one small JSON file,
// <user-data>/lakes.json, written whole (atomic-write.ts). A profile not in it reads its own store.
// Remembered across restarts; a lake folder that went away is reported when read, not forgotten.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { LakeFolder } from '../../../../src-shared/contract/lake.ts';
import { ProfileIdText } from '../../../../src-shared/contract/transfers.ts';
import { writeFileAtomic } from '../../../files/atomic-write.ts';

const FileShape = z.strictObject({
  version: z.literal(1),
  lakes: z.record(ProfileIdText, z.strictObject({ folder: LakeFolder, openedAt: z.string().max(64) })),
});
type FileShape = z.infer<typeof FileShape>;

export class LakeSources {
  private readonly path: string;
  private cache: FileShape | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(userDataDir: string) {
    this.path = join(userDataDir, 'lakes.json');
  }

  private async load(): Promise<FileShape> {
    if (this.cache) return this.cache;
    let parsed: FileShape = { version: 1, lakes: {} };
    try {
      parsed = FileShape.parse(JSON.parse(await readFile(this.path, 'utf8')));
    } catch {
      // No file yet, or one edited beyond reading: every profile reads its own store (nothing is lost: the lakes are folders).
    }
    this.cache = parsed;
    return parsed;
  }

  async folder(profileId: string): Promise<string | null> {
    return (await this.load()).lakes[profileId]?.folder ?? null;
  }

  set(profileId: string, folder: string | null): Promise<void> {
    const next = this.queue
      .catch(() => {})
      .then(async () => {
        const file = structuredClone(await this.load());
        if (folder === null) delete file.lakes[profileId];
        else file.lakes[profileId] = { folder, openedAt: new Date().toISOString() };
        await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`);
        this.cache = file;
      });
    this.queue = next;
    return next;
  }
}
