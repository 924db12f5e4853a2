// transfers:compareNodes through dispatch (as the renderer reaches it) on the real services and the
// in-process sandbox: validator-1 serves everything, validator-2 lags two days, validator-3 is
// quarantined. Also a remote profile with no node of its own, the start-up 503, the cap and cancel.
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import { addressFree, compareNodes } from '../../../../src-main/services/ledger/node-compare.ts';
import type { NodeComparison } from '../../../../src-shared/contract/node-compare.ts';
import type { TransferFilters } from '../../../../src-shared/contract/transfers.ts';

const TWO_DAYS_MS = 2 * 86_400_000;
let services: AppServices;
let party: string;
let seq = 0;
const requestId = () => `nc-test-${++seq}-0000`;

const filtersFor = (over: Partial<TransferFilters> = {}): TransferFilters => ({
  party,
  asset: { kind: 'all' },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 25,
  nodeId: 'validator-3',
  ...over,
});

async function compare(on: AppServices, profileId: string, filters: TransferFilters, id = requestId()) {
  const answer = await on.dispatch('transfers:compareNodes', [{ requestId: id, profileId, filters }]);
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.value as NodeComparison;
}

const start = async (sandbox: Record<string, unknown>) =>
  startAppServices({
    userDataDir: await mkdtemp(join(tmpdir(), 'node-compare-')),
    version: 'test',
    transport: 'web',
    keychain: { keytar: async () => Promise.reject(new Error('no keychain in this test')) },
    sandbox: { transfers: 20_000, evm: false, ...sandbox },
    host: { chooseSavePath: async () => null },
  });

beforeAll(async () => {
  services = await start({});
  party = services.sandbox?.describe().parties[0] as string;
});
afterAll(() => services.close());

