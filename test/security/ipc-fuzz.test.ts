// IPC fuzz: random and hostile arguments to EVERY channel of the contract, through the app's real
// dispatch on its real services (settings in a temp folder, the real keytar on the test Secret
// Service, the in-process sandbox ledger). This is what main's IPC handler and the test bridge call
// with whatever a compromised renderer sends. For every input:
//   - dispatch resolves (never throws past the envelope) with a well-formed envelope;
//   - arguments the channel's schema refuses are answered `invalid_argument` (the contract's
//     validation code), with a bounded message;
//   - Object.prototype, Array.prototype and Function.prototype are exactly as before.
// Afterwards main still answers and its settings file still loads.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../src-main/services/app-services.ts';
import { SettingsStore } from '../../src-main/services/settings/settings-store.ts';
import { CHANNELS, type ChannelEntry, type ChannelName } from '../../src-shared/contract/channels.ts';
import { type Envelope, ERROR_CODES } from '../../src-shared/contract/errors.ts';

// One fixed seed by default, so `npm test` (and CI) is repeatable; FUZZ_SEED=<n> replays a
// failure's seed, FUZZ_SEED=random explores new inputs.
const SEED =
  process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20_261_122) || 20_261_122;
fc.configureGlobal({ seed: SEED });

let services: AppServices;
let userDataDir: string;
const log: string[] = [];
const tally = { tried: 0, refused: 0, accepted: 0, otherErrors: new Map<string, number>() };

