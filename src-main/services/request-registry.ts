// Requests the renderer may abandon: each carries a renderer-chosen id, and `app:cancel(id)` aborts
// it in main (a newer filter replaces an older one, so the older HTTP call should stop too).
export class RequestRegistry {
  private readonly running = new Map<string, AbortController>();

  /** Runs `work` with a signal that `cancel(id)` aborts. */
  async run<T>(id: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    this.running.get(id)?.abort();
    this.running.set(id, controller);
    try {
      return await work(controller.signal);
    } finally {
      if (this.running.get(id) === controller) this.running.delete(id);
    }
  }

  cancel(id: string): boolean {
    const controller = this.running.get(id);
    controller?.abort();
    return controller !== undefined;
  }

  get size(): number {
    return this.running.size;
  }
}
