// `npm run dist`: the release packages for this OS (electron-builder.config.ts: AppImage + deb on
// Linux, dmg on macOS, NSIS on Windows), with the Electron fuses flipped, then read back from the
// packed binary. Without an Electron binary it stops at once with one line saying why.
// Extra arguments go to electron-builder (e.g. `npm run dist -- --linux deb`).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { findElectronBinary } from './electron-binary.mjs';

const root = resolve(import.meta.dirname, '..');
const binary = findElectronBinary();
if (!binary.path) {
  console.error(
    `npm run dist: cannot package the desktop app: ${binary.reason}. Run \`npx install-electron\` when online, then \`npm run dist\` again.`,
  );
  process.exit(1);
}

function run(command, args) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolveRun(1));
  });
}

const electronVite = join(root, 'node_modules/electron-vite/bin/electron-vite.js');
const electronBuilder = join(root, 'node_modules/electron-builder/cli.js');
if ((await run(process.execPath, [electronVite, 'build', '--logLevel', 'warn'])) !== 0) process.exit(1);
const built = await run(process.execPath, [
  electronBuilder,
  '--config',
  'electron-builder.config.ts',
  '--publish',
  'never',
  ...process.argv.slice(2),
]);
if (built !== 0) process.exit(built);

// Read the fuses back from every unpacked app electron-builder left in dist/.
const { RELEASE_FUSES } = await import('../electron-builder.config.ts');
const require = createRequire(import.meta.url);
const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses');
const OPTION = {
  runAsNode: FuseV1Options.RunAsNode,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
};
const ENABLE = 49; // FuseState.ENABLE ('1')
const DISABLE = 48; // FuseState.DISABLE ('0')
const dist = join(root, 'dist');
const apps = readdirSync(dist).flatMap((dir) => {
  const candidates = [
    join(dist, dir, 'ledger-explorer'), // linux-unpacked
    join(dist, dir, 'Ledger Explorer.exe'), // win-unpacked
    join(dist, dir, 'Ledger Explorer.app'), // mac, mac-arm64
  ];
  return candidates.filter((path) => existsSync(path));
});
if (apps.length === 0) {
  console.error('npm run dist: no unpacked app in dist/ to read the fuses back from');
  process.exit(1);
}
let wrong = 0;
for (const app of apps) {
  const wire = await getCurrentFuseWire(app);
  for (const [name, wanted] of Object.entries(RELEASE_FUSES)) {
    const state = wire[OPTION[name]];
    if (state !== (wanted ? ENABLE : DISABLE)) {
      console.error(
        `npm run dist: ${app}: fuse ${name} is ${String.fromCharCode(state)}, expected ${wanted ? 'on' : 'off'}`,
      );
      wrong++;
    }
  }
}
if (wrong > 0) process.exit(1);
console.log(
  `npm run dist: fuses read back from ${apps.length} packed app(s): ${Object.keys(RELEASE_FUSES).length} as set`,
);
