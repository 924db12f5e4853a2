// An export started while the service is still starting (503 with the start-up body), or limited (429),
// waits as the service asks instead of failing at once.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../../src-main/services/app-services.ts';

let services: AppServices | undefined;
afterAll(() => services?.close());

it('waits out the start-up 503, then exports every leg', async () => {
  const exportDir = await mkdtemp(join(tmpdir(), 'export-starting-'));
  services = await startAppServices({
    userDataDir: await mkdtemp(join(tmpdir(), 'export-starting-data-')),
    version: 'test',
    transport: 'web',
    keychain: { keytar: async () => Promise.reject(new Error('no keychain in this test')) },
    sandbox: { transfers: 2_000, startupSeconds: 2, evm: false },
    host: { chooseSavePath: async (name) => join(exportDir, name) },
  });
  const party = services.sandbox?.describe().parties[0] as string;
  const filters = {
    party,
    asset: { kind: 'all' },
    effectiveAfter: null,
    effectiveBefore: null,
    orderDesc: true,
    pageSize: 25,
    nodeId: null,
  };
  // The service is starting: a page now is the start-up 503...
  const page = await services.dispatch('transfers:page', [
    { requestId: 'while-starting-1', profileId: 'sandbox', filters, next: null },
  ]);
  expect(page).toMatchObject({ ok: false, error: { code: 'service_starting' } });
  // ...and an export started now waits for it, then writes everything.
  const started = await services.dispatch('export:start', [{ profileId: 'sandbox', filters, format: 'csv' }]);
  const { jobId } = (started as { ok: true; value: { jobId: string } }).value;
  const done = await services.exports.finished(jobId);
  expect(done.state).toBe('done');
  expect(done.legs).toBeGreaterThan(0);
}, 30_000);

it('waits out a 429 (its Retry-After) instead of failing the export, and writes every leg', async () => {
  const exportDir = await mkdtemp(join(tmpdir(), 'export-429-'));
  const limited = await startAppServices({
    userDataDir: await mkdtemp(join(tmpdir(), 'export-429-data-')),
    version: 'test',
    transport: 'web',
    keychain: { keytar: async () => Promise.reject(new Error('no keychain in this test')) },
    sandbox: { transfers: 2_000, evm: false, faults: true },
    host: { chooseSavePath: async (name) => join(exportDir, name) },
  });
  try {
    const net = limited.sandbox?.describe();
    const party = net?.parties[0] as string;
    const filters = {
      party,
      asset: { kind: 'all' },
      effectiveAfter: null,
      effectiveBefore: null,
      orderDesc: true,
      pageSize: 25,
      nodeId: null,
    };
    const exportOnce = async () => {
      const started = await limited.dispatch('export:start', [{ profileId: 'sandbox', filters, format: 'csv' }]);
      return limited.exports.finished((started as { ok: true; value: { jobId: string } }).value.jobId);
    };
    const plain = await exportOnce();
    // The next two ledger requests are told "429, Retry-After: 2".
    const armed = await fetch(net?.faultsUrl as string, {
      method: 'POST',
      body: JSON.stringify({ interface: 'ledger', fault: 'status=429', times: 2 }),
    });
    expect(armed.status).toBe(201);
    const limitedRun = await exportOnce();
    const log = (await (await fetch(net?.faultsUrl as string)).json()) as {
      requests: Array<{ fault: string; outcome: string }>;
    };
    expect(log.requests.filter((r) => r.fault === 'status=429' && r.outcome === 'answered')).toHaveLength(2);
    expect(limitedRun).toMatchObject({ state: 'done', legs: plain.legs, bytes: plain.bytes });
    expect(plain.legs).toBeGreaterThan(0);
  } finally {
    await limited.close();
  }
}, 30_000);
