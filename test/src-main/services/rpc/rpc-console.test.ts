// The rpc domain through dispatch (as the renderer reaches it), on real services: settings and
// history in a temp folder, the real keytar, the in-process sandbox with its real EVM nodes.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import { RPC_HISTORY_FILE } from '../../../../src-main/services/rpc/rpc-history-store.ts';
import type { RpcCallResult, RpcCurl, RpcHistoryView, SavedRequest } from '../../../../src-shared/contract/rpc.ts';

let services: AppServices;
let userDataDir: string;
let apiKey: string;
/** A remote profile on the sandbox's addresses with the key in the query and the "-" separator. */
let queryProfileId: string;

async function ok<T>(channel: string, ...args: unknown[]): Promise<T> {
  const answer = await services.dispatch(channel, args);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}

const call = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: '2.0', id, method, params });
const requestId = () => `rpc-${randomBytes(6).toString('hex')}`;
const historyFile = () => readFile(join(userDataDir, RPC_HISTORY_FILE), 'utf8');

beforeAll(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'rpc-handlers-'));
  services = await startAppServices({
    userDataDir,
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers: 100 },
    host: { chooseSavePath: async () => null },
  });
  const sandbox = services.sandbox?.describe();
  if (!sandbox) throw new Error('no sandbox');
  apiKey = sandbox.apiKey;
  const { profile } = await ok<{ profile: { id: string } }>('settings:saveProfile', {
    name: 'Query key',
    baseUrl: sandbox.baseUrl,
    translateUrl: sandbox.translateUrl,
    partnerUrl: sandbox.partnerUrl,
    rpcUrl: sandbox.rpcUrl,
    defaultNodeId: null,
    chainAuth: 'apiKey',
    rpcKeyPlacement: 'query',
    rpcSeparator: '-',
    ledgerAuthPlacement: 'header',
  });
  queryProfileId = profile.id;
  await ok('secrets:set', queryProfileId, 'apiKey', apiKey);
});
afterAll(() => services.close());

