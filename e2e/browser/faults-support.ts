// Faults for the browser tests: armed on the running sandbox through its control endpoint
// (`app.sandbox.faultsUrl`, only when the app was started with `faults: true`), so the app's own
// HTTP clients meet them exactly as they would meet a broken deployment. See docs/faults.md.
import type { ArmedFault, CaughtRequest, FaultedRequest, Interface } from '../../src-sandbox/faults.ts';
import { expect, type WebApp } from '../support/web-app.ts';

/** The fault matrix: rows (faults) and columns (screens), in the order the reporter prints them. */
export const MATRIX_FAULTS = [
  { fault: 'latency=60000', label: 'latency beyond the timeout' },
  { fault: 'status=500', label: 'status=500' },
  { fault: 'status=503', label: 'status=503' },
  { fault: 'reset', label: 'reset' },
  { fault: 'truncate', label: 'truncate' },
  { fault: 'html502', label: 'html502' },
  // Hostile and broken services (issue 17).
  { fault: 'huge', label: 'huge (200 MB, Content-Length)' },
  { fault: 'huge-chunked', label: 'huge-chunked (200 MB, chunked)' },
  { fault: 'deep', label: 'deep (JSON 100,000 deep)' },
  { fault: 'drip', label: 'drip (1 byte/s)' },
  { fault: 'badutf8', label: 'badutf8' },
  { fault: 'html200', label: 'html200 (proxy sign-in page)' },
  { fault: 'liar', label: 'liar (Content-Length too small)' },
  { fault: 'redirect', label: 'redirect to another host' },
  { fault: 'status=429', label: 'status=429 (Retry-After: 2)' },
  // Not a sandbox fault: the cell uses a profile whose address is the sandbox's HTTPS listener.
  { fault: 'tls', label: 'TLS self-signed certificate' },
] as const;
export const MATRIX_SCREENS = [
  { screen: 'Transfers', interface: 'ledger' },
  { screen: 'Chains', interface: 'chains' },
  { screen: 'RPC console', interface: 'rpc' },
] as const;
/** The describe block whose tests are the matrix cells, titled `<screen> × <fault label>`. */
export const MATRIX_TITLE = 'fault matrix';

function controlUrl(app: WebApp): string {
  const url = app.sandbox.faultsUrl;
  if (!url) throw new Error('the sandbox was started without faults: use appOptions { faults: true }');
  return url;
}

/** Arms a fault on one interface: for `times` requests, or until disarmed; `match` limits it to paths containing it. */
export async function armFault(
  app: WebApp,
  where: Interface,
  fault: string,
  options: { times?: number; match?: string } = {},
): Promise<ArmedFault> {
  const response = await fetch(controlUrl(app), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ interface: where, fault, ...options }),
  });
  const body = (await response.json()) as { armed: ArmedFault; error?: string };
  expect(response.status, body.error).toBe(201);
  return body.armed;
}

/** Disarms every fault (the service is healthy again). */
export async function clearFaults(app: WebApp): Promise<void> {
  const response = await fetch(controlUrl(app), { method: 'DELETE' });
  expect(response.status).toBe(200);
}

/** Every request a fault has met so far, oldest first (paths only, never queries). */
export async function faultedRequests(app: WebApp): Promise<FaultedRequest[]> {
  const response = await fetch(controlUrl(app));
  return ((await response.json()) as { requests: FaultedRequest[] }).requests;
}

/** Every request that reached the redirect fault's other host (the catcher), oldest first. */
export async function caughtRequests(app: WebApp): Promise<CaughtRequest[]> {
  const response = await fetch(controlUrl(app));
  return ((await response.json()) as { catcher: { requests: CaughtRequest[] } }).catcher.requests;
}
