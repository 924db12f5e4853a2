// Variations for the browser tests (src-sandbox/variations.ts): armed on the running sandbox
// through its control endpoint, which a sandbox started with faults serves next to the fault one,
// so the app's own clients meet another legal form of the answers. Reading only; faults stay in
// faults-support.ts. Rules: docs/service-decisions.md, "Reading the answers".
import type { Interface } from '../../src-sandbox/faults.ts';
import {
  type ArmedVariation,
  VARIATIONS_PATH,
  type Variation,
  type VariedRequest,
} from '../../src-sandbox/variations.ts';
import { expect, type WebApp } from '../support/web-app.ts';

function controlUrl(app: WebApp): string {
  const faults = app.sandbox.faultsUrl;
  if (!faults) throw new Error('the sandbox was started without faults: use appOptions { faults: true }');
  return new URL(VARIATIONS_PATH, faults).toString();
}

/** Arms variations on one interface: for `times` requests, or until disarmed; `match` limits them to paths containing it. */
export async function armVariation(
  app: WebApp,
  where: Interface,
  variations: Variation[],
  options: { times?: number; match?: string } = {},
): Promise<ArmedVariation> {
  const response = await fetch(controlUrl(app), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ interface: where, variation: variations.join(','), ...options }),
  });
  const body = (await response.json()) as { armed: ArmedVariation; error?: string };
  expect(response.status, body.error).toBe(201);
  return body.armed;
}

/** Every request a variation has met so far, oldest first (paths only, never queries). */
export async function variedRequests(app: WebApp): Promise<VariedRequest[]> {
  const response = await fetch(controlUrl(app));
  return ((await response.json()) as { requests: VariedRequest[] }).requests;
}
