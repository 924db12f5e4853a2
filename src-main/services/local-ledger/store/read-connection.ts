// One read on a connection of its own, which an abort interrupts: shared by the store file
// (ledger-store.ts) and a lake (lake/lake-store.ts), the two readers of legs.
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { ServiceError } from '../../errors.ts';

/**
 * Runs `work` on a new connection of `instance`, which an abort interrupts; closed after. While it
 * runs the connection is in `reading` (a close interrupts every read in it).
 */
export async function onConnection<T>(
  instance: DuckDBInstance,
  reading: Set<DuckDBConnection>,
  work: (connection: DuckDBConnection) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  let connection: DuckDBConnection | null = null;
  // DuckDB drops an interrupt that comes between two queries of the work (duckdb-rs #860): once
  // aborted, the connection is interrupted again every 50 ms until the work ends.
  let interrupting: NodeJS.Timeout | null = null;
  const interrupt = () => {
    connection?.interrupt();
    interrupting ??= setInterval(() => connection?.interrupt(), 50);
  };
  signal?.addEventListener('abort', interrupt, { once: true });
  try {
    connection = await instance.connect();
    reading.add(connection);
    if (signal?.aborted) throw new ServiceError('cancelled', 'Cancelled.');
    return await work(connection);
  } catch (error) {
    if (signal?.aborted) throw new ServiceError('cancelled', 'Cancelled.');
    throw error;
  } finally {
    signal?.removeEventListener('abort', interrupt);
    if (interrupting) clearInterval(interrupting);
    if (connection) {
      connection.closeSync();
      reading.delete(connection);
    }
  }
}
