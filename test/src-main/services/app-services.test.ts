// The whole handler table as the renderer reaches it (dispatch), on real services: settings in a
// temp folder, the real keytar, the in-process sandbox.
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../src-main/services/app-services.ts';

let services: AppServices;
let hanging: Server;
let hangingUrl: string;
let exportDir: string;
beforeAll(async () => {
  exportDir = await mkdtemp(join(tmpdir(), 'app-services-export-'));
  services = await startAppServices({
    userDataDir: await mkdtemp(join(tmpdir(), 'app-services-')),
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers: 3_000, evm: false },
    host: { chooseSavePath: async (name) => join(exportDir, name) },
  });
  // A service that accepts the request and never answers.
  hanging = createServer(() => {});
  await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
});
afterAll(async () => {
  hanging.closeAllConnections();
  await new Promise<void>((r) => hanging.close(() => r()));
  await services.close();
});

const filtersFor = (party: string) => ({
  party,
  asset: { kind: 'all' as const },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 50,
  nodeId: null,
});

describe('transfers through dispatch', () => {
  it('pages a party on the sandbox profile with its built-in JWT', async () => {
    const party = services.sandbox?.describe().parties[3] as string;
    const answer = await services.dispatch('transfers:page', [
      { requestId: 'req-00000001', profileId: 'sandbox', filters: filtersFor(party), next: null },
    ]);
    expect(answer).toMatchObject({ ok: true, value: { party, count: 50, hasNextPage: true } });
  });

  it('refuses filters the spec forbids before any call: half a pair, bad party, inverted range', async () => {
    const party = services.sandbox?.describe().parties[3] as string;
    const bad = [
      { ...filtersFor(party), asset: { kind: 'instrument', admin: party } },
      { ...filtersFor('alice') },
      { ...filtersFor(party), effectiveAfter: '2026-01-01T00:00:00Z', effectiveBefore: '2025-01-01T00:00:00Z' },
      { ...filtersFor(party), pageSize: 1001 },
    ];
    for (const filters of bad) {
      const answer = await services.dispatch('transfers:page', [
        { requestId: 'req-00000002', profileId: 'sandbox', filters, next: null },
      ]);
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    }
  });

  it('app:cancel aborts an abandoned request in main', async () => {
    const saved = await services.dispatch('settings:saveProfile', [
      {
        name: 'Hanging',
        baseUrl: hangingUrl,
        translateUrl: hangingUrl,
        partnerUrl: hangingUrl,
        rpcUrl: hangingUrl,
        defaultNodeId: null,
        chainAuth: 'apiKey',
        rpcKeyPlacement: 'header',
        rpcSeparator: '_',
        ledgerAuthPlacement: 'header',
      },
    ]);
    const profileId = (saved as { value: { profile: { id: string } } }).value.profile.id;
    await services.dispatch('secrets:set', [profileId, 'ledgerJwt', 'header.payload.signature']);
    const party = `alice::1220${'a'.repeat(64)}`;
    const pending = services.dispatch('transfers:page', [
      { requestId: 'req-hanging-1', profileId, filters: filtersFor(party), next: null },
    ]);
    while (services.context.requests.size === 0) await new Promise((r) => setImmediate(r));
    expect(await services.dispatch('app:cancel', ['req-hanging-1'])).toEqual({ ok: true, value: true });
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(services.context.requests.size).toBe(0);
  });

  it('tokenInfo of the sandbox profile describes its built-in token, without the token', async () => {
    const answer = await services.dispatch('transfers:tokenInfo', ['sandbox']);
    expect(answer).toMatchObject({ ok: true, value: { present: true, form: 'audience', expired: false } });
    expect(JSON.stringify(answer)).not.toContain(services.sandbox?.credentials.ledgerJwt);
  });

  it('knownParties offers the sandbox parties by name, and none for a remote profile', async () => {
    const sandbox = await services.dispatch('transfers:knownParties', ['sandbox']);
    expect(sandbox).toMatchObject({ ok: true, value: { source: 'sandbox' } });
    const { parties } = (sandbox as { value: { parties: Array<{ party: string; name: string }> } }).value;
    expect(parties.map((p) => p.party)).toEqual(services.sandbox?.describe().parties);
    expect(parties.length).toBe(60);
    expect(parties[0]).toEqual({ party: parties[0].party, name: parties[0].party.split('::')[0] });
    const remote = await services.dispatch('settings:saveProfile', [
      {
        name: 'Remote',
        baseUrl: 'https://ledger.example',
        translateUrl: 'https://translate.example',
        partnerUrl: 'https://partner.example',
        rpcUrl: 'https://rpc.example',
        defaultNodeId: null,
        chainAuth: 'apiKey',
        rpcKeyPlacement: 'header',
        rpcSeparator: '_',
        ledgerAuthPlacement: 'header',
      },
    ]);
    const id = (remote as { value: { profile: { id: string } } }).value.profile.id;
    expect(await services.dispatch('transfers:knownParties', [id])).toEqual({
      ok: true,
      value: { source: null, parties: [] },
    });
  });

  it('export:start streams to the chosen path and reports progress to the end', async () => {
    const party = services.sandbox?.describe().parties[0] as string;
    const started = await services.dispatch('export:start', [
      { profileId: 'sandbox', filters: filtersFor(party), format: 'csv' },
    ]);
    expect(started).toMatchObject({ ok: true, value: { state: 'running', format: 'csv' } });
    const { jobId, path } = (started as { value: { jobId: string; path: string } }).value;
    expect(path.startsWith(exportDir)).toBe(true);
    const done = await services.exports.finished(jobId);
    expect(done.state).toBe('done');
    expect(await services.dispatch('export:status', [jobId])).toMatchObject({
      ok: true,
      value: { state: 'done', legs: done.legs },
    });
  });
});