beforeAll(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'ipc-fuzz-'));
  services = await startAppServices({
    userDataDir,
    version: 'fuzz',
    transport: 'electron',
    keychain: { service: `ledger-explorer-fuzz-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers: 2_000, evm: false },
    // app:nextEvent answers null at once instead of holding each call for 25 s.
    timeouts: { shellPollMs: 0 },
    // An export that gets this far is "cancelled in the save dialog": nothing is written.
    host: { chooseSavePath: async () => null },
    log: (line) => log.push(line),
  });
});

afterAll(async () => {
  console.log(
    `IPC fuzz (seed ${SEED}): ${tally.tried} inputs over ${CHANNELS.length} channels: ${tally.refused} refused as invalid_argument, ` +
      `${tally.accepted} accepted, other typed errors ${JSON.stringify(Object.fromEntries(tally.otherErrors))}`,
  );
  await services?.close();
  await rm(userDataDir, { recursive: true, force: true });
});

// ---- valid arguments for every channel: the starting points that mutations reach deep from ----

const body = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] };
function validArgs(): Record<ChannelName, unknown[]> {
  const party = services.sandbox?.describe().parties[0] as string;
  const filters = {
    party,
    asset: { kind: 'instrument', admin: party, id: 'USDX' },
    effectiveAfter: '2025-01-01T00:00:00Z',
    effectiveBefore: null,
    orderDesc: true,
    pageSize: 50,
    nodeId: null,
  };
  const localFilters = {
    instruments: null,
    range: { after: '2025-01-01T00:00:00Z', before: null },
    direction: 'in',
    statuses: ['completed'],
    counterparty: null,
    amountMin: '1.5',
    amountMax: null,
    search: 'usd',
  };
  const reconcileRequest = {
    requestId: 'req-00000006',
    profileId: 'no-such-profile',
    party,
    csv: `time,counterparty,instrument,amount\r\n2026-01-01T00:00:00Z,${party},USDX,1.5\r\n`,
    delimiter: 'auto',
    mapping: {
      time: 'time',
      counterparty: 'counterparty',
      instrument: 'instrument',
      amount: 'amount',
      reference: null,
      direction: null,
      sign: 'negative-is-out',
      decimal: '.',
      zone: 'utc',
    },
    toleranceSeconds: 300,
    onlyStatementCounterparties: false,
    rowCap: 100,
    remember: false,
  };
  return {
    'app:info': [],
    'app:cancel': ['req-00000001'],
    'app:nextEvent': [],
    'app:reveal': ['logs'],
    'app:download': ['/etc/passwd'],
    'views:recent': [],
    'views:record': [`ledger-explorer://transfers?profile=sandbox&party=${encodeURIComponent(party)}&source=live`],
    'settings:get': [],
    'settings:saveProfile': [
      {
        name: 'Fuzzed',
        baseUrl: 'https://ledger.example.com',
        translateUrl: 'https://translate.example.com',
        partnerUrl: 'https://partner.example.com',
        rpcUrl: 'https://rpc.example.com',
        defaultNodeId: null,
        chainAuth: 'apiKey',
        rpcKeyPlacement: 'header',
        rpcSeparator: '_',
        ledgerAuthPlacement: 'header',
      },
    ],
    'settings:deleteProfile': ['no-such-profile'],
    'settings:setActiveProfile': ['sandbox'],
    'settings:savePreferences': [
      { theme: 'dark', transfersTable: { columnVisibility: { status: true }, columnOrder: [], columnSizing: {} } },
    ],
    'settings:saveParty': [{ party, label: 'exchange' }],
    'settings:removeParty': [party],
    'settings:importParties': [`party,label\r\n${party},desk\r\n`],
    'settings:exportParties': [],
    'secrets:status': ['sandbox'],
    'secrets:set': ['no-such-profile', 'apiKey', 'k'.repeat(24)],
    'secrets:clear': ['no-such-profile', 'apiKey'],
    'secrets:sandboxCredential': ['sandbox', 'apiKey'],
    'chains:list': ['sandbox'],
    'transfers:page': [{ requestId: 'req-00000002', profileId: 'sandbox', filters, next: null }],
    'transfers:tokenInfo': ['sandbox'],
    'transfers:nodes': ['sandbox'],
    'transfers:knownParties': ['sandbox'],
    'transfers:compareNodes': [{ requestId: 'req-00000009', profileId: 'sandbox', filters }],
    'export:start': [{ profileId: 'sandbox', filters, format: 'csv' }],
    'export:status': ['0123456789abcdef'],
    'export:cancel': ['0123456789abcdef'],
    'rpc:endpoint': ['sandbox'],
    'rpc:call': [
      { requestId: 'req-00000003', profileId: 'sandbox', chain: 'eth', nodeType: 'full', body, timeoutSeconds: 2 },
    ],
    'rpc:history': [{ search: 'eth', limit: 10 }],
    'rpc:clearHistory': [],
    'local:stores': [],
    'local:status': ['sandbox', party],
    'local:sync': [{ profileId: 'no-such-profile', party, nodeId: null, range: { after: null, before: null } }],
    'local:syncStatus': ['0123456789abcdef'],
    'local:cancelSync': ['0123456789abcdef'],
    'local:legs': [
      {
        requestId: 'req-00000004',
        profileId: 'sandbox',
        party,
        filters: localFilters,
        sort: { column: 'amount', desc: true },
        offset: 0,
        limit: 50,
      },
    ],
    'local:facets': ['sandbox', party],
    'local:counterparties': [{ profileId: 'sandbox', party, range: { after: null, before: null }, instruments: null }],
    'local:relationship': [
      {
        profileId: 'sandbox',
        party,
        range: { after: null, before: null },
        instruments: null,
        counterparty: party,
        bucket: 'month',
      },
    ],
    'local:flows': [
      { profileId: 'sandbox', party, range: { after: null, before: null }, instruments: null, bucket: 'week' },
    ],
    'local:sql': [{ requestId: 'req-00000005', profileId: 'sandbox', sql: 'SELECT count(*) FROM legs', rowCap: 10 }],
    'local:export': [{ profileId: 'no-such-profile', source: { kind: 'sql', sql: 'SELECT 1' }, format: 'csv' }],
    'local:forget': [{ profileId: 'no-such-profile', party }],
    'local:aggregates': [{ profileId: 'no-such-profile', rebuild: true }],
    'notebook:list': ['sandbox'],
    'notebook:read': [{ profileId: 'sandbox', file: 'no-such-query.sql' }],
    'notebook:save': [{ profileId: 'no-such-profile', file: 'fuzz.sql', text: '-- name: x\n\nSELECT 1', expect: null }],
    'notebook:create': [{ profileId: 'no-such-profile', file: 'fuzz.sql', text: 'SELECT 1' }],
    'notebook:rename': [{ profileId: 'sandbox', file: 'no-such-query.sql', to: 'other.sql' }],
    'notebook:delete': [{ profileId: 'sandbox', file: 'no-such-query.sql' }],
    'notebook:openFolder': [{ profileId: 'no-such-profile', path: '/nonexistent-folder' }],
    'notebook:changes': ['sandbox'],
    'notebook:dashboard': ['sandbox'],
    'notebook:saveDashboard': [{ profileId: 'no-such-profile', text: '{"version":1}', expect: null }],
    'local:saveChart': [
      { title: 'Chart', format: 'svg', data: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>' },
    ],
    'local:reconcileMapping': [
      { profileId: 'no-such-profile', head: 'time,counterparty,instrument,amount', delimiter: 'auto' },
    ],
    'local:reconcile': [reconcileRequest],
    'local:reconcileExport': [reconcileRequest],
    'local:syncAll': [
      { profileId: 'no-such-profile', parties: [party], nodeId: null, range: { after: null, before: null } },
    ],
    'local:syncAllStatus': ['0123456789abcdef'],
    'local:cancelSyncAll': ['0123456789abcdef'],
    'local:portfolios': ['sandbox'],
    'local:lake': ['sandbox'],
    'local:openLake': [{ profileId: 'sandbox', folder: '/nowhere/lake' }],
    'local:closeLake': ['sandbox'],
    'local:savePortfolio': [{ profileId: 'no-such-profile', previousName: null, name: 'Treasury', parties: [party] }],
    'local:deletePortfolio': [{ profileId: 'no-such-profile', name: 'Treasury' }],
    'rpc:saveRequest': [{ name: 'chain id', chain: 'eth', nodeType: 'full', body: [body, body] }],
    'rpc:savedRequests': [],
    'rpc:deleteSaved': ['0123456789abcdef'],
    'report:save': [
      {
        profileId: 'no-such-profile',
        filters,
        view: { mode: 'page', page: 1 },
        legs: [],
        legsShown: 0,
        queryTime: '2026-01-01T00:00:00Z',
        comparison: null,
        format: 'html',
      },
    ],
    'report:dashboard': [{ profileId: 'no-such-profile', title: 'Desk', panels: [] }],
    'abi:list': ['sandbox'],
    'abi:save': [{ profileId: 'no-such-profile', name: 'Token', address: null, abiText: '[{"type":"fallback"}]' }],
    'abi:delete': [{ profileId: 'no-such-profile', id: '0123456789abcdef' }],
    'rpc:curl': [{ profileId: 'sandbox', chain: 'eth', nodeType: 'archive', body, withKey: false }],
    'workspace:environments': [],
    'workspace:saveEnvironment': [
      { id: null, name: 'staging', profileIds: ['sandbox'], variables: [{ name: 'block', value: 'latest' }] },
    ],
    'workspace:deleteEnvironment': ['0123456789abcdef'],
    'workspace:collections': [],
    'workspace:editCollection': [
      { op: 'moveRequest', collectionId: '0123456789abcdef', requestId: '0123456789abcdef', by: 1 },
    ],
    'workspace:exportCollection': [{ collectionId: '0123456789abcdef' }],
    'workspace:importCollection': [{ fileName: 'c.json', text: '{"info":{"schema":"collection/v2.1"},"item":[]}' }],
    'rpc:snippet': [{ profileId: 'sandbox', chain: 'eth', nodeType: 'archive', body, language: 'python' }],
    'rpc:token': [{ profileId: 'sandbox', chain: 'eth', nodeType: 'full', address: `0x${'ab'.repeat(20)}` }],
  };
}

// ---- hostile values ----

const MARKER = 'fuzz-polluted';
const hostileKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'then'];

/** Objects whose own keys are `__proto__` / `constructor.prototype`, as JSON.parse and structured clone produce them. */
const polluters = (): unknown[] => [
  JSON.parse(`{"__proto__": {"${MARKER}": true, "isAdmin": true}}`),
  JSON.parse(`{"constructor": {"prototype": {"${MARKER}": true}}}`),
  JSON.parse(`{"__proto__": {"__proto__": {"${MARKER}": true}}, "kind": "all"}`),
  JSON.parse(`[{"__proto__": {"${MARKER}": true}}]`),
  JSON.parse(`{"prototype": {"${MARKER}": true}, "toString": "${MARKER}", "valueOf": {"${MARKER}": 1}}`),
];

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

function cyclic(): unknown {
  const a: Record<string, unknown> = { jsonrpc: '2.0' };
  a.self = a;
  return a;
}

const hugeString = fc.constantFrom(100_000, 1_000_000, 4_000_000).map((n) => 'x'.repeat(n));
const weirdNumber = fc.constantFrom(
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  2 ** 53,
  -(2 ** 63),
  1e308,
  0.5,
);
const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'sandbox\u0000',
    '\u202e',
    '\ud800',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    'javascript:alert(1)',
    'file:///etc/passwd',
    '%00',
    '__proto__',
    'constructor',
    '2.0',
    'sandbox',
    '1e999',
  ),
);
const leaf = fc.oneof(
  weirdNumber,
  weirdString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
  fc.date({ noInvalidDate: false }),
  fc.constant(new Map([['__proto__', { [MARKER]: true }]])),
  fc.constant(new Set(['sandbox'])),
  fc.constant(new Uint8Array([1, 2, 3])),
  fc.constant(Symbol('fuzz')),
  fc.constant({ [Symbol('key')]: Symbol('value'), status: true }),
  fc.constant({ length: Symbol('length') }),
);
const rare = fc.oneof(
  hugeString,
  fc
    .integer({ min: 5_000, max: 200_000 })
    .chain((depth) => fc.constantFrom(nested(depth, 'array'), nested(depth, 'object'))),
  fc.constant(null).map(() => cyclic()),
  fc.constantFrom(...polluters()),
  fc.constant(null).map(() => Object.create(null)),
);
const hostile: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    rare,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...hostileKeys), fc.string({ maxLength: 12 })), tie('value'), {
      maxKeys: 4,
    }),
    fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true }),
  ),
})).value;

