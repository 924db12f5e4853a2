// What `npm run dev:web` prints when ready: a person at a terminal sees where to open the app and
// nothing secret; a script gets a small JSON line; credentials only when asked for.
import { describe, expect, it } from 'vitest';
import { alreadyRunningLine, type ReadyFacts, readyLine } from '../../../src-main/web-shell/ready-line.ts';
import type { SandboxDescription } from '../../../src-sandbox/index.ts';

const SANDBOX: SandboxDescription = {
  baseUrl: 'http://127.0.0.1:4000/ledger',
  translateUrl: 'http://127.0.0.1:4000/translate',
  partnerUrl: 'http://127.0.0.1:4000/partner',
  rpcUrl: 'http://127.0.0.1:4000/rpc',
  apiKey: 'sk-sandbox-api-key',
  partnerToken: 'partner-token-secret',
  parties: ['alice::1220aa', 'bob::1220bb'],
  instruments: [{ admin: 'dso::1220cc', id: 'Amulet', symbol: 'CC', decimals: 10 }],
  ledgerCoin: { admin: 'dso::1220cc', id: 'Amulet' },
  nodes: [{ id: 'node-1', default: true, state: 'active' }],
  chains: ['ethereum'],
  evmAccounts: ['0x0000000000000000000000000000000000000001'],
  tokens: { readAll: 'eyJ.read-all.jwt' } as unknown as SandboxDescription['tokens'],
};

const FACTS: ReadyFacts = {
  url: 'http://127.0.0.1:5173/#bridge=abc123',
  userDataDir: '/tmp/ledger-explorer-web-x',
  userDataKind: 'chosen',
  secretStorage: 'keychain',
  exportDir: '/tmp/ledger-explorer-web-x/exports',
  sandbox: SANDBOX,
};

const SECRETS = ['sk-sandbox-api-key', 'partner-token-secret', 'eyJ.read-all.jwt', 'alice::1220aa'];

describe('readyLine', () => {
  it('on a terminal: one short human line with the URL to open, the user data folder and how to stop', () => {
    const line = readyLine(FACTS, { terminal: true, printCredentials: false });
    expect(line).toBe(
      'Ledger Explorer is running at http://127.0.0.1:5173/#bridge=abc123  (user data: /tmp/ledger-explorer-web-x; Ctrl+C to stop)\n',
    );
    for (const secret of SECRETS) expect(line).not.toContain(secret);
  });

  it('on a terminal, says whether the folder is the shared one or a throwaway one', () => {
    const shared = { ...FACTS, userDataDir: '/home/ann/.config/ledger-explorer', userDataKind: 'shared' as const };
    expect(readyLine(shared, { terminal: true, printCredentials: false })).toBe(
      'Ledger Explorer is running at http://127.0.0.1:5173/#bridge=abc123  (user data: /home/ann/.config/ledger-explorer, shared with the desktop app and the CLI; Ctrl+C to stop)\n',
    );
    const temporary = { ...FACTS, userDataKind: 'temporary' as const };
    expect(readyLine(temporary, { terminal: true, printCredentials: false })).toBe(
      'Ledger Explorer is running at http://127.0.0.1:5173/#bridge=abc123  (throwaway user data: /tmp/ledger-explorer-web-x, removed when it stops; Ctrl+C to stop)\n',
    );
  });

  it('a second start on the same folder says where the first runs, in words or as JSON', () => {
    const facts = { url: FACTS.url, userDataDir: '/u', userDataKind: 'shared' as const, pid: 4242 };
    expect(alreadyRunningLine(facts, { terminal: true })).toBe(
      'Ledger Explorer is already running at http://127.0.0.1:5173/#bridge=abc123  (user data: /u, shared with the desktop app and the CLI; process 4242). One server per folder: open that address, or stop it first.\n',
    );
    expect(JSON.parse(alreadyRunningLine(facts, { terminal: false }))).toEqual({
      alreadyRunning: true,
      url: FACTS.url,
      userDataDir: '/u',
      pid: 4242,
    });
  });

  it('for a script: one JSON line with the URL, the folders and the sandbox addresses and counts, no secret', () => {
    const line = readyLine(FACTS, { terminal: false, printCredentials: false });
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trimEnd()).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      url: 'http://127.0.0.1:5173/#bridge=abc123',
      userDataDir: '/tmp/ledger-explorer-web-x',
      userDataKind: 'chosen',
      secretStorage: 'keychain',
      exportDir: '/tmp/ledger-explorer-web-x/exports',
      sandbox: {
        baseUrl: 'http://127.0.0.1:4000/ledger',
        translateUrl: 'http://127.0.0.1:4000/translate',
        partnerUrl: 'http://127.0.0.1:4000/partner',
        rpcUrl: 'http://127.0.0.1:4000/rpc',
        partyCount: 2,
        instrumentCount: 1,
        chains: ['ethereum'],
      },
    });
    for (const secret of SECRETS) expect(line).not.toContain(secret);
  });

  it('keeps the fault control address (docs/faults.md points scripts to it)', () => {
    const facts = { ...FACTS, sandbox: { ...SANDBOX, faultsUrl: 'http://127.0.0.1:4000/__sandbox/faults' } };
    const ready = JSON.parse(readyLine(facts, { terminal: false, printCredentials: false }));
    expect(ready.sandbox.faultsUrl).toBe('http://127.0.0.1:4000/__sandbox/faults');
  });

  it('with --print-credentials: the JSON line carries the full sandbox description, even on a terminal', () => {
    for (const terminal of [false, true]) {
      const ready = JSON.parse(readyLine(FACTS, { terminal, printCredentials: true }));
      expect(ready.url).toBe(FACTS.url);
      expect(ready.sandbox).toEqual(SANDBOX);
    }
  });

  it('without a sandbox (--no-sandbox): sandbox is null', () => {
    const ready = JSON.parse(readyLine({ ...FACTS, sandbox: null }, { terminal: false, printCredentials: false }));
    expect(ready.sandbox).toBeNull();
    expect(ready.url).toBe(FACTS.url);
  });
});
