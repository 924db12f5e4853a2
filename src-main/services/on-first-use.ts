// A service main loads with import() the first time a channel needs it, so its code is neither
// parsed at start-up nor counted in main's start-up bundle (the same reason the local ledger and the
// ABI library are hosts). A failed load is not kept: the next use tries again.
export interface OnFirstUse<T> {
  get(): Promise<T>;
  /** The service if it was loaded, else null (for closing without loading it). */
  loaded(): Promise<T | null>;
}

export function onFirstUse<T>(load: () => Promise<T>): OnFirstUse<T> {
  let loading: Promise<T> | null = null;
  return {
    get() {
      loading ??= load().catch((error: unknown) => {
        loading = null;
        throw error;
      });
      return loading;
    },
    async loaded() {
      return loading ? loading.catch(() => null) : null;
    },
  };
}