// ---- mutating a valid argument list ----

type Path = Array<string | number>;

function pathsOf(value: unknown, path: Path = []): Path[] {
  const here = [path];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => pathsOf(item, [...path, i]))];
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...path, k]))];
  return here;
}

function objectPaths(value: unknown): Path[] {
  return pathsOf(value).filter((path) => {
    const target = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
    return target !== null && typeof target === 'object';
  });
}

/** Defines an own property (so `__proto__` is a key, as in parsed JSON, not a prototype change). */
function put(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

type Mutation =
  | { kind: 'replace'; path: Path; value: unknown }
  | { kind: 'addKey'; path: Path; key: string; value: unknown }
  | { kind: 'extraArgs'; extra: unknown[] }
  | { kind: 'dropArgs'; keep: number }
  | { kind: 'notAnArray'; value: unknown };

function mutate(valid: unknown[], mutation: Mutation): unknown {
  const args = structuredClone(valid);
  switch (mutation.kind) {
    case 'replace': {
      if (mutation.path.length === 0) return mutation.value;
      const parent = mutation.path.slice(0, -1).reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], args);
      put(parent as object, mutation.path.at(-1) as string | number, mutation.value);
      return args;
    }
    case 'addKey': {
      const target = mutation.path.reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], args);
      put(target as object, mutation.key, mutation.value);
      return args;
    }
    case 'extraArgs':
      return [...args, ...mutation.extra];
    case 'dropArgs':
      return args.slice(0, mutation.keep);
    case 'notAnArray':
      return mutation.value;
  }
}

