// Portfolios: named sets of a profile's own parties (docs/notebook.md, "Parties, sets and
// portfolios"), one JSON file per profile in <user-data>/portfolios/<profile>.json, written whole
// (atomic-write.ts) so a crash leaves the old list or the new one. They are the user's settings,
// not the store's data: forgetting a store leaves them (a portfolio may name parties not synced yet).
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import {
  type Portfolio,
  PortfolioDelete,
  PortfolioName,
  PortfolioSave,
  SCOPE_MAX_PARTIES,
} from '../../../../src-shared/contract/party-scope.ts';
import { PartyId } from '../../../../src-shared/contract/transfers.ts';
import { writeFileAtomic } from '../../../files/atomic-write.ts';
import { ServiceError } from '../../errors.ts';

/** At most this many portfolios per profile, and this many bytes in the file (a file edited by hand is read within it). */
export const MAX_PORTFOLIOS = 200;
const MAX_FILE_BYTES = 4 * 1024 * 1024;

const FileShape = z.strictObject({
  version: z.literal(1),
  portfolios: z
    .array(z.strictObject({ name: PortfolioName, parties: z.array(PartyId).min(1).max(SCOPE_MAX_PARTIES) }))
    .max(MAX_PORTFOLIOS),
});

export function portfoliosPath(userDataDir: string, profileId: string): string {
  return join(userDataDir, 'portfolios', `${profileId}.json`);
}

/** Names compare without case, so "Treasury" and "treasury" are one portfolio. */
const sameName = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');

export class Portfolios {
  /** One change at a time per file: two quick saves never write over each other's list. */
  private readonly queue = new Map<string, Promise<unknown>>();

  private readonly userDataDir: string;

  constructor(userDataDir: string) {
    this.userDataDir = userDataDir;
  }

  async list(profileId: string): Promise<Portfolio[]> {
    const path = portfoliosPath(this.userDataDir, profileId);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new ServiceError('internal', `The portfolios file ${path} could not be read.`);
    }
    if (Buffer.byteLength(text) > MAX_FILE_BYTES) {
      throw new ServiceError('invalid_argument', `The portfolios file ${path} is over 4 MiB: it was not read.`);
    }
    let parsed: z.infer<typeof FileShape>;
    try {
      parsed = FileShape.parse(JSON.parse(text));
    } catch {
      throw new ServiceError(
        'invalid_argument',
        `The portfolios file ${path} is not one this app wrote (edited by hand?): fix or remove it.`,
      );
    }
    return parsed.portfolios;
  }

  async get(profileId: string, name: string): Promise<Portfolio> {
    const found = (await this.list(profileId)).find((p) => sameName(p.name, name));
    if (!found) throw new ServiceError('not_found', `No portfolio named "${name}" in this profile.`);
    return found;
  }

  /** Creates, edits or renames one (previousName names the one edited). */
  save(input: PortfolioSave): Promise<Portfolio[]> {
    const request = PortfolioSave.parse(input);
    return this.change(request.profileId, (list) => {
      const editing = request.previousName;
      const at = editing === null ? -1 : list.findIndex((p) => sameName(p.name, editing));
      if (editing !== null && at < 0) throw new ServiceError('not_found', `No portfolio named "${editing}" to change.`);
      const clash = list.findIndex((p, i) => i !== at && sameName(p.name, request.name));
      if (clash >= 0) {
        throw new ServiceError(
          'invalid_argument',
          `A portfolio named "${list[clash].name}" exists: choose another name.`,
          {
            field: 'name',
          },
        );
      }
      if (at < 0 && list.length >= MAX_PORTFOLIOS) {
        throw new ServiceError('invalid_argument', `At most ${MAX_PORTFOLIOS} portfolios per profile.`);
      }
      const portfolio = { name: request.name, parties: request.parties.map((p) => p.trim()) };
      if (at < 0) list.push(portfolio);
      else list[at] = portfolio;
      return list;
    });
  }

  delete(input: PortfolioDelete): Promise<Portfolio[]> {
    const request = PortfolioDelete.parse(input);
    return this.change(request.profileId, (list) => {
      const at = list.findIndex((p) => sameName(p.name, request.name));
      if (at < 0) throw new ServiceError('not_found', `No portfolio named "${request.name}".`);
      list.splice(at, 1);
      return list;
    });
  }

  private change(profileId: string, edit: (list: Portfolio[]) => Portfolio[]): Promise<Portfolio[]> {
    const path = portfoliosPath(this.userDataDir, profileId);
    const before = this.queue.get(path) ?? Promise.resolve();
    const next = before
      .catch(() => {})
      .then(async () => {
        const list = edit(await this.list(profileId));
        await mkdir(dirname(path), { recursive: true, mode: 0o700 });
        await writeFileAtomic(path, `${JSON.stringify({ version: 1, portfolios: list }, null, 2)}\n`);
        return list;
      });
    this.queue.set(path, next);
    return next;
  }
}
