// The ABI library through dispatch (as the renderer reaches it), on real services and real files in
// a temp folder: built-ins per profile, saving and deleting, a malformed ABI refused with nothing
// saved, profiles kept apart, and a bad file set aside rather than lost.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import { AbiLibrary } from '../../../../src-main/services/rpc/abi-library.ts';
import { ABI_LIBRARY_DIR, MAX_SAVED_ABIS } from '../../../../src-main/services/rpc/abi-library-store.ts';
import { SANDBOX_TOKEN } from '../../../../src-shared/abi/sandbox-contracts.ts';
import type { AbiLibraryEntry, AbiLibraryView } from '../../../../src-shared/contract/abi-library.ts';
import type { Profile } from '../../../../src-shared/contract/schemas.ts';

let services: AppServices;
let userDataDir: string;
let remoteId: string;

async function ok<T>(channel: string, ...args: unknown[]): Promise<T> {
  const answer = await services.dispatch(channel, args);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}
async function refused(channel: string, ...args: unknown[]) {
  const answer = await services.dispatch(channel, args);
  if (answer.ok) throw new Error(`${channel} was accepted`);
  return answer.error;
}

const COUNTER_ABI = [
  { type: 'function', name: 'count', inputs: [], outputs: [{ name: '', type: 'uint256' }], stateMutability: 'view' },
  {
    type: 'function',
    name: 'increment',
    inputs: [{ name: 'by', type: 'uint256' }],
    outputs: [],
    stateMutability: 'nonpayable',
  },
  { type: 'event', name: 'Incremented', inputs: [{ name: 'by', type: 'uint256', indexed: false }], anonymous: false },
];
/** As `forge build` writes it to out/Counter.sol/Counter.json. */
const FOUNDRY_ARTIFACT = JSON.stringify({ abi: COUNTER_ABI, bytecode: { object: '0x6080' }, metadata: {} }, null, 2);
const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const files = () => readdir(join(userDataDir, ABI_LIBRARY_DIR)).catch(() => [] as string[]);
const saved = (view: AbiLibraryView) => view.entries.filter((entry) => !entry.builtin).map((entry) => entry.name);

beforeAll(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'abi-library-'));
  services = await startAppServices({
    userDataDir,
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: false, // the library needs the sandbox profile, not its network
    host: { chooseSavePath: async () => null },
  });
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
  remoteId = profile.id;
});
afterAll(() => services.close());

