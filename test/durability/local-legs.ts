// The two sides of a local-sync comparison: every leg a service holds for a party (over HTTP, with
// main's ledger client), and every leg a store file holds for it (opened read-only, as a kill left
// it). Compared as multisets of the 12 fields as sent.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { fetchTransferPage } from '../../src-main/services/ledger/ledger-client.ts';
import { checkKeptAggregates } from '../../src-main/services/local-ledger/store/kept-aggregates.ts';
import { LEG_SELECT, rowToLeg } from '../../src-main/services/local-ledger/store/leg-rows.ts';
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../src-shared/contract/transfers.ts';

export const legKey = (leg: TransferLeg) => JSON.stringify(TRANSFER_LEG_FIELDS.map((f) => leg[f]));
export const multiset = (legs: readonly TransferLeg[]) => legs.map(legKey).sort();

/** Every leg of the party from the service, oldest first, and the pages it took. */
export async function serviceLegs(
  baseUrl: string,
  jwt: string,
  party: string,
  effectiveAfter: string | null = null,
): Promise<{ legs: TransferLeg[]; pages: number }> {
  const legs: TransferLeg[] = [];
  let next: string | null = null;
  let pages = 0;
  do {
    const page = await fetchTransferPage({
      baseUrl,
      jwt,
      placement: 'header',
      defaultNodeId: null,
      next,
      filters: {
        party,
        asset: { kind: 'all' },
        effectiveAfter,
        effectiveBefore: null,
        orderDesc: false,
        pageSize: 1000,
        nodeId: null,
      },
    });
    legs.push(...page.legs);
    next = page.next;
    pages++;
  } while (next);
  return { legs, pages };
}

export interface StoredState {
  legs: TransferLeg[];
  /** Legs staged by an unfinished run, and unfinished runs. */
  staged: number;
  runs: number;
  /** An unfinished run's time windows (sync-windows.ts): how many, and how many wholly committed. */
  windows: number;
  windowsDone: number;
  /** Kept aggregate rows that differ from the legs (store/kept-aggregates.ts): 0 when they agree. */
  aggregatesDiffering: number;
}

/** What the store file holds for the party, read-only (the file is not changed by looking). */
export async function storedLegs(path: string, party: string): Promise<StoredState> {
  // Killed before the store was created: it holds nothing.
  if (!existsSync(path)) return { legs: [], staged: 0, runs: 0, windows: 0, windowsDone: 0, aggregatesDiffering: 0 };
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  try {
    const names = await connection.runAndReadAll('SELECT table_name FROM information_schema.tables');
    const has = new Set(names.getRows().map((row) => row[0] as string));
    // Killed while the first open created the schema: no legs yet.
    if (!has.has('leg_rows') || !has.has('sync_runs'))
      return { legs: [], staged: 0, runs: 0, windows: 0, windowsDone: 0, aggregatesDiffering: 0 };
    const rows = await connection.runAndReadAll(`SELECT ${LEG_SELECT} FROM leg_rows WHERE party = ?`, [party]);
    // Legs of an unfinished run: in their own table, or (one table) under a run still open.
    const staged = await connection.runAndReadAll(
      has.has('sync_staging')
        ? 'SELECT count(*) FROM sync_staging WHERE party = ?'
        : 'SELECT count(*) FROM leg_store WHERE party = ? AND run_id IN (SELECT run_id FROM sync_runs)',
      [party],
    );
    const runs = await connection.runAndReadAll('SELECT count(*) FROM sync_runs WHERE party = ?', [party]);
    const windows = has.has('sync_windows')
      ? (
          await connection.runAndReadAll(
            'SELECT count(*), count(*) FILTER (WHERE done) FROM sync_windows WHERE party = ?',
            [party],
          )
        ).getRows()[0]
      : [0, 0];
    return {
      legs: rows.getRows().map((row) => {
        const { amountExact: _, ...leg } = rowToLeg(row);
        return leg;
      }),
      staged: Number(staged.getRows()[0][0]),
      runs: Number(runs.getRows()[0][0]),
      windows: Number(windows[0]),
      windowsDone: Number(windows[1]),
      aggregatesDiffering: has.has('leg_months') ? (await checkKeptAggregates(connection)).differing : 0,
    };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const CONNECTION = {
  defaultNodeId: null,
  chainAuth: 'apiKey',
  rpcKeyPlacement: 'header',
  rpcSeparator: '_',
  ledgerAuthPlacement: 'header',
} as const;

/** A user-data folder whose settings hold the built-in profile and a remote one (`id`) at the given addresses. */
export async function writeRemoteProfile(
  userDataDir: string,
  id: string,
  urls: { baseUrl: string; translateUrl: string; partnerUrl: string; rpcUrl: string },
): Promise<void> {
  await mkdir(userDataDir, { recursive: true, mode: 0o700 });
  const settings = {
    version: 1,
    activeProfileId: id,
    profiles: [
      { id: 'sandbox', kind: 'sandbox', name: 'Local sandbox network', ...CONNECTION },
      { id, kind: 'remote', name: `Test ${id}`, ...urls, ...CONNECTION },
    ],
    savedParties: [],
    preferences: {
      theme: 'system',
      timeZone: 'local',
      timeFormat: 'absolute',
      transfersTable: { columnVisibility: {}, columnOrder: [], columnSizing: {} },
    },
  };
  await writeFile(join(userDataDir, 'settings.json'), JSON.stringify(settings), { mode: 0o600 });
}
