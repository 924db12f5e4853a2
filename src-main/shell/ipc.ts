// Registers one ipcMain handler per contract channel. Messages from anything but the app's own
// window and top frame are refused before their arguments are even looked at (sender-check.ts).
import { type BrowserWindow, ipcMain } from 'electron';
import { CHANNELS } from '../../src-shared/contract/channels.ts';
import type { Dispatch } from '../services/dispatch.ts';
import { FORBIDDEN_SENDER, isAppFrame } from './sender-check.ts';

export function registerIpc(dispatch: Dispatch, getWindow: () => BrowserWindow | null, appOrigin: string): void {
  for (const { name } of CHANNELS) {
    ipcMain.handle(name, (event, ...args: unknown[]) => {
      if (!isAppFrame(event, getWindow(), appOrigin)) return FORBIDDEN_SENDER;
      return dispatch(name, args);
    });
  }
}