function mutations(valid: unknown[]): fc.Arbitrary<Mutation> {
  const paths = pathsOf(valid);
  const objects = objectPaths(valid);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ kind: fc.constant('replace' as const), path: fc.constantFrom(...paths), value: hostile }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('addKey' as const),
        path: fc.constantFrom(...objects),
        key: fc.constantFrom(...hostileKeys),
        value: hostile,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('extraArgs' as const),
        extra: fc.array(hostile, { minLength: 1, maxLength: 3 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('dropArgs' as const),
        keep: fc.nat({ max: Math.max(0, valid.length - 1) }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('notAnArray' as const), value: hostile }) },
  );
}

// ---- the checks made on every answer ----

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype];
const snapshot = () => PROTOTYPES.map((p) => Reflect.ownKeys(p).map(String).sort().join(','));
const pristine = snapshot();

function expectUnpolluted(): void {
  expect(snapshot()).toEqual(pristine);
  const probe: Record<string, unknown> = {};
  expect(probe[MARKER]).toBeUndefined();
  expect(probe.isAdmin).toBeUndefined();
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
}

function schemaAccepts(entry: ChannelEntry, args: unknown): boolean {
  try {
    return entry.args.safeParse(args).success;
  } catch {
    return false; // a schema that throws has not accepted anything
  }
}

