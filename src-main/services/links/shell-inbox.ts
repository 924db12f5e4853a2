// What the OS and the menu hand to main (links, commands) waiting for the renderer to pull them with
// app:nextEvent: a long poll, so the Electron IPC and the browser tier's test bridge carry events the
// same way and the preload stays small. Bounded: a window that stopped pulling cannot grow it.
import type { ShellEvent } from '../../../src-shared/contract/shell-events.ts';

export const INBOX_LIMIT = 100;
/** Under the usual 30 s proxy and fetch idle limits; the renderer asks again at once. */
export const POLL_MS = 25_000;

export class ShellInbox {
  private readonly queue: ShellEvent[] = [];
  /** At most one: the newest poll (see next()). */
  private readonly waiting: Array<(event: ShellEvent | null) => void> = [];
  private closed = false;

  push(event: ShellEvent): void {
    if (this.closed) return;
    const waiter = this.waiting.shift();
    if (waiter) {
      waiter(event);
      return;
    }
    this.queue.push(event);
    // The oldest goes: a link clicked just now matters more than one from minutes ago.
    if (this.queue.length > INBOX_LIMIT) this.queue.shift();
  }

  /** The next event, or null after `timeoutMs` with none (ask again) or when the app closes. */
  next(timeoutMs = POLL_MS): Promise<ShellEvent | null> {
    // Closed: never answered. The app is going away, and a null would only make the renderer ask
    // again at once, in a tight loop until its window closes.
    if (this.closed) return new Promise(() => {});
    // One live waiter: a newer poll means the page that asked before is gone (a renderer reload) or
    // has moved on (a remount stops its older loop), so the older poll is answered null and the next
    // event goes to the page that is listening, not to a dead one.
    for (const older of this.waiting.splice(0)) older(null);
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => {
      const waiter = (event: ShellEvent | null) => {
        clearTimeout(timer);
        resolve(event);
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve(null);
      }, timeoutMs);
      timer.unref?.();
      this.waiting.push(waiter);
    });
  }

  /** Answers every waiting poll with null; later polls wait forever and pushes are dropped. */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter(null);
  }
}
