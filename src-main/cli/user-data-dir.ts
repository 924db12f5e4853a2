// The desktop app's user-data folder, computed without Electron so the CLI reads and writes the same
// settings and stores: Electron's app.getPath('userData') is the platform's app-data folder joined
// with the app's name (package.json's productName, else its name: here "ledger-explorer", since
// electron-builder's productName does not reach app.getName()). main.ts honours
// LEDGER_EXPLORER_USER_DATA first, and so does the CLI.
import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'ledger-explorer';

export function defaultUserDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.LEDGER_EXPLORER_USER_DATA) return env.LEDGER_EXPLORER_USER_DATA;
  // Electron's appData: %APPDATA% on Windows, ~/Library/Application Support on macOS, $XDG_CONFIG_HOME or ~/.config elsewhere.
  const appData =
    platform === 'win32'
      ? (env.APPDATA ?? join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : env.XDG_CONFIG_HOME || join(home, '.config');
  return join(appData, APP_NAME);
}

/** Why this folder, in words, for `--help`. */
export function userDataDirSource(env: NodeJS.ProcessEnv = process.env): string {
  return env.LEDGER_EXPLORER_USER_DATA
    ? 'from LEDGER_EXPLORER_USER_DATA; --user-data-dir D overrides it'
    : "the desktop app's folder, which the app and the browser version use too; --user-data-dir D overrides it";
}
