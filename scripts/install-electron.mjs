// postinstall: fetch the Electron binary (Electron >= 42 no longer downloads it at install time).
// Offline or behind a closed network the download fails; that must not fail `npm install`,
// because everything except the Electron tier builds and tests without the binary.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
let electronDir;
try {
  electronDir = dirname(require.resolve('electron/package.json'));
} catch {
  // Production install without devDependencies: nothing to fetch.
  process.exit(0);
}

const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8'));
const versionFile = join(electronDir, 'dist', 'version');
if (existsSync(versionFile) && readFileSync(versionFile, 'utf8').replace(/^v/, '').trim() === version) {
  process.exit(0);
}

const TIMEOUT_MS = Number(process.env.ELECTRON_INSTALL_TIMEOUT_MS ?? 120_000);
const child = spawn(process.execPath, [join(electronDir, 'install.js')], {
  stdio: ['ignore', 'ignore', 'pipe'],
});
let stderr = '';
child.stderr.on('data', (chunk) => {
  stderr += chunk;
});
const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
child.on('exit', (code, signal) => {
  clearTimeout(timer);
  if (code === 0) {
    console.log(`Electron ${version} binary installed.`);
    return;
  }
  const firstLine = (stderr.split('\n').find((l) => l.trim() && !l.trim().startsWith('at ')) ?? '').trim();
  const why = signal ? `timed out after ${TIMEOUT_MS / 1000}s` : firstLine || `exit code ${code}`;
  console.log(
    `Electron ${version} binary could not be downloaded (${why}); \`npm start\` needs it — everything else (build, npm test, npm run dev:web) works without it.`,
  );
});
