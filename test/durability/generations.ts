// What the kill tests write, one "generation" at a time, for every file the app writes. Generation N
// carries N inside its content and its size depends on N, so a torn file, a file cut short or a mix
// of two generations shows; `readGeneration` says which whole generation a file on disk holds.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CSV_HEADER, csvRow } from '../../src-main/services/local-ledger/export/csv.ts';
import { MAX_HISTORY_ENTRIES, RPC_HISTORY_FILE } from '../../src-main/services/rpc/rpc-history-store.ts';
import { SETTINGS_FILE } from '../../src-main/services/settings/settings-store.ts';
import type { SavedRequestInput } from '../../src-shared/contract/rpc.ts';
import { Settings } from '../../src-shared/contract/schemas.ts';
import type { TransferLeg } from '../../src-shared/contract/transfers.ts';
import { transferLeg } from '../fixtures/transfer-legs.ts';

/** The file kinds the app writes, each killed mid-write by its own test. */
export type FileKind = 'settings' | 'rpc-history' | 'saved-requests' | 'export';

/** The file each kind's writer puts its generations in, inside the test's user-data folder. */
export const FILE_OF: Record<FileKind, string> = {
  settings: SETTINGS_FILE,
  'rpc-history': RPC_HISTORY_FILE,
  'saved-requests': RPC_HISTORY_FILE,
  export: 'transfers-export.csv',
};

/** A size that varies with the generation (deterministic), so consecutive writes differ in length. */
const spread = (generation: number, min: number, range: number) => min + ((generation * 397) % range);

/** Settings: 200 to 1,200 saved parties (tens to hundreds of KB), all labelled with the generation. */
export function partiesOf(generation: number): Settings['savedParties'] {
  return Array.from({ length: spread(generation, 200, 1000) }, (_, i) => ({
    party: `p${i}::1220${generation.toString(16).padStart(64, '0')}`,
    label: `generation ${generation}`,
    colour: 'none' as const,
    note: '',
  }));
}

/** The RPC call recorded (or saved) as generation N: its params carry N and 100 to 2,100 bytes of padding. */
export function callOf(generation: number) {
  return {
    jsonrpc: '2.0' as const,
    id: generation,
    method: 'eth_getBalance',
    params: [`generation ${generation}`, 'x'.repeat(spread(generation, 100, 2000))],
  };
}

/** One history entry per generation: the history file after N holds N, N-1, ... (at most 200). */
export function historyEntryOf(generation: number) {
  return {
    profileId: 'sandbox',
    chain: 'ethereum',
    nodeType: 'full' as const,
    body: callOf(generation),
    status: 200,
    elapsedMs: 1,
    sizeBytes: 10,
    outcome: 'result' as const,
    summary: `generation ${generation}`,
  };
}

/** Saved requests rotate through 30 names: generation N replaces the request saved under `slot N % 30`. */
export const SAVED_SLOTS = 30;
export function savedRequestOf(generation: number): SavedRequestInput {
  return { name: `slot ${generation % SAVED_SLOTS}`, chain: 'ethereum', nodeType: 'full', body: callOf(generation) };
}

/** The saved requests after generation N: per slot, its newest generation <= N, sorted by name as the store does. */
function savedAfter(generation: number): Array<{ name: string; generation: number }> {
  const slots: Array<{ name: string; generation: number }> = [];
  for (let g = generation; g > Math.max(0, generation - SAVED_SLOTS); g--) {
    slots.push({ name: `slot ${g % SAVED_SLOTS}`, generation: g });
  }
  return slots.sort((a, b) => a.name.localeCompare(b.name));
}

/** The export of generation N: 1 to 4 pages of 100 to 400 legs, each leg's updateId naming N and its place. */
export function exportPagesOf(generation: number): TransferLeg[][] {
  const pages = 1 + (generation % 4);
  return Array.from({ length: pages }, (_, p) =>
    Array.from({ length: spread(generation + p, 100, 300) }, (_, i) =>
      transferLeg({ updateId: `gen${generation}-p${p}-l${i}`, amount: `${generation}.${i}` }),
    ),
  );
}

/** The generation the file on disk holds (0: no file yet), or why it is not exactly one whole generation. */
export async function readGeneration(
  kind: FileKind,
  dir: string,
): Promise<{ generation: number } | { corrupt: string }> {
  let text: string;
  try {
    text = await readFile(join(dir, FILE_OF[kind]), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { generation: 0 };
    return { corrupt: (error as Error).message };
  }
  try {
    return { generation: generationIn(kind, text) };
  } catch (error) {
    return { corrupt: (error as Error).message.slice(0, 200) };
  }
}

function generationIn(kind: FileKind, text: string): number {
  if (kind === 'export') {
    const generation = Number(/^gen(\d+)-/m.exec(text.slice(CSV_HEADER.length))?.[1]);
    const expected =
      CSV_HEADER +
      exportPagesOf(generation)
        .flat()
        .map((leg) => csvRow(leg))
        .join('');
    if (text !== expected) throw new Error(`the export is not exactly generation ${generation}`);
    return generation;
  }
  const data = JSON.parse(text);
  if (kind === 'settings') {
    const settings = Settings.parse(data);
    if (settings.savedParties.length === 0) return 0;
    const generation = Number(settings.savedParties[0].label.replace('generation ', ''));
    same(settings.savedParties, partiesOf(generation), `the saved parties are not exactly generation ${generation}`);
    return generation;
  }
  if (kind === 'rpc-history') {
    const history = data.history as Array<{ summary: string; body: unknown }>;
    if (history.length === 0) return 0;
    const generation = Number(history[0].summary.replace('generation ', ''));
    const expected = Array.from({ length: Math.min(generation, MAX_HISTORY_ENTRIES) }, (_, i) => ({
      summary: `generation ${generation - i}`,
      body: callOf(generation - i),
    }));
    same(
      history.map(({ summary, body }) => ({ summary, body })),
      expected,
      `the history is not exactly generation ${generation}`,
    );
    return generation;
  }
  const saved = data.saved as Array<{ name: string; body: ReturnType<typeof callOf> }>;
  if (saved.length === 0) return 0;
  const generation = Math.max(...saved.map((s) => s.body.id));
  same(
    saved.map((s) => ({ name: s.name, body: s.body })),
    savedAfter(generation).map((s) => ({ name: s.name, body: callOf(s.generation) })),
    `the saved requests are not exactly generation ${generation}`,
  );
  return generation;
}

function same(actual: unknown, expected: unknown, message: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(message);
}
