// The ledger engine's network, which is main's: a sync's pages are fetched by main (the JWT never
// leaves it) and arrive here as their bytes, read with the same parseTransferPage main would use.
// Pull, one page per cursor chain: a sync asks for the next page only once it has the last, so a
// fast network never queues pages in either process (docs/architecture.md, "The ledger engine").
import { ServiceError } from '../../errors.ts';
import { parseTransferPage } from '../../ledger/transfer-page.ts';
import type { LedgerSources } from '../store/ledger-sources.ts';
import type { AnswerOf, Question } from './engine-protocol.ts';

/** Asks main one question; rejects with main's error, or `cancelled` when the signal aborts first. */
export type Ask = <Q extends Question>(question: Q, signal?: AbortSignal) => Promise<AnswerOf<Q['kind']>>;

export function sourcesThroughMain(ask: Ask): LedgerSources {
  return {
    transfers: async (profileId) => ({
      fetchPage: async (filters, next, signal) => {
        const body = await ask({ kind: 'transferBody', profileId, filters, next }, signal);
        try {
          return parseTransferPage(body);
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error;
          // The words may quote the answer, which may echo the JWT: main takes it out.
          const shape = {
            code: error.code,
            message: error.message,
            ...(error.details ? { details: error.details } : {}),
          };
          const clean = await ask({ kind: 'scrub', profileId, error: shape });
          throw new ServiceError(clean.code, clean.message, clean.details);
        }
      },
    }),
    readableParties: (profileId) => ask({ kind: 'readableParties', profileId }),
  };
}