async function check(entry: ChannelEntry, args: unknown): Promise<void> {
  tally.tried++;
  let answer: Envelope<unknown>;
  try {
    answer = await services.dispatch(entry.name, args);
  } catch (error) {
    throw new Error(`${entry.name} threw past the envelope: ${(error as Error)?.name}: ${(error as Error)?.message}`);
  }
  expect(typeof answer).toBe('object');
  expect(typeof answer.ok).toBe('boolean');
  if (answer.ok) {
    tally.accepted++;
  } else {
    expect(ERROR_CODES).toContain(answer.error.code);
    expect(typeof answer.error.message).toBe('string');
    // A 4 MB argument must not come back in the message (nor fill the renderer's error box).
    expect(answer.error.message.length).toBeLessThan(2_000);
    if (answer.error.code === 'invalid_argument') tally.refused++;
    else tally.otherErrors.set(answer.error.code, (tally.otherErrors.get(answer.error.code) ?? 0) + 1);
  }
  if (!schemaAccepts(entry, args)) {
    expect(answer, `${entry.name} must refuse arguments its schema refuses`).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument' },
    });
    const issues = (answer as { error: { details?: { issues?: unknown } } }).error.details?.issues;
    expect(Array.isArray(issues)).toBe(true);
  }
  expectUnpolluted();
}

const RUNS = { random: 150, mutated: 250 };

describe('IPC fuzz over every channel', () => {
  it('has a valid starting point for every channel, and each is accepted by its schema', () => {
    const valid = validArgs();
    expect(Object.keys(valid).sort()).toEqual(CHANNELS.map((c) => c.name).sort());
    for (const entry of CHANNELS) expect(schemaAccepts(entry, valid[entry.name]), entry.name).toBe(true);
  });

  it.each(CHANNELS.map((entry) => [entry.name, entry] as const))(
    '%s: random arguments of any type and arity',
    async (_name, entry) => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.array(hostile, { maxLength: 6 }), hostile), (args) => check(entry, args)),
        { numRuns: RUNS.random },
      );
    },
    60_000,
  );

  it.each(CHANNELS.map((entry) => [entry.name, entry] as const))(
    '%s: valid arguments with one hostile change',
    async (_name, entry) => {
      const valid = validArgs()[entry.name];
      await fc.assert(
        fc.asyncProperty(mutations(valid), (mutation) => check(entry, mutate(valid, mutation))),
        { numRuns: RUNS.mutated },
      );
    },
    60_000,
  );

  it('every object position of every channel, with __proto__ / constructor.prototype payloads', async () => {
    for (const entry of CHANNELS) {
      const valid = validArgs()[entry.name];
      for (const path of objectPaths(valid)) {
        for (const payload of polluters()) {
          for (const key of ['__proto__', 'constructor', 'prototype']) {
            await check(entry, mutate(valid, { kind: 'addKey', path, key, value: payload }));
          }
          await check(entry, mutate(valid, { kind: 'replace', path, value: payload }));
        }
      }
    }
    // One loop over every channel (the tests above have 60 s each per channel): it grows with the
    // channels and took 15-18 s of the 20 s default on these 2 cores.
  }, 120_000);

  it('refuses channel names that are not channels, whatever their type', async () => {
    for (const name of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'app:info ',
      'APP:INFO',
      '',
      'x'.repeat(1e6),
    ]) {
      tally.tried++;
      expect(await services.dispatch(name, [])).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
    for (const name of [
      Object.create(null),
      Symbol('app:info'),
      42,
      null,
      undefined,
      ['app:info'],
      { toString: () => 'app:info' },
    ]) {
      tally.tried++;
      const answer = await services.dispatch(name as unknown as string, []);
      expect(answer).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
      expect(answer.ok || answer.error.message.length < 200).toBe(true);
    }
    expectUnpolluted();
  });

  it('leaves main answering and its settings file loadable', async () => {
    expect(await services.dispatch('app:info', [])).toMatchObject({ ok: true, value: { version: 'fuzz' } });
    expect(await services.dispatch('settings:get', [])).toMatchObject({ ok: true, value: { loadProblem: null } });
    // What the accepted calls wrote is a settings file a fresh start loads without complaint.
    const reopened = await SettingsStore.open(userDataDir);
    expect(reopened.view().loadProblem).toBeNull();
    expect(reopened.view().settings.profiles.some((p) => p.id === 'sandbox')).toBe(true);
    // Nothing reached the catch-all for unexpected errors: every failure above was a typed one.
    expect(log.filter((line) => /^[a-z]+:[a-zA-Z]+ failed: /.test(line))).toEqual([]);
  });
});
