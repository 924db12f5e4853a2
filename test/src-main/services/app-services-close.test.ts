// Quitting loses nothing: the last RPC call is in the history file and a running export leaves no
// partial file behind once close() resolves.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../src-main/services/app-services.ts';

let services: AppServices | undefined;
afterEach(async () => {
  await services?.close();
  services = undefined;
});

it('close() waits for the last history write and removes a cancelled export', async () => {
  const userDataDir = await mkdtemp(join(tmpdir(), 'close-'));
  const exportDir = await mkdtemp(join(tmpdir(), 'close-export-'));
  services = await startAppServices({
    userDataDir,
    version: 'test',
    transport: 'web',
    keychain: { keytar: async () => Promise.reject(new Error('no keychain in this test')) },
    sandbox: { transfers: 200_000 },
    host: { chooseSavePath: async (name) => join(exportDir, name) },
  });
  const sandbox = services.sandbox;
  if (!sandbox) throw new Error('no sandbox');
  const call = await services.dispatch('rpc:call', [
    {
      requestId: 'last-call',
      profileId: 'sandbox',
      chain: 'ethereum',
      nodeType: 'full',
      body: { jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] },
    },
  ]);
  expect(call.ok).toBe(true);
  const started = await services.dispatch('export:start', [
    {
      profileId: 'sandbox',
      format: 'csv',
      filters: {
        party: sandbox.describe().parties[0],
        asset: { kind: 'all' },
        effectiveAfter: null,
        effectiveBefore: null,
        orderDesc: true,
        pageSize: 1000,
        nodeId: null,
      },
    },
  ]);
  if (!started.ok || !started.value) throw new Error(`export did not start: ${JSON.stringify(started)}`);
  expect((started.value as { state: string }).state).toBe('running');

  await services.close();
  services = undefined;

  expect(await readFile(join(userDataDir, 'rpc-history.json'), 'utf8')).toContain('eth_chainId');
  expect(await readdir(exportDir)).toEqual([]);
});
