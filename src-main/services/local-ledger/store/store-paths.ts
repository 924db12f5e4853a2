// Where a profile's local store lives: <user-data>/local-ledger/<profile>.duckdb.
import { join } from 'node:path';

export const STORE_FOLDER = 'local-ledger';

export function storeFolder(userDataDir: string): string {
  return join(userDataDir, STORE_FOLDER);
}

export function storePathIn(folder: string, profileId: string): string {
  return join(folder, `${profileId}.duckdb`);
}