describe('rpc through dispatch', () => {
  it('tells the renderer where calls go and how the key travels, never the key', async () => {
    const endpoint = await ok('rpc:endpoint', queryProfileId);
    expect(endpoint).toEqual({
      rpcUrl: services.sandbox?.urls.rpcUrl,
      separator: '-',
      keyPlacement: 'query',
    });
  });

  it('calls the sandbox EVM with the built-in key and records the call in the history', async () => {
    const result = await ok<RpcCallResult>('rpc:call', {
      requestId: requestId(),
      profileId: 'sandbox',
      chain: 'ethereum',
      nodeType: 'archive',
      body: call('eth_chainId', [], 41),
    });
    expect(result).toMatchObject({ status: 200, outcome: 'result', errorCount: 0 });
    expect(JSON.parse(result.text)).toEqual({ jsonrpc: '2.0', id: 41, result: '0x7a69' });
    expect(result.entry).toMatchObject({
      label: 'eth_chainId',
      chain: 'ethereum',
      nodeType: 'archive',
      summary: 'result: "0x7a69"',
    });
    const history = await ok<RpcHistoryView>('rpc:history', { search: 'eth_chainId' });
    expect(history.entries[0].id).toBe(result.entry?.id);
  });

  it('sends the key in the query with "-" and keeps it out of the answer, the history file and errors', async () => {
    const result = await ok<RpcCallResult>('rpc:call', {
      requestId: requestId(),
      profileId: queryProfileId,
      chain: 'polygon',
      nodeType: 'full',
      body: [call('eth_chainId', [], 1), call('eth_blockNumber', [], 2)],
    });
    expect(result.address).toBe(`${services.sandbox?.urls.rpcUrl}/polygon-full`);
    expect(result).toMatchObject({ outcome: 'batch', errorCount: 0, entry: { label: 'batch (2 calls)' } });

    const failed = await services.dispatch('rpc:call', [
      {
        requestId: requestId(),
        profileId: queryProfileId,
        chain: 'solana',
        nodeType: 'full',
        body: call('eth_chainId'),
      },
    ]);
    expect(failed).toMatchObject({
      ok: false,
      error: {
        code: 'not_found',
        message: expect.stringMatching(/^RPC solana-full: HTTP 404 — unknown chain "solana"/),
      },
    });
    // The failure is in the history too, with its status and the server's words.
    const history = await ok<RpcHistoryView>('rpc:history', { search: 'solana' });
    expect(history.entries[0]).toMatchObject({ outcome: 'failed', status: 404, chain: 'solana' });

    await expect.poll(historyFile).toContain('solana');
    const file = await historyFile();
    expect(file).toContain('polygon');
    expect(file).not.toContain(apiKey);
    expect(JSON.stringify(failed)).not.toContain(apiKey);
    expect(JSON.stringify(result)).not.toContain(apiKey);
  });

  it('builds curl with the $LEDGER_API_KEY placeholder, and with the key only when asked', async () => {
    const request = { profileId: queryProfileId, chain: 'base', nodeType: 'archive', body: call('eth_chainId') };
    const placeholder = await ok<RpcCurl>('rpc:curl', { ...request, withKey: false });
    expect(placeholder).toEqual({
      includesKey: false,
      command: [
        `curl -sS -X POST "${services.sandbox?.urls.rpcUrl}/base-archive?apiKey=$LEDGER_API_KEY"`,
        `-H 'content-type: application/json'`,
        `--data-raw '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}'`,
      ].join(' \\\n  '),
    });
    const header = await ok<RpcCurl>('rpc:curl', { ...request, profileId: 'sandbox', withKey: false });
    expect(header.command).toContain(`'${services.sandbox?.urls.rpcUrl}/base_archive'`);
    expect(header.command).toContain(`-H "apiKey: $LEDGER_API_KEY"`);
    expect(header.command).not.toContain(apiKey);

    const withKey = await ok<RpcCurl>('rpc:curl', { ...request, withKey: true });
    expect(withKey.includesKey).toBe(true);
    expect(withKey.command).toContain(`/base-archive?apiKey=${apiKey}'`);
  });

  it('a body with a quote in it survives the shell quoting', async () => {
    const { command } = await ok<RpcCurl>('rpc:curl', {
      profileId: 'sandbox',
      chain: 'base',
      nodeType: 'full',
      body: call('eth_call', [{ data: "it's" }]),
      withKey: false,
    });
    expect(command).toContain(
      `--data-raw '{"jsonrpc":"2.0","id":1,"method":"eth_call","params":[{"data":"it'\\''s"}]}'`,
    );
  });

  it('saves, lists and deletes named requests, never with a key in them', async () => {
    const saved = await ok<SavedRequest[]>('rpc:saveRequest', {
      name: 'Balance with a pasted key',
      chain: 'ethereum',
      nodeType: 'archive',
      body: call('eth_getBalance', [apiKey, 'latest']),
    });
    expect(saved).toHaveLength(1);
    expect(saved[0].body).toEqual(call('eth_getBalance', ['$LEDGER_API_KEY', 'latest']));
    expect(await ok('rpc:savedRequests')).toEqual(saved);
    expect(await historyFile()).not.toContain(apiKey);
    expect(await ok('rpc:deleteSaved', saved[0].id)).toEqual([]);
  });

  it('refuses bad requests before anything is sent: params not an array, a 5 MB params text, a bad chain', async () => {
    const before = (await ok<RpcHistoryView>('rpc:history', {})).total;
    const base = { requestId: requestId(), profileId: 'sandbox', chain: 'ethereum', nodeType: 'full' };
    const cases: Array<[unknown, RegExp]> = [
      [
        { ...base, body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: { a: 1 } } },
        /params: must be a JSON array/,
      ],
      [
        { ...base, body: call('eth_chainId', ['x'.repeat(5 * 1024 * 1024)]) },
        /the request is 5\.0 MB; the console sends at most 1\.0 MB/,
      ],
      [{ ...base, body: [] }, /a batch needs at least one call/],
      [{ ...base, chain: 'eth/../../ledger' }, /a chain name is letters, digits/],
      [{ ...base, body: call('eth_chainId'), nodeType: 'light' }, /nodeType/],
      [{ ...base, body: call('eth_chainId'), timeoutSeconds: 0 }, /at least 1 s/],
    ];
    for (const [request, message] of cases) {
      const answer = await services.dispatch('rpc:call', [request]);
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_argument', message } });
    }
    expect((await ok<RpcHistoryView>('rpc:history', {})).total).toBe(before);
  });

  it('clears the history', async () => {
    expect((await ok<RpcHistoryView>('rpc:clearHistory')).total).toBe(0);
    expect((await ok<RpcHistoryView>('rpc:history', {})).entries).toEqual([]);
  });
});
