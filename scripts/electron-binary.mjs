// Where the Electron binary is, without requiring the `electron` package (which would try to
// download it). Returns { path } or { path: null, reason }.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function findElectronBinary() {
  let dir;
  try {
    dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { path: null, reason: 'the electron package is not installed' };
  }
  const pathFile = join(dir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override ? join(override, relative ?? 'electron') : relative ? join(dir, 'dist', relative) : null;
  if (candidate && existsSync(candidate)) return { path: candidate };
  return {
    path: null,
    reason:
      'no Electron binary in node_modules/electron/dist (its download failed at install: no access to the Electron release host)',
  };
}
