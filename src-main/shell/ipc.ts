// Registers one ipcMain handler per contract channel. Messages from anything but the app's own
// window and top frame are refused before their arguments are even looked at.
import { type BrowserWindow, type IpcMainInvokeEvent, ipcMain } from 'electron';
import { CHANNELS } from '../../src-shared/contract/channels.ts';
import type { Dispatch } from '../services/handlers/dispatch.ts';
import { originOf } from './origin.ts';

export function registerIpc(dispatch: Dispatch, getWindow: () => BrowserWindow | null, appOrigin: string): void {
  for (const { name } of CHANNELS) {
    ipcMain.handle(name, (event, ...args: unknown[]) => {
      if (!isAppFrame(event, getWindow(), appOrigin)) {
        return {
          ok: false,
          error: { code: 'forbidden_sender', message: 'Refused: the message did not come from the app window.' },
        };
      }
      return dispatch(name, args);
    });
  }
}

function isAppFrame(event: IpcMainInvokeEvent, window: BrowserWindow | null, appOrigin: string): boolean {
  const frame = event.senderFrame;
  if (!window || window.isDestroyed() || event.sender !== window.webContents || !frame) return false;
  if (frame !== window.webContents.mainFrame) return false;
  return originOf(frame.url) === appOrigin;
}
