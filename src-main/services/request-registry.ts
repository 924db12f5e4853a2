// Requests the renderer may abandon: each carries a renderer-chosen id, and `app:cancel(id)` aborts
// it in main (a newer filter replaces an older one, so the older HTTP call should stop too).
//
// A cancel can arrive before its request has started: a handler awaits the keychain before it
// calls `run`, and IPC messages are handled as they come. Such early cancels are remembered (the
// newest EARLY_CANCELS ids), so the request is aborted the moment it starts instead of running on.
const EARLY_CANCELS = 256;

export class RequestRegistry {
  private readonly running = new Map<string, AbortController>();
  private readonly cancelledEarly = new Set<string>();

  /** Runs `work` with a signal that `cancel(id)` aborts (already aborted if the cancel came first). */
  async run<T>(id: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    this.running.get(id)?.abort();
    this.running.set(id, controller);
    if (this.cancelledEarly.delete(id)) controller.abort();
    try {
      return await work(controller.signal);
    } finally {
      if (this.running.get(id) === controller) this.running.delete(id);
    }
  }

  /** Aborts the request with this id; true if it was running. */
  cancel(id: string): boolean {
    const controller = this.running.get(id);
    if (controller) {
      controller.abort();
      return true;
    }
    this.cancelledEarly.add(id);
    if (this.cancelledEarly.size > EARLY_CANCELS) {
      const oldest = this.cancelledEarly.values().next().value as string;
      this.cancelledEarly.delete(oldest);
    }
    return false;
  }

  get size(): number {
    return this.running.size;
  }
}
