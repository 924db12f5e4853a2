// The ledger engine as the durability tests run it: the product's entry (engine-main.ts) with the
// sync's test hook set first, so a kill can land in the transaction that replaces a window. Forked
// by the tests' CLI entry (cli-with-hooks.ts) in place of engine-main.ts; the product's engine
// takes no hook from main or from its environment.
// The line goes to main as one of the engine's log lines, which the CLI says on stderr as
// `[main] test-hook: replacing` the moment it arrives (the engine's stderr is not passed on).
import type { EngineToMain } from '../../src-main/services/local-ledger/engine/engine-protocol.ts';
import { syncTestHooks } from '../../src-main/services/local-ledger/sync/sync-run.ts';
import { parentPort } from '../../src-main/services/parent-port.ts';

const port = parentPort<EngineToMain>();
syncTestHooks.beforeReplace = () => port.post({ type: 'event', event: { kind: 'log', line: 'test-hook: replacing' } });

await import('../../src-main/services/local-ledger/engine/engine-main.ts');
