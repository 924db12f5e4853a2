// Release packaging (`npm run dist`, scripts/dist.mjs): electron-builder over the electron-vite
// build in out/. Targets: AppImage and deb on Linux, dmg on macOS, an NSIS installer on Windows;
// each is built on its own OS (electron-builder packs the Electron binary of the machine it runs
// on: `electronDist`). What was and was not verified here: docs/security.md, "Release build".
import type { Configuration } from 'electron-builder';

type Fuses = NonNullable<Configuration['electronFuses']>;

/**
 * Electron fuses flipped in the packaged binary (before signing, so the signature covers them).
 * Unset fuses keep Electron's default.
 */
export const RELEASE_FUSES: Fuses = {
  // ELECTRON_RUN_AS_NODE would turn the signed app into a general-purpose Node for any local process.
  runAsNode: false,
  // Same for NODE_OPTIONS (--require a script into the app) and --inspect (attach a debugger to main,
  // which holds the secrets).
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  // Load the app only from app.asar, and (macOS, Windows) check app.asar against the hash embedded at build.
  onlyLoadAppFromAsar: true,
  enableEmbeddedAsarIntegrityValidation: true,
  // Chromium's cookie store encrypted with the OS keychain (the app sets no cookies; a one-way switch).
  enableCookieEncryption: true,
};

const config: Configuration = {
  appId: 'dev.ledger-explorer.desktop',
  productName: 'Ledger Explorer',
  // ledger-explorer:// links open the app (docs/links.md); Linux gets it through the .desktop file.
  protocols: [{ name: 'Ledger Explorer link', schemes: ['ledger-explorer'] }],
  executableName: 'ledger-explorer',
  copyright: 'Ledger Explorer contributors',
  directories: { output: 'dist', buildResources: 'resources' },
  // The electron-vite build, the window icon, package.json. Not out/web (the browser test build).
  files: ['out/main/**', 'out/preload/**', 'out/renderer/**', 'resources/icon.png', 'package.json'],
  asar: true,
  // DuckDB (the local ledger) is a native addon that loads libduckdb.so beside it: both must be real
  // files on disk, not inside app.asar.
  asarUnpack: ['node_modules/@duckdb/**'],
  electronDist: 'node_modules/electron/dist',
  electronFuses: RELEASE_FUSES,
  publish: null,
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Development',
    maintainer: 'Ledger Explorer contributors <ledger-explorer@users.noreply.github.com>',
    icon: 'resources/icon.png',
  },
  deb: {
    // keytar talks to the Secret Service through libsecret.
    depends: ['libsecret-1-0', 'libgtk-3-0', 'libnss3', 'libxss1', 'libxtst6', 'xdg-utils', 'libatspi2.0-0'],
  },
  mac: {
    target: ['dmg'],
    category: 'public.app-category.developer-tools',
    hardenedRuntime: true,
  },
  win: {
    target: ['nsis'],
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
  },
};

export default config;
