// STUB (helper "sql" replaces this): CSV, JSON Lines, Parquet (and by month) from the store.
import type { LocalExportRequest, LocalExportResult } from '../../../src-shared/contract/local-ledger.ts';
import { ServiceError } from '../errors.ts';
import type { LocalLedger } from './local-ledger.ts';

export async function exportFromStore(
  _local: LocalLedger,
  _request: LocalExportRequest,
): Promise<LocalExportResult | null> {
  throw new ServiceError('internal', 'not built yet');
}
