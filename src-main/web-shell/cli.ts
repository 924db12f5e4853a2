// `npm run dev:web`: the app's main-process services with the renderer served to a browser.
// Prints ONE JSON line on stdout when ready ({"url", "sandbox"}); logs go to stderr.
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startAppServices } from '../services/app-services.ts';
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

const services = await startAppServices({
  userDataDir,
  version,
  transport: 'web',
  // Its own keychain service name: secrets saved while trying the browser version never mix with the desktop app's.
  keychain: { service: values['keychain-service'] ?? 'ledger-explorer-dev-web' },
  sandbox: values['no-sandbox']
    ? false
    : values.transfers || values['startup-seconds']
      ? {
          ...(values.transfers ? { transfers: Number(values.transfers) } : {}),
          // The ledger answers the start-up 503 (spec 2.6) this long: lets a client's start-up card be exercised.
          ...(values['startup-seconds'] ? { startupSeconds: Number(values['startup-seconds']) } : {}),
        }
      : true,
  host: {
    chooseSavePath: async (defaultName) => {
      await mkdir(exportDir, { recursive: true });
      return join(exportDir, defaultName);
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
  `${JSON.stringify({
    url: shell.url,
    userDataDir,
    secretStorage: services.context.credentials.storageInfo().backend,
    exportDir,
    // Test and developer aid: the sandbox's own addresses, credentials, parties and tokens.
    sandbox: services.sandbox ? services.sandbox.describe() : null,
  })}\n`,
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
