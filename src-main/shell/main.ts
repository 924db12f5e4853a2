// The Electron entry: app lifecycle, the window, IPC registration. The only main code that imports electron.

import { join } from 'node:path';
import { app, type BrowserWindow, dialog, session } from 'electron';
import { startAppServices } from '../services/app-services.ts';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './app-protocol.ts';
import { startEngineUtilityProcess } from './engine-utility-process.ts';
import { registerIpc } from './ipc.ts';
import { createMainWindow, rendererDirFrom } from './main-window.ts';
import { originOf } from './origin.ts';
import { allowPermission } from './permission-policy.ts';
import { startSqlUtilityProcess } from './sql-utility-process.ts';

// Tests and support staff can point the app at a fresh profile folder.
const userDataOverride = process.env.LEDGER_EXPLORER_USER_DATA;
if (userDataOverride) app.setPath('userData', userDataOverride);

registerAppScheme();
// macOS hands over a clicked link (open-url) even before ready: kept until app-links.ts takes over.
const earlyLinks: string[] = [];
app.on('open-url', (event, url) => {
  event.preventDefault();
  earlyLinks.push(url);
});
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void start();
}

async function start(): Promise<void> {
  let mainWindow: BrowserWindow | null = null;
  await app.whenReady();
  // The dev server URL is honoured only in development, never in a packaged build.
  const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
  const appOrigin = (devServerUrl && originOf(devServerUrl)) || APP_ORIGIN;

  // Only the clipboard, only for the app's own page (permission-policy.ts); everything else refused.
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(allowPermission(permission, details.requestingUrl, appOrigin)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    allowPermission(permission, requestingOrigin, appOrigin),
  );

  serveRenderer(rendererDirFrom(import.meta.dirname));
  // Menu, window state, notifications, folders, log file: desktop-shell.ts, loaded only here.
  const desktop = await (await import('./desktop-shell.ts')).startDesktopShell(app.getPath('userData'));
  const services = await startAppServices({
    userDataDir: app.getPath('userData'),
    version: app.getVersion(),
    transport: 'electron',
    log: desktop.log,
    host: {
      chooseSavePath: async (defaultName, filters) => {
        const options = { defaultPath: join(app.getPath('downloads'), defaultName), filters };
        const result = mainWindow
          ? await dialog.showSaveDialog(mainWindow, options)
          : await dialog.showSaveDialog(options);
        return result.canceled || !result.filePath ? null : result.filePath;
      },
      chooseFolder: async () => {
        const options = {
          properties: ['openDirectory', 'createDirectory'] as Array<'openDirectory' | 'createDirectory'>,
        };
        const result = mainWindow
          ? await dialog.showOpenDialog(mainWindow, options)
          : await dialog.showOpenDialog(options);
        return result.canceled || !result.filePaths[0] ? null : result.filePaths[0];
      },
      printToPdf: async (html) => (await import('./print-report.ts')).printReportToPdf(html),
      startSqlProcess: startSqlUtilityProcess,
      ...desktop.host,
    },
    // The local ledger runs in the ledger engine, a utilityProcess: DuckDB never loads in main.
    localLedger: { engine: startEngineUtilityProcess },
  });
  registerIpc(services.dispatch, () => mainWindow, appOrigin);
  (await import('./app-links.ts')).routeLinks(services.shellInbox, () => mainWindow, earlyLinks);
  mainWindow = createMainWindow(join(import.meta.dirname, '../preload/index.cjs'), devServerUrl, appOrigin);
  desktop.attach(mainWindow, services.shellInbox);
  mainWindow.on('closed', () => {
    mainWindow = null;
  });

  app.on('second-instance', () => mainWindow?.focus());
  app.on('window-all-closed', () => app.quit());
  // Quit only after the services have finished (exports cancelled and cleaned up, the last history
  // write on disk, the sandbox's EVM nodes stopped), but never hang on them: 5 s at most.
  let closed = false;
  app.on('before-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    const limit = new Promise((resolve) => setTimeout(resolve, 5_000).unref());
    void Promise.race([services.close().catch(() => {}), limit]).finally(() => {
      closed = true;
      app.quit();
    });
  });
}
