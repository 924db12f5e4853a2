import type { Page } from '@playwright/test';

/**
 * Everything the renderer can reach, as one string: the DOM (with live input values), every object
 * reachable from window globals AND from React's internals on DOM nodes (component state, props,
 * the TanStack Query and mutation caches), localStorage, sessionStorage, IndexedDB and cookies.
 */
export async function rendererVisibleText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [document.documentElement.outerHTML];
    const roots: unknown[] = [];
    for (const el of document.querySelectorAll('*')) {
      if ('value' in el) parts.push(String((el as HTMLInputElement).value));
      // React keeps fibers (state, props, hooks) on expando properties of DOM nodes.
      for (const key of Object.keys(el))
        if (key.startsWith('__react')) roots.push((el as unknown as Record<string, unknown>)[key]);
    }
    for (const key of Object.getOwnPropertyNames(window)) {
      try {
        roots.push((window as unknown as Record<string, unknown>)[key]);
      } catch {
        // inaccessible global
      }
    }
    // Breadth-first over the object graph, each object once, with a generous budget.
    const seen = new WeakSet<object>();
    const queue = roots;
    let budget = 2_000_000;
    for (let i = 0; i < queue.length && budget > 0; i++, budget--) {
      const value = queue[i];
      if (typeof value === 'string') {
        parts.push(value);
        continue;
      }
      if (value === null || (typeof value !== 'object' && typeof value !== 'function')) continue;
      if (seen.has(value as object) || value instanceof Node) continue;
      seen.add(value as object);
      let keys: Array<string | symbol> = [];
      try {
        keys = Reflect.ownKeys(value as object);
      } catch {
        continue;
      }
      if (value instanceof Map || value instanceof Set) for (const entry of value) queue.push(entry);
      for (const key of keys) {
        try {
          const found = (value as Record<string | symbol, unknown>)[key];
          // A promise-valued getter read off its prototype (ServiceWorkerContainer.prototype.ready)
          // answers a rejected promise: handled here, or the page reports an uncaught rejection.
          if (found instanceof Promise) found.catch(() => undefined);
          queue.push(found);
        } catch {
          // a getter that throws
        }
      }
    }
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i) as string;
        parts.push(key, storage.getItem(key) ?? '');
      }
    }
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name as string);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of db.objectStoreNames) {
        const all = await new Promise<unknown[]>((resolve) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
        });
        parts.push(JSON.stringify(all));
      }
      db.close();
    }
    parts.push(document.cookie);
    return parts.join('\n');
  });
}
