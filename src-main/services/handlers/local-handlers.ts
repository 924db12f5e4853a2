import { CHANNELS } from '../../../src-shared/contract/channels.ts';
import type { Handlers } from '../dispatch.ts';
import type { EngineClient } from '../local-ledger/engine/engine-client.ts';
import { type LedgerHandlers, ledgerHandlers } from '../local-ledger/ledger-handlers.ts';
import type { LocalLedgerHost } from '../local-ledger/local-ledger-host.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * The local ledger's channels: forwarded to the ledger engine when the host runs one (the app), else
 * run in this process with the DuckDB part loaded on first use (local-ledger-host.ts). One mapping
 * either way (ledger-handlers.ts). saveChart writes a file and needs no store: it stays in main.
 */
export function localHandlers(host: LocalLedgerHost, ctx: ServiceContext): Handlers['local'] {
  // Loaded on the first save, not at start-up: no DuckDB, only a file write.
  const saveChart: Handlers['local']['saveChart'] = async (request) =>
    (await import('../local-ledger/export/chart-file.ts')).saveChartFile(ctx, request);
  if (host.engine) return { ...forwarded(host.engine, ctx), saveChart };
  // A job's status without loading DuckDB: a job exists only once its start loaded the ledger.
  return { ...ledgerHandlers(() => host.load()), syncStatus: async (jobId) => host.syncStatus(jobId), saveChart };
}

/**
 * Each channel as a call in the engine. A call the renderer may abandon (its first argument has a
 * requestId) runs under main's request registry, so app:cancel reaches the engine as a cancel.
 */
function forwarded(engine: EngineClient, ctx: ServiceContext): LedgerHandlers {
  const handlers: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const { domain, verb, name } of CHANNELS) {
    if (domain !== 'local' || verb === 'saveChart') continue;
    handlers[verb] = (...args) => {
      const requestId = (args[0] as { requestId?: unknown } | undefined)?.requestId;
      if (typeof requestId !== 'string') return engine.call(name, args);
      return ctx.requests.run(requestId, (signal) => engine.call(name, args, signal));
    };
  }
  return handlers as unknown as LedgerHandlers;
}
