// `npm run cli -- sync|export|profiles|help ...`: the local ledger's sync and export, headless, for a
// team that schedules them (cron, a systemd timer, CI) and feeds a warehouse. The same services as the
// desktop app, on the same user-data folder and keychain (docs/local-ledger.md, "Command line").
// Its sync and export run in a ledger engine it forks, as the app's do (docs/architecture.md, "The
// ledger engine"): this process keeps the credentials and the HTTP, the engine the DuckDB store.
// It shares the store with the app when both run (store/store-file.ts): it waits for the app to let go,
// up to --wait, saying who has it. Progress lines go to stderr; one JSON line, the summary, to stdout.
// Exit codes (usage() lists them): 0 done; 1 failed; 2 bad arguments (naming the argument, listing
// the valid values); 75 the store stayed busy past --wait; 130 SIGINT, 143 SIGTERM (the sync is
// cancelled and the next run of the same command resumes it).
// This file is only the entry `npm run cli` runs: the commands are in cli-main.ts, which the
// durability tests' entry (test/durability/cli-with-hooks.ts) runs with their hooks instead.
import { runCli } from './cli-main.ts';

process.exitCode = await runCli(process.argv.slice(2));
