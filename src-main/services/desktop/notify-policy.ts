// When a long task's end deserves a native notification, and what it says (docs/desktop.md). Plain
// data: the Electron host (src-main/shell/desktop-shell.ts) adds the window's focus and shows it.

/** What the export jobs and the local sync tell the host when they end (Host.taskFinished). */
export interface TaskFinished {
  kind: 'export' | 'sync';
  /** Only done and failed are told; anything else (cancelled: the user did it) is not. */
  state: string;
  legs: number;
  elapsedMs: number;
  /** Why it failed (a message already fit for the user), else null. */
  error: string | null;
}

export interface NotificationText {
  title: string;
  body: string;
}

/** Shorter tasks end while the user is still looking: no notification. */
export const NOTIFY_AFTER_MS = 10_000;

const legs = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'leg' : 'legs'}`;

/**
 * A notification only for a task that ran at least NOTIFY_AFTER_MS and ended while the window is not
 * focused (the user went elsewhere to wait), never for a cancel (the user did it themselves).
 */
export function notificationFor(event: TaskFinished, windowFocused: boolean): NotificationText | null {
  if (windowFocused || event.elapsedMs < NOTIFY_AFTER_MS) return null;
  if (event.state !== 'done' && event.state !== 'failed') return null;
  const what = event.kind === 'export' ? 'Export' : 'Sync';
  if (event.state === 'failed') return { title: `${what} failed`, body: event.error ?? 'See the app for details.' };
  const body = event.kind === 'export' ? `${legs(event.legs)} written.` : `${legs(event.legs)} fetched.`;
  return { title: `${what} finished: ${legs(event.legs)}`, body };
}
