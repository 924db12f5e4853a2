import { join } from 'node:path';
import { BrowserWindow, nativeTheme, shell } from 'electron';
import { APP_ORIGIN } from './app-protocol.ts';
import { originOf } from './origin.ts';

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
      spellcheck: false,
    },
  });

  // No new windows, ever; https links go to the OS browser.
  window.webContents.setWindowOpenHandler(({ url }) => {
    openExternalIfHttps(url);
    return { action: 'deny' };
  });
  // The window never navigates away from the app.
  window.webContents.on('will-navigate', (event, url) => {
    if (originOf(url) !== appOrigin) {
      event.preventDefault();
      openExternalIfHttps(url);
    }
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  window.once('ready-to-show', () => window.show());

  void window.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`);
  return window;
}

function openExternalIfHttps(url: string): void {
  try {
    if (new URL(url).protocol === 'https:') void shell.openExternal(url);
  } catch {
    // not a URL: ignore
  }
}

export const rendererDirFrom = (mainDir: string) => join(mainDir, '../renderer');
