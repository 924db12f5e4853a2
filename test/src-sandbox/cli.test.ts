// `npm run sandbox`: one JSON line on stdout when ready, usable as printed, and a clean stop.
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const cli = resolve(import.meta.dirname, '../../src-sandbox/cli.ts');
let child: ChildProcess;
let info: Record<string, any>;
let stdoutLines: string[];

beforeAll(async () => {
  child = spawn(process.execPath, [cli, '--port', '0', '--seed', '9', '--transfers', '5000'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stdoutLines = [];
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  lines.on('line', (line) => stdoutLines.push(line));
  info = JSON.parse(await new Promise<string>((r) => lines.once('line', r)));
}, 30_000);
afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

describe('sandbox CLI', () => {
  it('prints one ready line with every address, credential, party, instrument, node, chain and token', () => {
    expect(Object.keys(info).sort()).toEqual(
      [
        'apiKey',
        'baseUrl',
        'chains',
        'evmAccounts',
        'instruments',
        'ledgerCoin',
        'nodes',
        'partnerToken',
        'partnerUrl',
        'parties',
        'rpcUrl',
        'tokens',
        'translateUrl',
      ].sort(),
    );
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ledger$/);
    expect(info.ledgerCoin).toEqual({ admin: info.instruments[0].admin, id: 'Amulet' });
    expect(info.nodes).toEqual([
      { id: 'validator-1', default: true, state: 'healthy' },
      { id: 'validator-2', default: false, state: 'healthy' },
      { id: 'validator-3', default: false, state: 'quarantined' },
    ]);
    expect(info.chains).toEqual(['ethereum', 'polygon', 'base']);
    // Every trading party has a token of its own (and so do the DSO and the registrars).
    for (const party of info.parties) expect(typeof info.tokens.byParty[party]).toBe('string');
    expect(Object.keys(info.tokens).sort()).toEqual(['byParty', 'expired', 'readAll', 'readNone']);
  });

  it('serves all three interfaces with what it printed', async () => {
    const party = info.parties[2];
    const ledger = await fetch(`${info.baseUrl}/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers`, {
      headers: { jwt: info.tokens.byParty[party] },
    });
    expect(ledger.status).toBe(200);
    const chains = await fetch(`${info.translateUrl}/evm/chains`, { headers: { apiKey: info.apiKey } });
    expect(((await chains.json()) as Array<{ name: string }>).map((c) => c.name)).toEqual(info.chains);
    const rpc = await fetch(`${info.rpcUrl}/polygon_archive`, {
      method: 'POST',
      headers: { apiKey: info.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    expect(await rpc.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a6a' });
  });

  it('stops cleanly on SIGTERM, having printed nothing more on stdout', async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdoutLines).toHaveLength(1);
  });

  it('refuses bad arguments with a clear message and exit code 2', async () => {
    const bad = spawn(process.execPath, [cli, '--transfers', 'lots'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    bad.stderr?.on('data', (c) => {
      stderr += c;
    });
    const code = await new Promise((r) => bad.once('exit', r));
    expect(code).toBe(2);
    expect(stderr).toContain('--transfers must be an integer from 0 to 10000000 (got "lots")');
  });
});
