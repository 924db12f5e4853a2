// `npm run dev:web`: the app's main-process services with the renderer served to a browser.
// Prints ONE line on stdout when ready (ready-line.ts): the URL for a person at a terminal, else a
// JSON line for scripts; sandbox credentials only with --print-credentials. Logs go to stderr.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startAppServices } from '../services/app-services.ts';
import { readyLine } from './ready-line.ts';
import { startWebShell } from './web-shell-server.ts';

const { values } = parseArgs({
  options: {
    'user-data-dir': { type: 'string' },
    'renderer-dir': { type: 'string' },
    port: { type: 'string' },
    'keychain-service': { type: 'string' },
    'export-dir': { type: 'string' },
    transfers: { type: 'string' },
    'startup-seconds': { type: 'string' },
    'no-sandbox': { type: 'boolean' },
    // The sandbox honours x-sandbox-fault and serves its fault control endpoint (docs/faults.md).
    faults: { type: 'boolean' },
    // Tests: how long main waits for the ledger-data and chain-listing interfaces (default 20 s / 15 s).
    'http-timeout-ms': { type: 'string' },
    // Tests: party ids, instrument symbols and statuses from the sandbox carry HTML and script.
    'hostile-names': { type: 'boolean' },
    // Benches: the sandbox's first party is in every transfer (a million legs with --transfers 1000000).
    'busy-party': { type: 'boolean' },
    // Tests and benches: the JSON ready line carries the sandbox's API key, partner token, JWTs and party ids.
    'print-credentials': { type: 'boolean' },
  },
});

const root = resolve(import.meta.dirname, '../..');
const userDataDir = values['user-data-dir'] ?? (await mkdtemp(join(tmpdir(), 'ledger-explorer-web-')));
const rendererDir = resolve(values['renderer-dir'] ?? join(root, 'out/web'));
const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
const log = (line: string) => process.stderr.write(`[dev:web] ${line}\n`);

try {
  await readFile(join(rendererDir, 'index.html'));
} catch {
  log(`no built renderer at ${rendererDir}: run \`npm run build\` first`);
  process.exit(1);
}

// A browser has no native save dialog: exports go to this folder under the suggested name.
// Created on the first export, so starting the app writes nothing until the user does something.
const exportDir = resolve(values['export-dir'] ?? join(userDataDir, 'exports'));

const httpTimeoutMs = values['http-timeout-ms'] === undefined ? undefined : Number(values['http-timeout-ms']);
if (
  httpTimeoutMs !== undefined &&
  !(Number.isInteger(httpTimeoutMs) && httpTimeoutMs >= 100 && httpTimeoutMs <= 600_000)
) {
  log(`--http-timeout-ms must be an integer from 100 to 600000 (got "${values['http-timeout-ms']}")`);
  process.exit(2);
}

const services = await startAppServices({
  userDataDir,
  version,
  transport: 'web',
  // Its own keychain service name: secrets saved while trying the browser version never mix with the desktop app's.
  keychain: { service: values['keychain-service'] ?? 'ledger-explorer-dev-web' },
  sandbox: values['no-sandbox']
    ? false
    : values.transfers || values['startup-seconds'] || values.faults || values['hostile-names'] || values['busy-party']
      ? {
          ...(values.transfers ? { transfers: Number(values.transfers) } : {}),
          // The ledger answers the start-up 503 (spec 2.6) this long: lets a client's start-up card be exercised.
          ...(values['startup-seconds'] ? { startupSeconds: Number(values['startup-seconds']) } : {}),
          ...(values.faults ? { faults: true } : {}),
          ...(values['hostile-names'] ? { hostileNames: true } : {}),
          ...(values['busy-party'] ? { busyParty: true } : {}),
        }
      : true,
  ...(httpTimeoutMs ? { timeouts: { transfersMs: httpTimeoutMs, chainsMs: httpTimeoutMs } } : {}),
  host: {
    // No dialog to confirm an overwrite here: a name already taken gets " (2)", " (3)", ... instead.
    chooseSavePath: async (defaultName) => {
      await mkdir(exportDir, { recursive: true });
      const dot = defaultName.lastIndexOf('.');
      const [stem, ext] = dot > 0 ? [defaultName.slice(0, dot), defaultName.slice(dot)] : [defaultName, ''];
      for (let n = 1; ; n++) {
        const candidate = join(exportDir, n === 1 ? defaultName : `${stem} (${n})${ext}`);
        if (!existsSync(candidate)) return candidate;
      }
    },
  },
  log,
});
const shell = await startWebShell({
  rendererDir,
  dispatch: services.dispatch,
  port: values.port ? Number(values.port) : 0,
});

process.stdout.write(
  readyLine(
    {
      url: shell.url,
      userDataDir,
      secretStorage: services.context.credentials.storageInfo().backend,
      exportDir,
      sandbox: services.sandbox ? services.sandbox.describe() : null,
    },
    { terminal: process.stdout.isTTY === true, printCredentials: values['print-credentials'] === true },
  ),
);
log(`serving ${rendererDir}; user data in ${userDataDir}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await shell.close();
  await services.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
