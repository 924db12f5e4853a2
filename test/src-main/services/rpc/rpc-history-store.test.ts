// The RPC history file: kept across restarts, searchable, bounded, scrubbed of keys, and a bad
// file is set aside rather than lost.
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_HISTORY_ENTRIES,
  MAX_KEPT_BODY_BYTES,
  type NewHistoryEntry,
  RPC_HISTORY_FILE,
  RpcHistoryStore,
} from '../../../../src-main/services/rpc/rpc-history-store.ts';

const call = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: '2.0' as const, id, method, params });

const entry = (over: Partial<NewHistoryEntry> = {}): NewHistoryEntry => ({
  profileId: 'sandbox',
  chain: 'ethereum',
  nodeType: 'full',
  body: call('eth_chainId'),
  status: 200,
  elapsedMs: 3.2,
  sizeBytes: 40,
  outcome: 'result',
  summary: 'result: "0x7a69"',
  ...over,
});

const tempDir = () => mkdtemp(join(tmpdir(), 'rpc-history-'));

describe('RPC history store', () => {
  it('keeps calls across a restart, newest first, in a 0600 file', async () => {
    const dir = await tempDir();
    const store = await RpcHistoryStore.open(dir);
    store.add(entry({ body: call('eth_chainId') }), []);
    store.add(entry({ body: call('eth_blockNumber'), chain: 'polygon' }), []);
    await store.flushed();
    const reopened = await RpcHistoryStore.open(dir);
    const view = reopened.history();
    expect(view.entries.map((e) => `${e.label}@${e.chain}`)).toEqual([
      'eth_blockNumber@polygon',
      'eth_chainId@ethereum',
    ]);
    expect(view.total).toBe(2);
    expect(view.problem).toBeNull();
    expect((await stat(join(dir, RPC_HISTORY_FILE))).mode & 0o777).toBe(0o600);
  });

  it('searches method, chain, node address, params and summary; every word must match', async () => {
    const store = await RpcHistoryStore.open(await tempDir());
    store.add(entry({ body: call('eth_getBalance', ['0xABCdef', 'latest']), nodeType: 'archive' }), []);
    store.add(entry({ body: call('eth_blockNumber'), chain: 'base', summary: 'result: "0x12c"' }), []);
    store.add(
      entry({
        body: [call('eth_chainId'), call('net_version', [], 2)],
        outcome: 'batch',
        summary: '2 answers, 0 errors',
      }),
      [],
    );
    const labels = (search: string) => store.history(search).entries.map((e) => e.label);
    expect(labels('balance')).toEqual(['eth_getBalance']);
    expect(labels('abcdef')).toEqual(['eth_getBalance']);
    expect(labels('ethereum_archive')).toEqual(['eth_getBalance']);
    expect(labels('base 0x12c')).toEqual(['eth_blockNumber']);
    expect(labels('base balance')).toEqual([]);
    expect(labels('net_version')).toEqual(['batch (2 calls)']);
    expect(store.history('', 2).entries).toHaveLength(2);
    expect(store.history('', 2).total).toBe(3);
  });

  it('never writes a key: one pasted into params or quoted by a server becomes the placeholder', async () => {
    const dir = await tempDir();
    const store = await RpcHistoryStore.open(dir);
    const key = 'sbx_key_"quoted\\key';
    const written = store.add(
      entry({
        body: call('eth_call', [{ data: key }]),
        outcome: 'failed',
        summary: `HTTP 404 — no route ?apiKey=${key}`,
      }),
      [key],
    );
    await store.flushed();
    const text = await readFile(join(dir, RPC_HISTORY_FILE), 'utf8');
    expect(text).not.toContain('sbx_key_');
    expect(written.summary).toBe('HTTP 404 — no route ?apiKey=$LEDGER_API_KEY');
    expect(written.body).toEqual(call('eth_call', [{ data: '$LEDGER_API_KEY' }]));
  });

  it('keeps the newest 200 entries and lists a very large request without its body', async () => {
    const store = await RpcHistoryStore.open(await tempDir());
    for (let i = 0; i < MAX_HISTORY_ENTRIES + 5; i++) store.add(entry({ body: call('eth_chainId', [], i) }), []);
    const view = store.history('', 500);
    expect(view.total).toBe(MAX_HISTORY_ENTRIES);
    expect(view.entries[0].body).toMatchObject({ id: MAX_HISTORY_ENTRIES + 4 });

    const big = call('eth_sendRawTransaction', [`0x${'ab'.repeat(MAX_KEPT_BODY_BYTES)}`]);
    const kept = store.add(entry({ body: big }), []);
    expect(kept.body).toBeNull();
    expect(kept.bodyBytes).toBeGreaterThan(MAX_KEPT_BODY_BYTES);
    expect(kept.label).toBe('eth_sendRawTransaction');
  });

  it('clears the history but keeps saved requests', async () => {
    const dir = await tempDir();
    const store = await RpcHistoryStore.open(dir);
    store.add(entry(), []);
    await store.saveRequest({ name: 'chain id', chain: 'ethereum', nodeType: 'full', body: call('eth_chainId') }, []);
    expect((await store.clearHistory()).entries).toEqual([]);
    const reopened = await RpcHistoryStore.open(dir);
    expect(reopened.history().total).toBe(0);
    expect(reopened.saved().map((s) => s.name)).toEqual(['chain id']);
  });

  it('saves requests by name (same name replaces), deletes them, and refuses oversized ones', async () => {
    const store = await RpcHistoryStore.open(await tempDir());
    const save = (name: string, method: string) =>
      store.saveRequest({ name, chain: 'base', nodeType: 'archive', body: call(method) }, ['k_secret']);
    await save('b', 'eth_chainId');
    await save('a', 'eth_blockNumber');
    const saved = await save('b', 'net_version');
    expect(saved.map((s) => [s.name, (s.body as { method: string }).method])).toEqual([
      ['a', 'eth_blockNumber'],
      ['b', 'net_version'],
    ]);
    expect(await store.deleteSaved(saved[0].id)).toHaveLength(1);
    await expect(
      store.saveRequest(
        { name: 'huge', chain: 'base', nodeType: 'full', body: call('x', ['f'.repeat(300 * 1024)]) },
        [],
      ),
    ).rejects.toMatchObject({
      code: 'invalid_argument',
      message: expect.stringMatching(/This request is 300\.\d KB; saved requests are at most 256\.0 KB/),
    });
  });

  it('sets a corrupt file aside and starts a new history, saying so', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, RPC_HISTORY_FILE), '{"version":1,"history":[{"id":');
    const store = await RpcHistoryStore.open(dir);
    expect(store.history().problem).toMatch(
      /^The RPC history file was not usable \(not valid JSON: .*\); it was kept as .*rpc-history\.json\.corrupt-/,
    );
    store.add(entry(), []);
    await store.flushed();
    const files = await readdir(dir);
    expect(files.filter((f) => f.startsWith(`${RPC_HISTORY_FILE}.corrupt-`))).toHaveLength(1);
    expect((await RpcHistoryStore.open(dir)).history().total).toBe(1);
  });
});
