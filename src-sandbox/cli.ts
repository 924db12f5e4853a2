// `npm run sandbox -- [--port N] [--host 127.0.0.1] [--seed N] [--transfers N] [--startup-seconds N] [--faults] [--hostile-names] [--busy-party] [--long-party-id]`
// Prints exactly one JSON line on stdout when ready (addresses, credentials, parties, tokens);
// after that only logs, on stderr. Stops cleanly, with everything it started, on SIGINT/SIGTERM.
// --hostile-names: party ids, instrument symbols and statuses carry HTML and script, to check that a
// client shows them as text (ledger/hostile-names.ts).
// --busy-party: the first party of `parties` is in every transfer (--transfers 1000000 gives it a
// million legs, for the local-ledger benchmark).
// --long-party-id: the third party's id is the longest the party id pattern allows (a 185-character
// hint, colons and all: ledger/long-party-id.ts).
import { parseArgs } from 'node:util';
import { startSandboxNetwork } from './sandbox-network.ts';

const log = (line: string) => process.stderr.write(`[sandbox] ${line}\n`);

function fail(message: string): never {
  process.stderr.write(`sandbox: ${message}\n`);
  process.exit(2);
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    fail(`--${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  return Number(raw);
}

let values: ReturnType<typeof parse>['values'];
function parse() {
  return parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      transfers: { type: 'string' },
      'startup-seconds': { type: 'string' },
      faults: { type: 'boolean' },
      'hostile-names': { type: 'boolean' },
      'busy-party': { type: 'boolean' },
      'long-party-id': { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
}
try {
  ({ values } = parse());
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  process.stdout.write(
    'npm run sandbox -- [--port N] [--host 127.0.0.1] [--seed N] [--transfers N] [--startup-seconds N] [--faults] [--hostile-names] [--busy-party] [--long-party-id]\n',
  );
  process.exit(0);
}

const started = performance.now();
const network = await startSandboxNetwork({
  host: values.host ?? '127.0.0.1',
  port: integer('port', values.port, 0, 0, 65_535),
  seed: integer('seed', values.seed, 1, 0, 2 ** 31),
  transfers: integer('transfers', values.transfers, 100_000, 0, 10_000_000),
  startupSeconds: integer('startup-seconds', values['startup-seconds'], 0, 0, 86_400),
  faults: values.faults ?? false,
  hostileNames: values['hostile-names'] ?? false,
  busyParty: values['busy-party'] ?? false,
  longPartyId: values['long-party-id'] ?? false,
  log,
}).catch((error: Error) => fail(`could not start: ${error.message}`));

process.stdout.write(`${JSON.stringify(network.describe())}\n`);
log(`ready in ${Math.round(performance.now() - started)} ms at ${network.urls.baseUrl.replace(/\/ledger$/, '')}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  await network.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