describe('node comparison on the sandbox', () => {
  it('shows each node state, its legs and newest time, and the legs the lagging node has not seen', async () => {
    const result = await compare(services, 'sandbox', filtersFor());
    const [v1, v2, v3] = result.nodes;
    expect(result.nodes.map((n) => [n.nodeId, n.state])).toEqual([
      ['validator-1', 'reachable'],
      ['validator-2', 'reachable'],
      ['validator-3', 'quarantined'],
    ]);
    expect(v3).toMatchObject({ legs: null, newestEffectiveAt: null });
    expect(v3.detail).toMatch(/failed its ledger-integrity check/);
    expect(result.filters.nodeId).toBeNull();

    const v1Newest = Date.parse(v1.newestEffectiveAt as string);
    const v2Newest = Date.parse(v2.newestEffectiveAt as string);
    expect(v1Newest).toBeGreaterThan(v2Newest);
    // Every leg validator-2 lacks is one of the last two days, present on validator-1: nothing else differs.
    const lacking = (v1.legs as number) - (v2.legs as number);
    expect(lacking).toBeGreaterThan(0);
    expect(result.differenceCount).toBe(lacking);
    expect(result.differences).toHaveLength(lacking);
    for (const d of result.differences) {
      expect(d).toMatchObject({ presentOn: ['validator-1'], missingOn: ['validator-2'] });
      // Newer than all validator-2 has, and within its two-day lag behind the ledger's head.
      expect(Date.parse(d.leg.effectiveAt as string)).toBeGreaterThan(Math.max(v2Newest, v1Newest - TWO_DAYS_MS));
    }
    const times = result.differences.map((d) => Date.parse(d.leg.effectiveAt as string));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  }, 60_000);

  it('finds nothing to tell apart where both nodes have seen the whole window', async () => {
    const before = new Date(Date.UTC(2026, 5, 1)).toISOString();
    const result = await compare(services, 'sandbox', filtersFor({ effectiveBefore: before, orderDesc: false }));
    expect(result.nodes[0].legs).toBe(result.nodes[1].legs);
    expect(result.differenceCount).toBe(0);
  }, 60_000);

  it('says when the cap cut a node short, and never counts what lies past the cut as missing', async () => {
    const result = await compareNodes(
      services.context,
      { requestId: requestId(), profileId: 'sandbox', filters: filtersFor() },
      { legCap: 5, differencesCap: 2 },
    );
    expect(result.legCap).toBe(5);
    expect(result.nodes.slice(0, 2).map((n) => [n.legs, n.truncated])).toEqual([
      [5, true],
      [5, true],
    ]);
    // validator-1's five newest legs end where the window both nodes read begins.
    expect(result.differences.length).toBeLessThanOrEqual(2);
    expect(result.differenceCount).toBeLessThan(5);
    for (const d of result.differences) expect(d.missingOn).toEqual(['validator-2']);
  }, 60_000);

  it('is cancelled by app:cancel with its request id', async () => {
    const id = requestId();
    const running = services.dispatch('transfers:compareNodes', [
      { requestId: id, profileId: 'sandbox', filters: filtersFor() },
    ]);
    await services.dispatch('app:cancel', [id]);
    expect(await running).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  }, 60_000);

  it('asks the deployment default when a remote profile knows no node of its own', async () => {
    const net = services.sandbox?.describe();
    if (!net) throw new Error('no sandbox');
    const saved = await services.dispatch('settings:saveProfile', [
      {
        name: 'Remote, no node',
        baseUrl: net.baseUrl,
        translateUrl: net.translateUrl,
        partnerUrl: net.partnerUrl,
        rpcUrl: net.rpcUrl,
        defaultNodeId: null,
        chainAuth: 'apiKey',
        rpcKeyPlacement: 'header',
        rpcSeparator: '_',
        ledgerAuthPlacement: 'header',
      },
    ]);
    const profileId = (saved as { ok: true; value: { profile: { id: string } } }).value.profile.id;
    await services.dispatch('secrets:set', [profileId, 'ledgerJwt', net.tokens.readAll]);
    const result = await compare(services, profileId, filtersFor());
    expect(result.nodes.map((n) => [n.nodeId, n.state])).toEqual([['(deployment default)', 'reachable']]);
    expect(result.differenceCount).toBe(0);
  }, 60_000);
});

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a remote profile of its own', () => {
  const saveRemote = async (name: string, baseUrl: string, defaultNodeId: string | null) => {
    const net = services.sandbox?.describe();
    if (!net) throw new Error('no sandbox');
    const saved = await services.dispatch('settings:saveProfile', [
      {
        name,
        baseUrl,
        translateUrl: net.translateUrl,
        partnerUrl: net.partnerUrl,
        rpcUrl: net.rpcUrl,
        defaultNodeId,
        chainAuth: 'apiKey',
        rpcKeyPlacement: 'header',
        rpcSeparator: '_',
        ledgerAuthPlacement: 'header',
      },
    ]);
    const profileId = (saved as { ok: true; value: { profile: { id: string } } }).value.profile.id;
    await services.dispatch('secrets:set', [profileId, 'ledgerJwt', net.tokens.readAll]);
    return profileId;
  };

  it('says a node at a closed port is unreachable without naming its address', async () => {
    const port = await closedPort();
    const profileId = await saveRemote('Remote, closed port', `http://127.0.0.1:${port}`, null);
    const result = await compare(services, profileId, filtersFor());
    const [node] = result.nodes;
    expect(node.state).toBe('unreachable');
    expect(node.detail).toMatch(/the service/);
    expect(node.detail).not.toContain(String(port));
    expect(node.detail).not.toMatch(/127\.0\.0\.1|http:/);
  }, 60_000);

  it("names the profile's default node, not the deployment default", async () => {
    const net = services.sandbox?.describe();
    const profileId = await saveRemote('Remote, validator-2', net?.baseUrl as string, 'validator-2');
    const result = await compare(services, profileId, filtersFor());
    expect(result.nodes.map((n) => [n.nodeId, n.state])).toEqual([['validator-2', 'reachable']]);
  }, 60_000);
});

it('tells a failure without any URL or host in it', () => {
  expect(addressFree('Ledger: no answer from https://ledger.example.com:8443/api/v1/transfers within 20 s')).toBe(
    'Ledger: no answer from the service within 20 s',
  );
  expect(addressFree('the certificate of ledger.example.com:443 is not trusted (expired: CERT_HAS_EXPIRED)')).toBe(
    'the certificate of the service is not trusted (expired: CERT_HAS_EXPIRED)',
  );
  expect(addressFree('could not reach [::1]:9 (ECONNREFUSED) or localhost:80')).toBe(
    'could not reach the service (ECONNREFUSED) or the service',
  );
  expect(addressFree('node failed its ledger-integrity check at offset 1.5')).toBe(
    'node failed its ledger-integrity check at offset 1.5',
  );
});

it('reports every node as starting while the service answers the start-up 503', async () => {
  const starting = await start({ transfers: 2_000, startupSeconds: 600 });
  try {
    party = starting.sandbox?.describe().parties[0] as string;
    const result = await compare(starting, 'sandbox', filtersFor());
    expect(result.nodes.map((n) => n.state)).toEqual(['starting', 'starting', 'starting']);
    for (const node of result.nodes) expect(node.detail).toMatch(/still starting \(phase \d+ of \d+/);
    expect(result.differenceCount).toBe(0);
  } finally {
    await starting.close();
  }
}, 60_000);
