import type { Page } from '@playwright/test';

/**
 * Everything the renderer can see, as one string: the DOM (with live input values), window globals
 * (walked a few levels deep), localStorage, sessionStorage, every IndexedDB database and cookies.
 */
export async function rendererVisibleText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [document.documentElement.outerHTML];
    for (const el of document.querySelectorAll('input, textarea, select')) {
      parts.push((el as HTMLInputElement).value);
    }
    const seen = new WeakSet<object>();
    const walk = (value: unknown, depth: number) => {
      if (typeof value === 'string') parts.push(value);
      if (depth === 0 || value === null || (typeof value !== 'object' && typeof value !== 'function')) return;
      if (seen.has(value as object) || value instanceof Node) return;
      seen.add(value as object);
      let keys: string[] = [];
      try {
        keys = Object.getOwnPropertyNames(value);
      } catch {
        return;
      }
      for (const key of keys) {
        try {
          walk((value as Record<string, unknown>)[key], depth - 1);
        } catch {
          // getters that throw: nothing to read
        }
      }
    };
    for (const key of Object.getOwnPropertyNames(window)) {
      try {
        walk((window as unknown as Record<string, unknown>)[key], 4);
      } catch {
        // inaccessible
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
