// Which secrets the workspace checks and scrubs, through dispatch on real services: a keychain that
// cannot be read refuses the save (nothing unchecked is written), and the sandbox's built-in keys are
// scrubbed while its network runs but never start it. The keychain here is a stand-in keytar module,
// as in credential-store.test.ts: a real keyring cannot be made to fail on demand.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import { RPC_WORKSPACE_FILE } from '../../../../src-main/services/rpc/rpc-workspace-store.ts';
import type { CollectionExport, CollectionsView } from '../../../../src-shared/contract/rpc-workspace.ts';

async function ok<T>(services: AppServices, channel: string, ...args: unknown[]): Promise<T> {
  const answer = await services.dispatch(channel, args);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}

async function filesOf(dir: string): Promise<string> {
  const names = (await readdir(dir)).filter((name) => name.startsWith('rpc-'));
  return (await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')))).join('\n');
}

const request = (text: string) => ({ name: 'r', chain: 'eth', nodeType: 'full', method: 'eth_call', text });

describe('workspace secrets', () => {
  it('refuses to save when a secret cannot be read from the keychain, instead of saving unchecked', async () => {
    let broken = false;
    const saved = new Map<string, string>();
    const keytar = {
      findCredentials: async () => [],
      getPassword: async (_s: string, account: string) => {
        if (broken) throw new Error('org.freedesktop.Secret.Error.IsLocked');
        return saved.get(account) ?? null;
      },
      setPassword: async (_s: string, account: string, secret: string) => void saved.set(account, secret),
      deletePassword: async () => true,
    };
    const dir = await mkdtemp(join(tmpdir(), 'rpc-workspace-secrets-'));
    const services = await startAppServices({
      userDataDir: dir,
      version: 'test',
      transport: 'web',
      keychain: { service: 'ledger-explorer-test-locked', keytar: async () => keytar },
      sandbox: false,
      host: { chooseSavePath: async () => null },
    });
    try {
      const { collections } = await ok<CollectionsView>(services, 'workspace:editCollection', {
        op: 'create',
        name: 'C',
      });
      const { profile } = await ok<{ profile: { id: string } }>(services, 'settings:saveProfile', {
        name: 'Prod',
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
      // Saved by an earlier run; this session never read it, then the keyring locks.
      const key = 'prod-key-saved-earlier-0123456789';
      saved.set(`${profile.id}:apiKey`, key);
      broken = true;
      const answer = await services.dispatch('workspace:editCollection', [
        { op: 'addRequest', collectionId: collections[0].id, request: request(JSON.stringify([key])) },
      ]);
      expect(answer.ok).toBe(false);
      if (answer.ok) return;
      expect(answer.error.code).toBe('keychain');
      expect(answer.error.message).toMatch(/IsLocked.*nothing was saved or exported/);
      expect(await filesOf(dir)).not.toContain(key);
    } finally {
      await services.close();
    }
  });

  it("scrubs the sandbox's built-in key while its network runs, and never starts the network to do so", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rpc-workspace-sandbox-'));
    const start = () =>
      startAppServices({
        userDataDir: dir,
        version: 'test',
        transport: 'web',
        keychain: { keytar: async () => Promise.reject(new Error('no keychain in this test')) },
        sandbox: { transfers: 200, evm: false },
        host: { chooseSavePath: async () => null },
      });
    let services = await start();
    const builtIn = services.sandbox?.credentials.apiKey as string;
    expect(builtIn).toMatch(/^sbx_key_/);
    const { collections } = await ok<CollectionsView>(services, 'workspace:editCollection', {
      op: 'create',
      name: 'C',
    });
    const id = collections[0].id;
    await ok(services, 'workspace:editCollection', {
      op: 'addRequest',
      collectionId: id,
      request: request(JSON.stringify([builtIn])),
    });
    const exported = await ok<CollectionExport>(services, 'workspace:exportCollection', { collectionId: id });
    expect(exported.text).not.toContain(builtIn);
    expect(exported.text).toContain('$LEDGER_API_KEY');
    const { profile } = await ok<{ profile: { id: string } }>(services, 'settings:saveProfile', {
      name: 'Other',
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
    await ok(services, 'settings:setActiveProfile', profile.id);
    await services.close();

    // Next session on another profile: the sandbox is not running, and saving or exporting leaves it so.
    services = await start();
    try {
      expect(services.sandbox).toBeNull();
      await ok(services, 'workspace:editCollection', { op: 'addRequest', collectionId: id, request: request('[]') });
      await ok<CollectionExport>(services, 'workspace:exportCollection', { collectionId: id });
      expect(services.sandbox).toBeNull();
    } finally {
      await services.close();
    }
  });

  it('scrubs a key holding " and \\ in every escaped form, and refuses one nested deeper than the scrub replaces', async () => {
    const KEY = 'k"e\\y-0123456789abcdef';
    /** The key as written inside JSON strings `levels` deep. */
    const escaped = (levels: number) => {
      let form = KEY;
      for (let i = 0; i < levels; i++) form = JSON.stringify(form).slice(1, -1);
      return form;
    };
    const saved = new Map<string, string>();
    const keytar = {
      findCredentials: async () => [],
      getPassword: async (_s: string, account: string) => saved.get(account) ?? null,
      setPassword: async (_s: string, account: string, secret: string) => void saved.set(account, secret),
      deletePassword: async () => true,
    };
    const dir = await mkdtemp(join(tmpdir(), 'rpc-workspace-quoted-'));
    const start = () =>
      startAppServices({
        userDataDir: dir,
        version: 'test',
        transport: 'web',
        keychain: { service: 'ledger-explorer-test-quoted', keytar: async () => keytar },
        sandbox: false,
        host: { chooseSavePath: async () => null },
      });
    let services = await start();
    const { profile } = await ok<{ profile: { id: string } }>(services, 'settings:saveProfile', {
      name: 'Quoted',
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
    await ok(services, 'secrets:set', profile.id, 'apiKey', KEY);
    const { collections } = await ok<CollectionsView>(services, 'workspace:editCollection', {
      op: 'create',
      name: 'Q',
    });
    const id = collections[0].id;
    // The key as a JSON value in the params, and as JSON text inside one of them.
    for (const text of [JSON.stringify([{ data: KEY }]), JSON.stringify([JSON.stringify([KEY])])]) {
      await ok(services, 'workspace:editCollection', { op: 'addRequest', collectionId: id, request: request(text) });
    }
    const exported = await ok<CollectionExport>(services, 'workspace:exportCollection', { collectionId: id });
    expect(exported.text).toContain('$LEDGER_API_KEY');
    const files = `${exported.text}\n${await filesOf(dir)}`;
    for (let levels = 0; levels <= 5; levels++) expect(files.includes(escaped(levels))).toBe(false);
    // JSON text in a string in JSON text in the params: past what the scrub replaces, so refused.
    const deep = JSON.stringify([JSON.stringify([JSON.stringify([KEY])])]);
    const answer = await services.dispatch('workspace:editCollection', [
      { op: 'addRequest', collectionId: id, request: request(deep) },
    ]);
    expect(answer.ok ? null : answer.error.message).toBe(
      'This change would hold the API key of "Quoted" (nested too deep in escaped JSON to be replaced by $LEDGER_API_KEY), so it was refused. Remove that value from the request.',
    );
    await services.close();

    // A file written otherwise (an older version, by hand) holding it that deep: the export refuses.
    const file = JSON.parse(await readFile(join(dir, RPC_WORKSPACE_FILE), 'utf8'));
    file.collections[0].requests[0].text = deep;
    await writeFile(join(dir, RPC_WORKSPACE_FILE), JSON.stringify(file));
    services = await start();
    try {
      const refused = await services.dispatch('workspace:exportCollection', [{ collectionId: id }]);
      expect(refused.ok ? null : refused.error.message).toMatch(/^The export would hold the API key of "Quoted"/);
    } finally {
      await services.close();
    }
  });
});
