// How a store's failures read: in words for the screen, with who holds the file when another
// program kept it busy (ledger-store.ts, store-file.ts).
import { ServiceError } from '../../errors.ts';
import { type StoreUser, userSentence } from './store-markers.ts';

export function closedError(): ServiceError {
  return new ServiceError('local_store', 'The local store was closed.');
}

/** Another program kept the file past this operation's wait: said in words, with who, for the screen. */
export function busyError(holder: StoreUser | null, advice = 'this view loads when it is done'): ServiceError {
  const who = userSentence(holder);
  return new ServiceError('local_store', `${who} has this local store open: ${advice}.`, {
    cause: 'busy',
    ...(holder ? { holderPid: holder.pid, holderProgram: holder.program } : {}),
  });
}

export function isBusy(error: unknown): boolean {
  return error instanceof ServiceError && error.details?.cause === 'busy';
}

export function storeError(error: unknown, what: string): ServiceError {
  if (error instanceof ServiceError) return error;
  const message = (error as Error)?.message ?? String(error);
  return new ServiceError('local_store', `${what}: ${firstLine(message)}`, { cause: 'duckdb' });
}

function firstLine(text: string): string {
  return text.split('\n')[0].slice(0, 300);
}
