// Environments and collections through dispatch (as the renderer reaches them), on real services:
// settings, history and workspace files in a temp folder, the real keytar, the in-process sandbox.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import { RPC_WORKSPACE_FILE } from '../../../../src-main/services/rpc/rpc-workspace-store.ts';
import type {
  CollectionExport,
  CollectionImportResult,
  CollectionsView,
  EnvironmentsView,
} from '../../../../src-shared/contract/rpc-workspace.ts';

let services: AppServices;
let userDataDir: string;
let profileId: string;
/** One keychain for the test, so the restart below finds the secrets again. */
const keychain = { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` };
const SECRETS = {
  apiKey: `key-${randomBytes(12).toString('hex')}`,
  ledgerJwt: `eyJhbGciOiJIUzI1NiJ9.${randomBytes(16).toString('hex')}.sig`,
  partnerToken: `bearer-${randomBytes(12).toString('hex')}`,
};

async function ok<T>(channel: string, ...args: unknown[]): Promise<T> {
  const answer = await services.dispatch(channel, args);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}
async function refused(channel: string, ...args: unknown[]): Promise<string> {
  const answer = await services.dispatch(channel, args);
  if (answer.ok) throw new Error(`${channel} was accepted`);
  return answer.error.message;
}
const body = (method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id: 1, method, params });

async function start(dir: string): Promise<AppServices> {
  return startAppServices({
    userDataDir: dir,
    version: 'test',
    transport: 'web',
    keychain,
    sandbox: false,
    host: { chooseSavePath: async () => null },
  });
}

beforeAll(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'rpc-workspace-'));
  // An old install: saved requests in rpc-history.json, no workspace file yet.
  await writeFile(
    join(userDataDir, 'rpc-history.json'),
    JSON.stringify({
      version: 1,
      history: [],
      saved: [
        {
          id: 'a'.repeat(16),
          name: 'block',
          chain: 'eth',
          nodeType: 'full',
          body: body('eth_blockNumber'),
          savedAt: '2025-01-01T00:00:00.000Z',
        },
        {
          id: 'b'.repeat(16),
          name: 'pair',
          chain: 'eth',
          nodeType: 'archive',
          body: [body('eth_chainId'), body('net_version')],
          savedAt: '2025-01-01T00:00:00.000Z',
        },
      ],
    }),
  );
  services = await start(userDataDir);
  const { profile } = await ok<{ profile: { id: string } }>('settings:saveProfile', {
    name: 'Staging',
    baseUrl: 'https://ledger.example.com',
    translateUrl: 'https://translate.example.com',
    partnerUrl: 'https://partner.example.com',
    rpcUrl: 'https://rpc.example.com',
    defaultNodeId: null,
    chainAuth: 'apiKey',
    rpcKeyPlacement: 'header',
    rpcSeparator: '_',
    ledgerAuthPlacement: 'header',
  });
  profileId = profile.id;
  for (const [kind, value] of Object.entries(SECRETS)) await ok('secrets:set', profileId, kind, value);
});
afterAll(() => services.close());

describe('collections', () => {
  it('turns the old saved requests into the collection "Saved requests", leaving the old file as it was', async () => {
    const before = await readFile(join(userDataDir, 'rpc-history.json'), 'utf8');
    const { collections } = await ok<CollectionsView>('workspace:collections');
    expect(collections.map((c) => c.name)).toEqual(['Saved requests']);
    expect(
      collections[0].requests.map(({ name, chain, nodeType, method, text }) => ({
        name,
        chain,
        nodeType,
        method,
        text,
      })),
    ).toEqual([
      { name: 'block', chain: 'eth', nodeType: 'full', method: 'eth_blockNumber', text: '[]' },
      {
        name: 'pair',
        chain: 'eth',
        nodeType: 'archive',
        method: null,
        text: '[\n  {"method":"eth_chainId","params":[]},\n  {"method":"net_version","params":[]}\n]',
      },
    ]);
    expect(await readFile(join(userDataDir, 'rpc-history.json'), 'utf8')).toBe(before);
  });

  it('renames, duplicates, reorders and deletes, and keeps it all after a restart', async () => {
    let { collections } = await ok<CollectionsView>('workspace:editCollection', { op: 'create', name: 'Tokens' });
    const tokens = collections.find((c) => c.name === 'Tokens');
    if (!tokens) throw new Error('no collection');
    const add = (name: string, text: string) =>
      ok<CollectionsView>('workspace:editCollection', {
        op: 'addRequest',
        collectionId: tokens.id,
        request: { name, chain: '{{chain}}', nodeType: 'full', method: 'eth_getBalance', text },
      });
    await add('first', '["{{holder}}", {{block}}]');
    ({ collections } = await add('second', '["0x0000000000000000000000000000000000000001", "latest"]'));
    const [first, second] = collections.find((c) => c.id === tokens.id)?.requests ?? [];
    await ok('workspace:editCollection', { op: 'moveRequest', collectionId: tokens.id, requestId: second.id, by: -1 });
    await ok('workspace:editCollection', { op: 'duplicateRequest', collectionId: tokens.id, requestId: first.id });
    await ok('workspace:editCollection', {
      op: 'renameRequest',
      collectionId: tokens.id,
      requestId: first.id,
      name: 'balance',
    });
    ({ collections } = await ok<CollectionsView>('workspace:editCollection', {
      op: 'rename',
      collectionId: tokens.id,
      name: 'ERC-20',
    }));
    const names = () => collections.find((c) => c.id === tokens.id)?.requests.map((r) => r.name);
    expect(names()).toEqual(['second', 'balance', 'first (copy)']);
    expect(await refused('workspace:editCollection', { op: 'create', name: 'erc-20' })).toMatch(/exists already/);

    await services.close();
    services = await start(userDataDir);
    ({ collections } = await ok<CollectionsView>('workspace:collections'));
    expect(collections.find((c) => c.id === tokens.id)?.name).toBe('ERC-20');
    expect(names()).toEqual(['second', 'balance', 'first (copy)']);
    expect(collections.find((c) => c.id === tokens.id)?.requests[1].text).toBe('["{{holder}}", {{block}}]');
    ({ collections } = await ok<CollectionsView>('workspace:editCollection', {
      op: 'delete',
      collectionId: tokens.id,
    }));
    expect(collections.map((c) => c.name)).toEqual(['Saved requests']);
  });

  it('round-trips a collection through its own JSON export and import', async () => {
    const { collections } = await ok<CollectionsView>('workspace:collections');
    const exported = await ok<CollectionExport>('workspace:exportCollection', { collectionId: collections[0].id });
    expect(JSON.parse(exported.text)).toMatchObject({
      format: 'ledger-explorer/rpc-collection',
      version: 1,
      name: 'Saved requests',
    });
    const imported = await ok<CollectionImportResult>('workspace:importCollection', {
      fileName: exported.fileName,
      text: exported.text,
    });
    expect(imported.message).toBe('Imported 2 requests into "Saved requests (2)".');
    const copy = imported.view.collections.find((c) => c.id === imported.collectionId);
    const strip = (c: typeof copy) =>
      c?.requests.map(({ name, chain, nodeType, method, text }) => ({ name, chain, nodeType, method, text }));
    expect(strip(copy)).toEqual(strip(collections[0]));
  });

  it('imports the JSON-RPC requests of a Postman v2.1 collection, flattening folders and keeping {{variables}}', async () => {
    const text = await readFile(join(__dirname, '../../../fixtures/postman-jsonrpc.postman_collection.json'), 'utf8');
    const result = await ok<CollectionImportResult>('workspace:importCollection', {
      fileName: 'evm.postman_collection.json',
      text,
    });
    expect(result.message).toBe(
      'Imported 3 requests into "EVM JSON-RPC"; 4 Postman items skipped: 3 not JSON-RPC calls, 1 with params by name.' +
        ' Skipped "Basics / Balance by name": its params are by name (an object), and node access takes them as an array (spec 2.7); rewrite it with params in order.' +
        ' They use {{chain}}, {{holder}}, {{block}}: give them values in an environment before running them.',
    );
    const requests = result.view.collections.find((c) => c.id === result.collectionId)?.requests ?? [];
    expect(
      requests.map(({ name, chain, nodeType, method, text }) => ({ name, chain, nodeType, method, text })),
    ).toEqual([
      {
        name: 'Basics / eth_blockNumber',
        chain: 'eth_mainnet',
        nodeType: 'full',
        method: 'eth_blockNumber',
        text: '[]',
      },
      {
        name: 'Basics / Balance of holder',
        chain: '{{chain}}',
        nodeType: 'archive',
        method: 'eth_getBalance',
        text: '["{{holder}}",{{block}}]',
      },
      {
        name: 'Chain and block (batch)',
        chain: 'eth_mainnet',
        nodeType: 'full',
        method: null,
        text: '[\n  {"id":1,"method":"eth_chainId","params":[]},\n  {"id":2,"method":"eth_blockNumber","params":[]}\n]',
      },
    ]);
  });

  it('counts every skipped item once, by reason (1 by name + 1 not JSON-RPC was "1 Postman items skipped")', async () => {
    const post = (name: string, raw: unknown) => ({
      name,
      request: {
        method: 'POST',
        url: 'https://rpc.example.com/eth_mainnet_full',
        body: { mode: 'raw', raw: JSON.stringify(raw) },
      },
    });
    const postman = (name: string, item: unknown[]) =>
      JSON.stringify({
        info: { name, schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
        item,
      });
    const two = await ok<CollectionImportResult>('workspace:importCollection', {
      fileName: 'two.json',
      text: postman('Two skipped', [
        post('block', body('eth_blockNumber')),
        post('by name', { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: { address: '0x1' } }),
        { name: 'health', request: { method: 'GET', url: 'https://rpc.example.com/health' } },
      ]),
    });
    expect(two.message).toBe(
      'Imported 1 request into "Two skipped"; 2 Postman items skipped: 1 not a JSON-RPC call, 1 with params by name.' +
        ' Skipped "by name": its params are by name (an object), and node access takes them as an array (spec 2.7); rewrite it with params in order.',
    );
    const many = await ok<CollectionImportResult>('workspace:importCollection', {
      fileName: 'many.json',
      text: postman(
        'Over the limit',
        Array.from({ length: 203 }, (_, i) => post(`call ${i}`, body('eth_blockNumber'))),
      ),
    });
    expect(many.message).toBe(
      'Imported 200 requests into "Over the limit"; 3 Postman items skipped: 3 over the limit of 200 requests a collection.',
    );
    const one = await ok<CollectionImportResult>('workspace:importCollection', {
      fileName: 'one.json',
      text: postman('One skipped', [
        post('block', body('eth_blockNumber')),
        { name: 'health', request: { method: 'GET', url: 'https://rpc.example.com/health' } },
      ]),
    });
    expect(one.message).toBe('Imported 1 request into "One skipped"; 1 Postman item skipped: 1 not a JSON-RPC call.');
    for (const name of ['Two skipped', 'Over the limit', 'One skipped']) {
      const { collections } = await ok<CollectionsView>('workspace:collections');
      const id = collections.find((c) => c.name === name)?.id;
      await ok('workspace:editCollection', { op: 'delete', collectionId: id });
    }
  });

  it('refuses a file that is neither format, and one with no JSON-RPC request, saying why', async () => {
    expect(await refused('workspace:importCollection', { fileName: 'x.json', text: '{"hello": 1}' })).toMatch(
      /neither a collection exported by this app .* nor a Postman collection v2\.1/,
    );
    expect(await refused('workspace:importCollection', { fileName: 'x.json', text: 'not json' })).toMatch(
      /not valid JSON/,
    );
    const empty = JSON.stringify({
      info: { name: 'REST', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [{ name: 'get', request: { method: 'GET', url: 'x' } }],
    });
    expect(await refused('workspace:importCollection', { fileName: 'rest.json', text: empty })).toBe(
      'rest.json has no JSON-RPC request to import (1 Postman item skipped: 1 not a JSON-RPC call).',
    );
  });
  it('refuses a Postman file nesting folders past 32 levels, with a message instead of a crash', async () => {
    // Written as text: JSON.stringify itself cannot nest 20,000 levels.
    const nested = (depth: number) => {
      const call = JSON.stringify({
        name: 'deep call',
        request: {
          method: 'POST',
          url: 'https://rpc.example.com/eth_mainnet_full',
          body: { mode: 'raw', raw: JSON.stringify(body('eth_blockNumber')) },
        },
      });
      const info = JSON.stringify({
        name: `Deep ${depth}`,
        schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
      });
      return `{"info":${info},"item":${'[{"name":"f","item":'.repeat(depth)}[${call}]${'}]'.repeat(depth)}}`;
    };
    expect(await refused('workspace:importCollection', { fileName: 'deep.json', text: nested(20_000) })).toBe(
      'deep.json nests folders more than 32 deep; flatten it in Postman and export it again.',
    );
    expect(await refused('workspace:importCollection', { fileName: 'deep.json', text: nested(33) })).toMatch(
      /more than 32 deep/,
    );
    const result = await ok<CollectionImportResult>('workspace:importCollection', {
      fileName: 'deep.json',
      text: nested(32),
    });
    expect(result.message).toBe('Imported 1 request into "Deep 32".');
  });
});

describe('environments', () => {
  it('saves variables bound to profiles and refuses a value that is a saved secret', async () => {
    const saved = await ok<EnvironmentsView>('workspace:saveEnvironment', {
      id: null,
      name: 'staging',
      profileIds: [profileId],
      variables: [
        { name: 'holder', value: '0x0000000000000000000000000000000000000001' },
        { name: 'block', value: 'latest' },
      ],
    });
    expect(saved.environments.map((e) => e.name)).toEqual(['staging']);
    const message = await refused('workspace:saveEnvironment', {
      id: null,
      name: 'leaky',
      profileIds: [],
      variables: [{ name: 'token', value: `Bearer ${SECRETS.partnerToken}` }],
    });
    expect(message).toMatch(/Variable "token" holds the bearer token of "Staging"\. Variables are not secrets/);
    expect(message).not.toContain(SECRETS.partnerToken);
    expect(
      await refused('workspace:saveEnvironment', {
        id: null,
        name: 'x',
        profileIds: [],
        variables: [{ name: 'a b', value: '' }],
      }),
    ).toMatch(/a variable name is 1-64 letters/);
  });

  it('never writes or exports a secret: every secret saved, then requests and an environment holding them', async () => {
    const { collections } = await ok<CollectionsView>('workspace:editCollection', { op: 'create', name: 'Leaky' });
    const leaky = collections.find((c) => c.name === 'Leaky');
    if (!leaky) throw new Error('no collection');
    for (const [kind, secret] of Object.entries(SECRETS)) {
      await ok('workspace:editCollection', {
        op: 'addRequest',
        collectionId: leaky.id,
        request: {
          name: `with ${kind}`,
          chain: 'eth',
          nodeType: 'full',
          method: 'eth_call',
          text: JSON.stringify([{ data: secret }, 'latest']),
        },
      });
      await refused('workspace:saveEnvironment', {
        id: null,
        name: kind,
        profileIds: [],
        variables: [{ name: 'k', value: secret }],
      });
    }
    const exported = await ok<CollectionExport>('workspace:exportCollection', { collectionId: leaky.id });
    expect(exported.text).toContain('$LEDGER_API_KEY');
    const files = [exported.text];
    for (const name of await readdir(userDataDir)) {
      if (name.startsWith('rpc-')) files.push(await readFile(join(userDataDir, name), 'utf8'));
    }
    for (const secret of Object.values(SECRETS)) {
      for (const file of files) expect(file.includes(secret)).toBe(false);
    }
    expect((await readdir(userDataDir)).includes(RPC_WORKSPACE_FILE)).toBe(true);
  });
});
