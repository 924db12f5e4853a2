// `npm run cli` as the durability tests run it: the product's CLI (cli-main.ts) with their hooks, so
// a kill can land where a hook says it is. The product's entry (src-main/cli/cli.ts) reads no test
// switch: the tests spawn this file instead.
//   - sync, export: the ledger engine is test/durability/engine-with-hooks.ts, which says
//     `[main] test-hook: replacing` just before a window is replaced.
//   - lake sync: `test-hook: committing <party> <month>` just before a month is committed to the lake.
import { join } from 'node:path';
import { say } from '../../src-main/cli/cli-exit.ts';
import { runCli } from '../../src-main/cli/cli-main.ts';
import { forkEngine } from '../../src-main/services/local-ledger/engine/engine-client.ts';

const entry = join(import.meta.dirname, 'engine-with-hooks.ts');

process.exitCode = await runCli(process.argv.slice(2), {
  engine: () => forkEngine({ entry }),
  beforeLakeCommit: (party, month) => say(`test-hook: committing ${party} ${month}`),
});