describe('ABI library through dispatch', () => {
  it('lists the standards for every profile, and the sandbox contracts on the sandbox profile only', async () => {
    const sandbox = await ok<AbiLibraryView>('abi:list', 'sandbox');
    expect(sandbox.entries.map((e) => [e.name, e.address, e.builtin])).toEqual([
      ['ERC-20', null, true],
      ['ERC-721', null, true],
      ['ERC-1155', null, true],
      ['Sandbox Dollar', SANDBOX_TOKEN.address, true],
      ['Sandbox Checks', expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), true],
    ]);
    const erc20 = sandbox.entries[0]?.abi.filter((e) => e.type === 'error').map((e) => e.name);
    expect(erc20).toContain('ERC20InsufficientBalance');
    const remote = await ok<AbiLibraryView>('abi:list', remoteId);
    expect(remote.entries.map((e) => e.name)).toEqual(['ERC-20', 'ERC-721', 'ERC-1155']);
    expect(remote.problem).toBeNull();
  });

  it('saves a Foundry artifact with its address, keeps it across a restart, and only for its profile', async () => {
    const entry = await ok<AbiLibraryEntry>('abi:save', {
      profileId: remoteId,
      name: '  Counter ',
      address: ADDRESS,
      abiText: FOUNDRY_ARTIFACT,
    });
    expect(entry).toMatchObject({ name: 'Counter', address: ADDRESS, builtin: false, abi: COUNTER_ABI });
    expect(entry.id).toMatch(/^[a-f0-9]{16}$/);

    const restarted = await new AbiLibrary(userDataDir).list(profile(remoteId));
    expect(restarted.entries.at(-1)).toEqual(entry);
    expect(saved(await ok<AbiLibraryView>('abi:list', 'sandbox'))).not.toContain('Counter');
    expect((await stat(join(userDataDir, ABI_LIBRARY_DIR, `${remoteId}.json`))).mode & 0o777).toBe(0o600);
  });

  it('refuses a malformed ABI naming its first bad entry at the ABI field, and saves nothing', async () => {
    const before = await files();
    const bad = JSON.stringify([COUNTER_ABI[0], { ...COUNTER_ABI[1], inputs: [{ name: 'by', type: 'uint257' }] }]);
    const error = await refused('abi:save', { profileId: 'sandbox', name: 'Broken', abiText: bad });
    const message = 'entry 2 (function "increment"): input 1 ("by") has type "uint257", which is not a Solidity type';
    expect(error).toMatchObject({
      code: 'invalid_argument',
      details: { issues: [{ path: ['0', 'abiText'], message }] },
    });
    expect(await files()).toEqual(before);
    expect(saved(await ok<AbiLibraryView>('abi:list', 'sandbox'))).not.toContain('Broken');
  });

  it('replaces an ABI saved under the same name (any case), keeping its id', async () => {
    const first = await ok<AbiLibraryEntry>('abi:save', {
      profileId: 'sandbox',
      name: 'Vault',
      abiText: FOUNDRY_ARTIFACT,
    });
    const again = await ok<AbiLibraryEntry>('abi:save', {
      profileId: 'sandbox',
      name: 'vault',
      abiText: JSON.stringify(COUNTER_ABI.slice(0, 1)),
    });
    expect(again.id).toBe(first.id);
    const view = await ok<AbiLibraryView>('abi:list', 'sandbox');
    expect(view.entries.filter((e) => e.id === first.id).map((e) => [e.name, e.abi.length])).toEqual([['vault', 1]]);
  });

  it('refuses a built-in name, and refuses to delete a built-in', async () => {
    const clash = await refused('abi:save', { profileId: 'sandbox', name: 'erc-20', abiText: FOUNDRY_ARTIFACT });
    expect(clash.details).toEqual({
      issues: [{ path: ['0', 'name'], message: '"ERC-20" is a built-in ABI; give yours another name' }],
    });
    const error = await refused('abi:delete', { profileId: 'sandbox', id: 'builtin-erc20' });
    expect(error.message).toBe('ERC-20 is built in and cannot be deleted.');
    expect((await ok<AbiLibraryView>('abi:list', 'sandbox')).entries[0]?.name).toBe('ERC-20');
  });

  it('deletes a saved ABI; deleting it again says it is gone', async () => {
    const entry = await ok<AbiLibraryEntry>('abi:save', {
      profileId: 'sandbox',
      name: 'Temp',
      abiText: FOUNDRY_ARTIFACT,
    });
    const view = await ok<AbiLibraryView>('abi:delete', { profileId: 'sandbox', id: entry.id });
    expect(saved(view)).not.toContain('Temp');
    expect((await refused('abi:delete', { profileId: 'sandbox', id: entry.id })).code).toBe('not_found');
  });

  it("deletes a profile's saved ABIs with the profile", async () => {
    const { profile: doomed } = await ok<{ profile: { id: string } }>('settings:saveProfile', {
      name: 'Short-lived',
      baseUrl: 'https://ledger.example.org',
      translateUrl: 'https://translate.example.org',
      partnerUrl: 'https://partner.example.org',
      rpcUrl: 'https://rpc.example.org',
      defaultNodeId: null,
      chainAuth: 'apiKey',
      rpcKeyPlacement: 'header',
      rpcSeparator: '_',
      ledgerAuthPlacement: 'header',
    });
    await ok('abi:save', { profileId: doomed.id, name: 'Counter', address: null, abiText: FOUNDRY_ARTIFACT });
    expect(await files()).toContain(`${doomed.id}.json`);

    await ok('settings:deleteProfile', doomed.id);
    expect(await files()).not.toContain(`${doomed.id}.json`);
    expect(await files()).toContain(`${remoteId}.json`);
  });

  it('refuses an unknown profile', async () => {
    expect((await refused('abi:list', 'no-such-profile')).code).toBe('not_found');
  });
});

