// An export started while the service is still starting (503 with the start-up body) waits for it,
// as the Transfers screen does, instead of failing at once.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';

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
