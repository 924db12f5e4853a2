// Column mappings remembered per profile, keyed by the CSV's header row: the same export from the
// same accounting system is mapped once. One small JSON file beside the settings, replaced whole by
// the one atomic write (files/atomic-write.ts); an unreadable file is read as "nothing
// remembered" (a mapping is a convenience, never data). docs/reconcile.md
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ReconcileMapping } from '../../../../src-shared/contract/reconcile.ts';
import { writeFileAtomic } from '../../../files/atomic-write.ts';

/** Mappings kept per profile; the least recently used go first. */
const MAX_PER_PROFILE = 50;

const MemoryFile = z.object({
  version: z.literal(1),
  profiles: z.record(z.string(), z.record(z.string(), z.object({ mapping: ReconcileMapping, usedAt: z.number() }))),
});
type MemoryFile = z.infer<typeof MemoryFile>;

export const MAPPINGS_FILE = 'reconcile-mappings.json';

/** A header's key: its names in order (trimmed), hashed so the file stays small whatever the header. */
export function headerKey(header: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(header)).digest('hex').slice(0, 32);
}

export class MappingMemory {
  private readonly path: string;
  private writing: Promise<void> = Promise.resolve();

  constructor(path: string) {
    this.path = path;
  }

  private async read(): Promise<MemoryFile> {
    const text = await readFile(this.path, 'utf8').catch(() => null);
    if (text === null) return { version: 1, profiles: {} };
    try {
      const parsed = MemoryFile.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : { version: 1, profiles: {} };
    } catch {
      return { version: 1, profiles: {} };
    }
  }

  async recall(profileId: string, header: readonly string[]): Promise<ReconcileMapping | null> {
    await this.writing;
    const file = await this.read();
    return file.profiles[profileId]?.[headerKey(header)]?.mapping ?? null;
  }

  /** Remembers `mapping` for this header; writes are one after another, each whole. */
  remember(profileId: string, header: readonly string[], mapping: ReconcileMapping): Promise<void> {
    const next = this.writing.then(async () => {
      const file = await this.read();
      const mine = { ...(file.profiles[profileId] ?? {}), [headerKey(header)]: { mapping, usedAt: Date.now() } };
      const kept = Object.entries(mine)
        .sort((a, b) => b[1].usedAt - a[1].usedAt)
        .slice(0, MAX_PER_PROFILE);
      file.profiles[profileId] = Object.fromEntries(kept);
      await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`);
    });
    this.writing = next.catch(() => {});
    return next;
  }
}

const GUESSES: Array<[keyof ReconcileMapping, RegExp]> = [
  ['time', /^(effective[ _]?at|time|timestamp|date|datetime|booked|booking[ _]?date|value[ _]?date|when)$/i],
  ['counterparty', /^(counterparty|counter[ _]?party|party|payee|payer|beneficiary)$/i],
  ['instrument', /^(instrument|instrument[ _]?id|asset|currency|ccy|token|symbol)$/i],
  ['amount', /^(amount|value|sum|net|amount[ _]?\w+)$/i],
  ['reference', /^(reference|ref|update[ _]?id|transaction[ _]?id|tx[ _]?id|id)$/i],
  ['direction', /^(direction|side|dr[ /]?cr|debit[ /]?credit|in[ /]?out)$/i],
];

/** A first mapping from the header's names (the user corrects it once; then it is remembered). */
export function guessMapping(header: readonly string[]): ReconcileMapping {
  const pick = (field: keyof ReconcileMapping, fallback: number) => {
    const pattern = GUESSES.find(([f]) => f === field)?.[1];
    return header.find((h) => pattern?.test(h)) ?? header[fallback] ?? '';
  };
  const reference = header.find((h) => GUESSES[4][1].test(h)) ?? null;
  const direction = header.find((h) => GUESSES[5][1].test(h)) ?? null;
  return {
    time: pick('time', 0),
    counterparty: pick('counterparty', 1),
    instrument: pick('instrument', 2),
    amount: pick('amount', 3),
    reference,
    direction,
    sign: 'negative-is-out',
    decimal: '.',
    zone: 'utc',
  };
}
