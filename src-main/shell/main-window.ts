import { join } from 'node:path';
import { BrowserWindow, dialog, nativeTheme, shell } from 'electron';
import { APP_ORIGIN } from './app-protocol.ts';
import { decideNavigation, decideWindowOpen } from './navigation-policy.ts';

export function createMainWindow(
  preloadPath: string,
  devServerUrl: string | undefined,
  appOrigin: string,
): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 840,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Ledger Explorer',
    icon: join(import.meta.dirname, '../../resources/icon.png'),
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#15171c' : '#ffffff',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      // A middle click on a link fires auxclick, which can open a window without window.open.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  });

  // No new windows, ever; https links go to the OS browser. The decisions: navigation-policy.ts.
  window.webContents.setWindowOpenHandler(({ url }) => {
    openExternally(decideWindowOpen(url).openExternally);
    return { action: 'deny' };
  });
  // The window never navigates away from the app.
  window.webContents.on('will-navigate', (event, url) => {
    const decision = decideNavigation(url, appOrigin);
    if (decision.stayInApp) return;
    event.preventDefault();
    openExternally(decision.openExternally);
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  // The page refused to unload (the notebook has unsaved text: its beforeunload). Electron shows no
  // question of its own and would just keep the window open: ask here. preventDefault = leave anyway.
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(window, {
      type: 'question',
      buttons: ['Leave', 'Stay'],
      defaultId: 1,
      cancelId: 1,
      message: 'The notebook has unsaved changes.',
      detail: 'Leave and lose them? Stay to save them first.',
    });
    if (choice === 0) event.preventDefault();
  });
  window.once('ready-to-show', () => window.show());

  void window.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`);
  return window;
}

/** Only links that externalLink() accepted (https, no credentials) reach the OS browser. */
function openExternally(link: string | null): void {
  if (link) void shell.openExternal(link);
}

export const rendererDirFrom = (mainDir: string) => join(mainDir, '../renderer');
