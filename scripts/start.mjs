// `npm start`: build and open the desktop app. Without an Electron binary, say so in one line and
// point to the browser version instead of failing deep inside Electron's launcher.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { findElectronBinary } from './electron-binary.mjs';

const root = resolve(import.meta.dirname, '..');
const binary = findElectronBinary();
if (!binary.path) {
  console.error(
    `Cannot open the desktop app: ${binary.reason}. Run \`npx install-electron\` when online, or use \`npm run dev:web\` to open the same app in a browser.`,
  );
  process.exit(1);
}
const child = spawn(
  process.execPath,
  [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'preview', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
child.on('exit', (code) => process.exit(code ?? 1));
