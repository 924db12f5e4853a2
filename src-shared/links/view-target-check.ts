// What the contract's schema leaves to the places that use a view (main's recording, the link
// parser; neither in main's start-up bundle): an RPC request's method and JSON text.
import type { ViewTarget } from '../contract/views.ts';

export const MAX_RECENT_VIEWS = 50;

/** The first problem with the target's RPC request (field and message), or null. */
export function viewTargetProblem(target: ViewTarget): { field: string; message: string } | null {
  if (target.kind !== 'rpc') return null;
  const { method, params, batch } = target;
  if (batch !== undefined && (method !== undefined || params !== undefined)) {
    return { field: 'batch', message: 'a link carries a batch or a method with params, not both' };
  }
  if (params !== undefined && method === undefined) return { field: 'params', message: 'params need a method' };
  if (method !== undefined && !/^[\x21-\x7e]{1,200}$/.test(method)) {
    return { field: 'method', message: 'method is 1-200 printable ASCII characters without spaces' };
  }
  if (params !== undefined && !isJson(params, false)) {
    return { field: 'params', message: 'params must be a JSON array or object' };
  }
  if (batch !== undefined && !isJson(batch, true))
    return { field: 'batch', message: 'batch must be a JSON array of calls' };
  return null;
}

function isJson(text: string, arrayOnly: boolean): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) || (!arrayOnly && value !== null && typeof value === 'object');
  } catch {
    return false;
  }
}
