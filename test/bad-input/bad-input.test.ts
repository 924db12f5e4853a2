// Bad input, table-driven: every hostile or mistaken value a user can type into a form field, or a
// renderer can send over a bridge channel. The tables are data (./cases/*.ts); the same tables make
// docs/bad-input.md (scripts/bad-input-doc.ts), so the list in the docs is the list tried here.
// A row is "handled" only once every assertion about it held:
//   - form rows: refused at the field the row names, with its message (so nothing is sent), and the
//     draft the user typed is exactly as it was (nothing lost); accepted rows: sent as the spec allows;
//   - channel rows: main's real dispatch answers invalid_argument, its details naming the argument
//     path with the row's message, and every file in the user-data folder is byte-identical after.
// The run prints how many were tried and how many were handled.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../src-main/services/app-services.ts';
import { transfersUrl } from '../../src-main/services/ledger/ledger-client.ts';
import { checkRequest } from '../../src-renderer/features/rpc/request-draft.ts';
import type { ConsoleDraft } from '../../src-renderer/features/rpc/rpc-console-store.ts';
import {
  draftToFilters,
  emptyDraft,
  type FilterDraft,
} from '../../src-renderer/features/transfers/filters/filter-draft.ts';
import { ProfileInput, SavedPartyInput, SecretValue } from '../../src-shared/contract/schemas.ts';
import type { TransferFilters } from '../../src-shared/contract/transfers.ts';
import { BAD_INPUT_TABLES } from './cases/all-tables.ts';
import { type BadInput, GOOD_PARTY } from './cases/bad-input-case.ts';
import type { ChannelCall } from './cases/bridge-channels.ts';
import type { FilterInput } from './cases/transfer-filters.ts';

const tally = { tried: 0, handled: 0 };
const previousTz = process.env.TZ;
beforeAll(() => {
  // New York: a negative offset (where 9999-12-31 23:59 local is year 10000 in UTC) and a DST gap.
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = previousTz;
  console.log(`bad input: ${tally.tried} inputs tried, ${tally.handled} handled`);
});

/** Counts a row as handled only once every assertion about it held. */
async function row(run: () => void | Promise<void>): Promise<void> {
  tally.tried++;
  await run();
  tally.handled++;
}

const table = <V>(id: string) => {
  const found = BAD_INPUT_TABLES.find((t) => t.id === id);
  if (!found) throw new Error(`no table ${id}`);
  return found.rows as ReadonlyArray<BadInput<V>>;
};
const named = <V>(rows: ReadonlyArray<BadInput<V>>) => rows.map((r) => [`${r.field}: ${r.input}`, r] as const);

/** The form's field for each label the filter table uses. */
const FILTER_FIELDS: Record<string, keyof FilterDraft> = {
  'Party id': 'party',
  From: 'after',
  Before: 'before',
  'Instrument administrator': 'instrumentAdmin',
  'Instrument id': 'instrumentId',
  Asset: 'asset',
  'Page size': 'pageSize',
  'Validator node': 'nodeId',
};

/** What main would ask the service for: never a pair with the coin, never half a pair, a legal page size. */
function expectSpecAllowed(filters: TransferFilters): void {
  const query = transfersUrl('https://ledger.example.com', filters).searchParams;
  expect(query.has('instrumentAdmin')).toBe(query.has('instrumentId')); // spec rule 3
  expect(query.has('assetKind') && query.has('instrumentAdmin')).toBe(false); // spec rule 4
  const pageSize = Number(query.get('pageSize'));
  expect(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 1000).toBe(true);
}

describe('Transfers filter form (the form runs the contract main applies)', () => {
  it.each(named(table<FilterInput>('transfer-filters')))('%s', (_name, r) =>
    row(() => {
      const draft = { ...emptyDraft(), party: GOOD_PARTY, ...r.value.draft } as FilterDraft;
      const typed = structuredClone(draft);
      const result = draftToFilters(draft);
      expect(draft, 'the draft the user typed is kept').toEqual(typed);
      if (r.outcome === 'refused') {
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.issues[FILTER_FIELDS[r.field]], JSON.stringify(result.issues)).toMatch(r.message);
      } else {
        expect(result.ok, JSON.stringify(result)).toBe(true);
        if (!result.ok) return;
        expect(result.filters).toMatchObject(r.becomes as object);
        expectSpecAllowed(result.filters);
      }
    }),
  );
});

describe('RPC console (checked on every edit and again before Send)', () => {
  const FIELDS: Record<string, string> = { Chain: 'chain', Method: 'method', Params: 'params', Batch: 'batch' };
  const base: ConsoleDraft = {
    chain: 'ethereum',
    nodeType: 'full',
    mode: 'single',
    method: 'eth_getBalance',
    paramsText: '[]',
    batchText: '[]',
    nextId: 1,
    timeoutSeconds: 30,
  };
  it.each(named(table<Record<string, unknown>>('rpc-console')))('%s', (_name, r) =>
    row(() => {
      const draft = { ...base, ...r.value } as ConsoleDraft;
      const typed = structuredClone(draft);
      const check = checkRequest(draft);
      expect(draft).toEqual(typed);
      expect(check.ok).toBe(false);
      if (check.ok) return;
      expect(check.field).toBe(FIELDS[r.field]);
      expect(check.error).toMatch(r.message);
    }),
  );
});

