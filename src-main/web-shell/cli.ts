// `npm run dev:web`: the app's main-process services with the renderer served to a browser.
// Prints ONE line on stdout when ready (ready-line.ts): the URL for a person at a terminal, else a
// JSON line for scripts; sandbox credentials only with --print-credentials. Logs go to stderr.
// It runs on the desktop app's user-data folder by default (user-data-choice.ts), one server per
// folder (folder-lock.ts), on the port and with the key a tab left open expects (folder-server.ts).
import { existsSync, rmSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type AppServices, startAppServices } from '../services/app-services.ts';
import { loadKeytar } from '../services/credentials/keytar-backend.ts';
import { forkEngine } from '../services/local-ledger/engine/engine-client.ts';
import { withTimeout } from '../services/with-timeout.ts';
import { type FolderLock, lockFolder } from './folder-lock.ts';
import { PortTakenError, startFolderServer } from './folder-server.ts';
import { alreadyRunningLine, readyLine } from './ready-line.ts';
import { readServerRecord } from './server-record.ts';
import { chooseUserData, type UserDataChoice, UserDataUsageError } from './user-data-choice.ts';
import type { WebShell } from './web-shell-server.ts';

const { values } = parseArgs({
  options: {
    // Default: the desktop app's folder (and the CLI's). A folder of its own: --user-data-dir D.
    'user-data-dir': { type: 'string' },
    // A new folder and keychain service, both removed when the server stops.
    'temp-user-data': { type: 'boolean' },
    'renderer-dir': { type: 'string' },
    // Default: the port this folder's server used last (4780 the first time), another if that is taken.
    port: { type: 'string' },
    // A new bridge key: every tab must open the newly printed address.
    'new-key': { type: 'boolean' },
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
const rendererDir = resolve(values['renderer-dir'] ?? join(root, 'out/web'));
const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
const log = (line: string) => process.stderr.write(`[dev:web] ${line}\n`);
const terminal = process.stdout.isTTY === true;

try {
  await readFile(join(rendererDir, 'index.html'));
} catch {
  log(`no built renderer at ${rendererDir}: run \`npm run build\` first`);
  process.exit(1);
}

const httpTimeoutMs = values['http-timeout-ms'] === undefined ? undefined : Number(values['http-timeout-ms']);
if (
  httpTimeoutMs !== undefined &&
  !(Number.isInteger(httpTimeoutMs) && httpTimeoutMs >= 100 && httpTimeoutMs <= 600_000)
) {
  log(`--http-timeout-ms must be an integer from 100 to 600000 (got "${values['http-timeout-ms']}")`);
  process.exit(2);
}
const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && !(/^\d+$/.test(values.port ?? '') && port >= 0 && port <= 65_535)) {
  log(`--port must be a port number from 0 (any free port) to 65535 (got "${values.port}")`);
  process.exit(2);
}

let userData: UserDataChoice;
try {
  userData = await chooseUserData({
    ...(values['user-data-dir'] !== undefined ? { userDataDir: values['user-data-dir'] } : {}),
    temporary: values['temp-user-data'] === true,
    ...(values['keychain-service'] !== undefined ? { keychainService: values['keychain-service'] } : {}),
  });
} catch (error) {
  if (!(error instanceof UserDataUsageError)) throw error;
  log(error.message);
  process.exit(2);
}
const userDataDir = userData.dir;

// Whatever ends this process: the lock goes, and a throwaway folder with it (the keychain entries of
// a throwaway run are removed on an orderly stop, below: that needs the event loop).
let lock: FolderLock | null = null;
process.on('exit', () => {
  lock?.release();
  if (userData.kind === 'temporary') rmSync(userDataDir, { recursive: true, force: true });
});

// Ctrl+C, a kill or a closed terminal, even while starting: close what has started, then leave.
let stopping = false;
let shell: WebShell | undefined;
let services: AppServices | undefined;
let starting: Promise<AppServices> | undefined;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await shell?.close();
  await (services ?? (await starting?.catch(() => undefined)))?.close();
  if (userData.throwawayKeychain) await forgetKeychainService(userData.keychainService);
  if (userData.kind === 'temporary') await rm(userDataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('SIGHUP', stop);

if (userData.kind !== 'temporary') {
  const outcome = await lockFolder(userDataDir, { log });
  if (outcome.kind === 'running') {
    const record = await readServerRecord(userDataDir, log);
    const address = `http://127.0.0.1:${outcome.port}/${record ? `#bridge=${record.key}` : ''}`;
    process.stdout.write(
      alreadyRunningLine({ url: address, userDataDir, userDataKind: userData.kind, pid: outcome.pid }, { terminal }),
    );
    process.exit(0);
  }
  lock = outcome.lock;
}

// A browser has no native save dialog: exports go to this folder under the suggested name.
// Created on the first export, so starting the app writes nothing until the user does something.
const exportDir = resolve(values['export-dir'] ?? join(userDataDir, 'exports'));

starting = startAppServices({
  userDataDir,
  version,
  transport: 'web',
  // The desktop app's service on its folder (its profiles' saved secrets are found); a throwaway
  // name with --temp-user-data (user-data-choice.ts).
  keychain: { service: userData.keychainService },
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
  // The local ledger runs in the ledger engine, a Node child process: DuckDB never loads in this one.
  localLedger: { engine: forkEngine },
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
// The server listens while the services start, so a tab left open sees the server back at once;
// its calls wait for the services.
const dispatch = starting.then((started) => started.dispatch);
dispatch.catch(() => {});
const downloads = starting.then((started) => started.downloads);
downloads.catch(() => {});

try {
  const started = await startFolderServer({
    rendererDir,
    dispatch,
    downloads,
    userData,
    ...(port !== undefined ? { port } : {}),
    newKey: values['new-key'] === true,
    log,
  });
  shell = started.shell;
  await lock?.record(shell.port, shell.instance);
  for (const note of started.notes) log(note);
  services = await starting;
} catch (error) {
  log(error instanceof PortTakenError ? error.message : `could not start: ${(error as Error).message}`);
  process.exit(1);
}

log(`serving ${rendererDir}; user data in ${userDataDir}; keychain service "${userData.keychainService}"`);
process.stdout.write(
  readyLine(
    {
      url: shell.url,
      userDataDir,
      userDataKind: userData.kind,
      secretStorage: services.context.credentials.storageInfo().backend,
      exportDir,
      sandbox: services.sandbox ? services.sandbox.describe() : null,
    },
    { terminal, printCredentials: values['print-credentials'] === true },
  ),
);

/** Deletes every secret a throwaway run saved: its service exists only for this run. Never hangs the stop. */
async function forgetKeychainService(service: string): Promise<void> {
  try {
    const keytar = await loadKeytar();
    await withTimeout(
      (async () => {
        for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account);
      })(),
      5_000,
      () => new Error('the OS keychain did not answer within 5 s'),
    );
  } catch (error) {
    log(
      `secrets saved in this throwaway run may remain in the keychain under "${service}": ${(error as Error).message}`,
    );
  }
}
