// The curl, fetch and Python snippets, run as a developer would (the key exported as
// LEDGER_API_KEY, nothing else), print the same answer the console got from rpc:call for the same
// request: against the in-process sandbox and its real EVM nodes, with the key in a header (the
// sandbox profile) and in the query (a profile saved like a user's).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import type { RpcBody, RpcCallResult } from '../../../../src-shared/contract/rpc.ts';
import {
  type RpcSnippet,
  SNIPPET_LANGUAGES,
  type SnippetLanguage,
} from '../../../../src-shared/contract/rpc-snippet.ts';
import { syntaxProblem, writeSnippet } from './snippet-checks.ts';

const run = promisify(execFile);
let services: AppServices;
let apiKey: string;
let account: string;
let queryProfileId: string;

async function ok<T>(channel: string, ...args: unknown[]): Promise<T> {
  const answer = await services.dispatch(channel, args);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}

const call = (method: string, params: unknown[], id = 1) => ({ jsonrpc: '2.0' as const, id, method, params });

/** Runs a snippet with only PATH and the key in its environment; answers what it printed. */
async function runSnippet(language: 'curl' | 'fetch' | 'python', code: string): Promise<string> {
  const path = await writeSnippet(language, code);
  const command = { curl: 'bash', fetch: process.execPath, python: 'python3' }[language];
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LEDGER_API_KEY: apiKey };
  const { stdout } = await run(command, [path], { env });
  return stdout;
}

beforeAll(async () => {
  const userDataDir = await mkdtemp(join(tmpdir(), 'rpc-snippets-'));
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
  account = sandbox.evmAccounts[1];
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
afterAll(() => services?.close());

describe('snippets run against the sandbox', () => {
  const requests: Array<[string, () => RpcBody]> = [
    ['eth_chainId', () => call('eth_chainId', [], 7)],
    ['eth_getBalance at a fixed block', () => call('eth_getBalance', [account, '0x1'], 8)],
    [
      'a batch',
      () => [call('eth_chainId', [], 1), call('eth_getBalance', [account, '0x1'], 2), call('eth_nope', [], 3)],
    ],
  ];
  for (const profile of ['sandbox (key in a header)', 'a profile with the key in the query'] as const) {
    for (const [what, body] of requests) {
      it(`${what}, ${profile}: curl, fetch and Python print the console's answer`, async () => {
        const target = {
          profileId: profile.startsWith('sandbox') ? 'sandbox' : queryProfileId,
          chain: 'ethereum',
          nodeType: 'archive',
          body: body(),
        };
        const answer = await ok<RpcCallResult>('rpc:call', {
          requestId: `req-${randomBytes(6).toString('hex')}`,
          ...target,
        });
        expect(answer.status).toBe(200);

        for (const language of ['curl', 'fetch', 'python'] as const) {
          const snippet = await ok<RpcSnippet>('rpc:snippet', { ...target, language });
          expect(snippet.code).not.toContain(apiKey);
          expect({ language, answer: JSON.parse(await runSnippet(language, snippet.code)) }).toEqual({
            language,
            answer: JSON.parse(answer.text),
          });
        }
      });
    }
  }

  it('no language holds the saved key; every one is valid for its tool, for either profile', async () => {
    for (const profileId of ['sandbox', queryProfileId]) {
      for (const language of SNIPPET_LANGUAGES) {
        const snippet = await ok<RpcSnippet>('rpc:snippet', {
          profileId,
          chain: 'polygon',
          nodeType: 'full',
          body: [call('eth_blockNumber', []), call('eth_getBalance', [account, 'latest'], 2)],
          language,
        });
        expect(snippet.code).not.toContain(apiKey);
        expect(await syntaxProblem(language as SnippetLanguage, snippet.code)).toBeNull();
      }
    }
  });

  it('a snippet without the key exported fails saying so, and sends nothing with an empty key', async () => {
    const { code } = await ok<RpcSnippet>('rpc:snippet', {
      profileId: 'sandbox',
      chain: 'ethereum',
      nodeType: 'full',
      body: call('eth_chainId', []),
      language: 'fetch',
    });
    const path = await writeSnippet('fetch', code);
    const failed = await run(process.execPath, [path], { env: { PATH: process.env.PATH ?? '' } }).catch(
      (error: { stderr: string }) => error,
    );
    expect((failed as { stderr: string }).stderr).toContain('Set LEDGER_API_KEY first: export LEDGER_API_KEY=...');
  });
});