describe('Settings forms (the form runs the schema main runs)', () => {
  const remote = {
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
  };
  const KEYS: Record<string, string> = {
    Name: 'name',
    'Ledger-data base URL (base_url)': 'baseUrl',
    'Chain listing URL (translate_url)': 'translateUrl',
    'Marketplace-partner URL (partner_url)': 'partnerUrl',
    'Node access URL (rpc_url)': 'rpcUrl',
    'Default validator node id (empty = deployment default)': 'defaultNodeId',
  };
  it.each(named(table<Record<string, unknown>>('profile-form')))('profile: %s', (_name, r) =>
    row(() => {
      const parsed = ProfileInput.safeParse({ ...remote, ...r.value });
      if (r.outcome === 'accepted') {
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        expect(parsed.data).toMatchObject(r.becomes as object);
        return;
      }
      expect(parsed.success).toBe(false);
      // The form shows the first issue of each field (profile-form.tsx): that one must be the row's.
      const first = parsed.error?.issues.find((i) => i.path[0] === KEYS[r.field]);
      expect(first?.message, JSON.stringify(parsed.error?.issues)).toMatch(r.message);
    }),
  );

  it('no refusal repeats the credentials it refused', () =>
    row(() => {
      const parsed = ProfileInput.safeParse({ ...remote, baseUrl: 'https://alice:s3cr3t-pw@ledger.example.com' });
      expect(parsed.success).toBe(false);
      expect(JSON.stringify(parsed.error?.issues)).not.toMatch(/s3cr3t-pw|alice/);
    }));

  it.each(named(table<{ kind: string; value: string }>('secrets')))('secret: %s', (_name, r) =>
    row(() => {
      const parsed = SecretValue.safeParse(r.value.value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0].message).toMatch(r.message);
      // A refused secret is never echoed back in the message.
      if (r.value.value.length >= 6) expect(parsed.error?.issues[0].message).not.toContain(r.value.value);
    }),
  );

  it.each(named(table<{ party: string; label: string }>('saved-parties')))('saved party: %s', (_name, r) =>
    row(() => {
      const parsed = SavedPartyInput.safeParse(r.value);
      if (r.outcome === 'accepted') {
        expect(parsed.success).toBe(true);
        expect(parsed.data).toMatchObject(r.becomes as object);
        return;
      }
      expect(parsed.success).toBe(false);
      const key = r.field === 'Party id' ? 'party' : 'label';
      expect(parsed.error?.issues.find((i) => i.path[0] === key)?.message).toMatch(r.message);
    }),
  );
});

describe('every bridge channel, through main dispatch on the real services', () => {
  let services: AppServices;
  let userDataDir: string;
  let before: Map<string, Buffer>;

  /** Every file under the user-data folder, by relative path. */
  async function snapshot(dir = userDataDir, prefix = ''): Promise<Map<string, Buffer>> {
    const files = new Map<string, Buffer>();
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) for (const [k, v] of await snapshot(path, `${prefix}${entry.name}/`)) files.set(k, v);
      else files.set(`${prefix}${entry.name}`, await readFile(path));
    }
    return files;
  }

  beforeAll(async () => {
    userDataDir = await mkdtemp(join(tmpdir(), 'bad-input-'));
    services = await startAppServices({
      userDataDir,
      version: 'bad-input',
      transport: 'electron',
      // No keychain: secrets stay in memory, so nothing outside the temp folder is touched.
      keychain: {
        keytar: async () => {
          throw new Error('no keychain in this test');
        },
      },
      sandbox: false,
      host: { chooseSavePath: async () => null },
    });
    // A settings file and a saved request exist, so "unchanged" is about real bytes.
    const saved = await services.dispatch('settings:savePreferences', [{ theme: 'dark' }]);
    expect(saved.ok).toBe(true);
    const request = await services.dispatch('rpc:saveRequest', [
      {
        name: 'chain id',
        chain: 'eth',
        nodeType: 'full',
        body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      },
    ]);
    expect(request.ok).toBe(true);
    before = await snapshot();
    expect(before.size).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await services?.close();
    await rm(userDataDir, { recursive: true, force: true });
  });

  it.each(named(table<ChannelCall>('bridge-channels')))('%s', (_name, r) =>
    row(async () => {
      const args = typeof r.value.args === 'function' ? r.value.args() : r.value.args;
      const answer = await services.dispatch(r.value.channel, args);
      expect(answer.ok).toBe(false);
      if (answer.ok) return;
      expect(answer.error.code).toBe('invalid_argument');
      const issues = (answer.error.details?.issues ?? []) as Array<{ path: string[]; message: string }>;
      const atField = issues.find((issue) => issue.path.join('.') === r.field);
      expect(atField?.message, JSON.stringify(issues).slice(0, 600)).toMatch(r.message);
      expect(answer.error.message.length).toBeLessThan(1000);
      // Nothing saved half-way: every file is byte-identical.
      const after = await snapshot();
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [path, bytes] of after) expect(bytes.equals(before.get(path) as Buffer), path).toBe(true);
    }),
  );

  it('covers every channel of the contract', async () => {
    const { CHANNEL_IDS } = await import('../../src-shared/contract/channel-names.ts');
    const tried = new Set(table<ChannelCall>('bridge-channels').map((r) => r.value.channel));
    expect(CHANNEL_IDS.map((c) => c.name).filter((name) => !tried.has(name))).toEqual([]);
  });
});
