// Who may call main over IPC: the decision, kept free of `electron` so the Node tier can test it
// (no Electron binary can exist there). The types are the few fields of Electron's objects the
// check reads; ipc.ts passes the real IpcMainInvokeEvent and BrowserWindow.
import { originOf } from './origin.ts';

export interface SenderEvent {
  /** The webContents that sent the message. */
  sender: unknown;
  /** The frame that sent it; null once that frame has navigated away or been destroyed. */
  senderFrame: { url: string } | null | undefined;
}

export interface AppWindowLike {
  isDestroyed(): boolean;
  webContents: { mainFrame: unknown };
}

/**
 * True only for a message from the app window's own webContents, from its top frame (not an
 * iframe), while that frame shows the app's origin. Everything else — another window, a subframe,
 * a frame that is gone or has navigated elsewhere, no window at all — is refused.
 */
export function isAppFrame(event: SenderEvent, window: AppWindowLike | null, appOrigin: string): boolean {
  const frame = event.senderFrame;
  if (!window || window.isDestroyed() || event.sender !== window.webContents || !frame) return false;
  if (frame !== window.webContents.mainFrame) return false;
  return typeof frame.url === 'string' && originOf(frame.url) === appOrigin;
}

export const FORBIDDEN_SENDER = {
  ok: false,
  error: { code: 'forbidden_sender', message: 'Refused: the message did not come from the app window.' },
} as const;