describe('ABI library files', () => {
  const withFile = async (text: string) => {
    const dir = await mkdtemp(join(tmpdir(), 'abi-library-file-'));
    await mkdir(join(dir, ABI_LIBRARY_DIR));
    await writeFile(join(dir, ABI_LIBRARY_DIR, 'sandbox.json'), text);
    return dir;
  };
  const savedEntry = (i: number, abi: unknown = COUNTER_ABI) => ({
    id: i.toString(16).padStart(16, '0'),
    name: `Contract ${i}`,
    address: null,
    abi,
    savedAt: '2025-01-01T00:00:00.000Z',
  });

  it('sets a file that is not JSON aside, says so, and starts empty with the built-ins', async () => {
    const dir = await withFile('{"version":1,"saved":[');
    const view = await new AbiLibrary(dir).list(profile('sandbox'));
    expect(view.problem).toMatch(
      /^The saved ABIs were not usable \(not valid JSON: .*\); the file was kept as .*sandbox\.json\.corrupt-/,
    );
    expect(view.entries.every((e) => e.builtin)).toBe(true);
    const names = await readdir(join(dir, ABI_LIBRARY_DIR));
    expect(names.filter((n) => n.startsWith('sandbox.json.corrupt-'))).toHaveLength(1);
    expect(await readFile(join(dir, ABI_LIBRARY_DIR, names.find((n) => n.includes('corrupt')) ?? ''), 'utf8')).toBe(
      '{"version":1,"saved":[',
    );
  });

  it('sets aside a file holding an ABI that no longer passes the check, naming it', async () => {
    const abi = [{ type: 'function', name: 'f', inputs: [{ name: 'x', type: 'uint9' }], stateMutability: 'view' }];
    const dir = await withFile(JSON.stringify({ version: 1, saved: [savedEntry(1), savedEntry(2, abi)] }));
    const view = await new AbiLibrary(dir).list(profile('sandbox'));
    expect(view.problem).toContain('saved ABI "Contract 2": entry 1 (function "f"): input 1 ("x") has type "uint9"');
  });

  it('lists a hand-edited ABI as the checker reads it: old `constant`, no inputs and stray fields normalized', async () => {
    const abi = [{ type: 'function', name: 'count', constant: true, outputs: [{ type: 'uint256' }], comment: 'x' }];
    const dir = await withFile(JSON.stringify({ version: 1, saved: [savedEntry(1, abi)] }));
    const view = await new AbiLibrary(dir).list(profile('sandbox'));
    expect(view.problem).toBeNull();
    expect(view.entries.find((e) => !e.builtin)?.abi).toEqual([
      {
        type: 'function',
        name: 'count',
        inputs: [],
        outputs: [{ name: '', type: 'uint256' }],
        stateMutability: 'view',
      },
    ]);
  });

  it(`refuses a save past ${MAX_SAVED_ABIS} ABIs and keeps the file as it was`, async () => {
    const full = JSON.stringify({
      version: 1,
      saved: Array.from({ length: MAX_SAVED_ABIS }, (_, i) => savedEntry(i + 1)),
    });
    const dir = await withFile(full);
    const library = new AbiLibrary(dir);
    await expect(library.save(profile('sandbox'), { name: 'One more', abiText: FOUNDRY_ARTIFACT })).rejects.toThrow(
      `At most ${MAX_SAVED_ABIS} saved ABIs per profile: delete one first.`,
    );
    expect(await readFile(join(dir, ABI_LIBRARY_DIR, 'sandbox.json'), 'utf8')).toBe(full);
    // Replacing one by name is still possible.
    await library.save(profile('sandbox'), { name: 'Contract 7', abiText: FOUNDRY_ARTIFACT });
  });
});

/** Enough of a profile for the library: its id and kind. */
function profile(id: string): Profile {
  return { id, kind: id === 'sandbox' ? 'sandbox' : 'remote' } as Profile;
}
