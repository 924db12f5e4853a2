// "Sync all my parties" and query scopes against the in-process sandbox and a real store, through
// dispatch: every party the sandbox JWT reads is synced with one combined progress; a cancelled run
// resumes without fetching its finished parties again; one party's failure is that party's alone;
// `local:sql` under a set or a portfolio sees only those parties, marks internal legs and leaves
// them out of instrument_totals (checked against sums made here with BigInt from the service's legs).
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../../src-main/services/app-services.ts';
import { resumePath } from '../../../../../src-main/services/local-ledger/sync/sync-all.ts';
import { syncTestHooks } from '../../../../../src-main/services/local-ledger/sync/sync-run.ts';
import { ALL_LEGS, type CounterpartyRow, type SqlResult } from '../../../../../src-shared/contract/local-ledger.ts';
import type { Portfolio, SqlScope } from '../../../../../src-shared/contract/party-scope.ts';
import type { SyncAllStatus } from '../../../../../src-shared/contract/sync-all.ts';
import type { TransferLeg } from '../../../../../src-shared/contract/transfers.ts';
import { callOk, legsOverHttp } from '../../../../fixtures/local-ledger.ts';

let services: AppServices;
let parties: string[];
let userDataDir: string;
const byParty = new Map<string, TransferLeg[]>();

beforeAll(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'sync-all-'));
  services = await startAppServices({
    userDataDir,
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers: 6000, evm: false },
    host: { chooseSavePath: async (name) => join(userDataDir, name) },
  });
  parties = [...(services.sandbox?.parties ?? [])];
  for (const party of parties) byParty.set(party, await legsOverHttp(services, party));
}, 120_000);
afterAll(async () => {
  syncTestHooks.beforeReplace = undefined;
  await services.close();
});

const call = <T>(channel: string, ...args: unknown[]) => callOk<T>(services, channel, ...args);
const ALL = { profileId: 'sandbox', parties: 'all-readable', nodeId: null, range: { after: null, before: null } };
const sql = (text: string, scope?: SqlScope) =>
  call<SqlResult>('local:sql', {
    requestId: `req-${randomBytes(4).toString('hex')}`,
    profileId: 'sandbox',
    sql: text,
    rowCap: 10_000,
    ...(scope ? { scope } : {}),
  });
const count = (party: string) => byParty.get(party)?.length ?? 0;

describe('sync all my parties', () => {
  it('syncs every party of the sandbox JWT; a cancel keeps the finished parties and the next run skips them', async () => {
    expect(parties.length).toBeGreaterThanOrEqual(4);
    // Cancel as the second party's sync is about to finish: that party still lands, the rest wait.
    let replaced = 0;
    let first: SyncAllStatus | null = null;
    let cancelling: Promise<unknown> | null = null;
    syncTestHooks.beforeReplace = () => {
      replaced++;
      if (replaced === 2 && first) cancelling = services.dispatch('local:cancelSyncAll', [first.jobId]);
    };
    first = await call<SyncAllStatus>('local:syncAll', ALL);
    expect(first.source).toBe('sandbox');
    expect(first.parties.map((p) => p.party)).toEqual(parties);
    const stopped = await services.local.ledger().then((l) => l.syncAll.wait((first as SyncAllStatus).jobId));
    await cancelling;
    syncTestHooks.beforeReplace = undefined;
    expect(stopped.state).toBe('cancelled');
    expect(stopped.done).toBe(2);
    expect(stopped.parties.slice(0, 2).map((p) => p.state)).toEqual(['done', 'done']);
    expect(stopped.parties.slice(2).every((p) => p.state === 'pending')).toBe(true);
    expect(stopped.legs).toBe(count(parties[0]) + count(parties[1]));
    // What the run must remember across a kill is on disk, whole.
    const remembered = JSON.parse(
      await readFile(resumePath(join(userDataDir, 'local-ledger', 'sandbox.duckdb')), 'utf8'),
    );
    expect(remembered.finished).toEqual(parties.slice(0, 2));

    const again = await call<SyncAllStatus>('local:syncAll', ALL);
    expect(again.resumed).toBe(true);
    const done = await (await services.local.ledger()).syncAll.wait(again.jobId);
    expect(done.state).toBe('done');
    expect(done.done).toBe(parties.length);
    expect(done.failed).toBe(0);
    expect(done.parties.slice(0, 2).map((p) => [p.state, p.legs])).toEqual([
      ['skipped', 0],
      ['skipped', 0],
    ]);
    // Only the parties not finished before were fetched, each whole.
    for (const entry of done.parties.slice(2))
      expect([entry.party, entry.state, entry.legs]).toEqual([entry.party, 'done', count(entry.party)]);
    expect(done.legs).toBe(parties.slice(2).reduce((sum, p) => sum + count(p), 0));
    // Every party of the token is in the store, as the service has it.
    const stored = await sql('SELECT party, count(*) FROM legs GROUP BY party');
    const stored_ = new Map(stored.rows.map(([party, n]) => [party as string, Number(n)]));
    for (const party of parties) expect([party, stored_.get(party) ?? 0]).toEqual([party, count(party)]);
    // Finished whole: nothing left to resume.
    expect(await stat(resumePath(join(userDataDir, 'local-ledger', 'sandbox.duckdb'))).catch(() => null)).toBeNull();
  }, 180_000);

  it('reports a party the service refuses for that party, and syncs the others', async () => {
    const ghost = `ghost::1220${'ab'.repeat(32)}`;
    // Two starts at once (a double click) are one run.
    const [started, twice] = await Promise.all(
      [0, 1].map(() => call<SyncAllStatus>('local:syncAll', { ...ALL, parties: [parties[0], ghost, parties[1]] })),
    );
    expect(twice.jobId).toBe(started.jobId);
    expect(started.source).toBe('request');
    const done = await (await services.local.ledger()).syncAll.wait(started.jobId);
    expect(done.state).toBe('done');
    expect(done.failed).toBe(1);
    expect(done.parties.map((p) => p.state)).toEqual(['done', 'failed', 'done']);
    expect(done.parties[1].error?.message).toMatch(/ghost|party|not/i);
    expect(done.parties[0].error).toBeNull();
  }, 120_000);
});

/** amount × 10^(decimals ?? 18), the legs view's documented units, computed here from the text. */
function units(leg: TransferLeg): bigint | null {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(leg.amount ?? '');
  if (!m) return null;
  const scale = leg.decimals ?? 18;
  const fraction = (m[3] ?? '').padEnd(scale, '0');
  if (fraction.length > scale && /[^0]/.test(fraction.slice(scale))) return null;
  const value = BigInt(m[2] + fraction.slice(0, scale));
  return m[1] ? -value : value;
}

describe('query scopes', () => {
  it('"Export all rows" exports the query over the same scope as the rows on screen', async () => {
    const set = [parties[1], parties[2]];
    const saved = await call<{ path: string; rows: number }>('local:export', {
      profileId: 'sandbox',
      source: { kind: 'sql', sql: 'SELECT party, update_id FROM legs', scope: { kind: 'parties', parties: set } },
      format: 'csv',
    });
    const lines = (await readFile(saved.path, 'utf8')).trim().split('\n').slice(1);
    expect(saved.rows).toBe(count(set[0]) + count(set[1]));
    expect(lines).toHaveLength(saved.rows);
    expect(new Set(lines.map((line) => line.split(',')[0].replace(/"/g, '')))).toEqual(new Set(set));
  });

  it('a chosen set shows only its parties; one party only its own; none shows every synced party', async () => {
    const set = [parties[1], parties[2]];
    const scoped = await sql('SELECT party, count(*) FROM legs GROUP BY party ORDER BY party', {
      kind: 'parties',
      parties: set,
    });
    expect(scoped.rows.map(([p, n]) => [p, Number(n)])).toEqual(set.sort().map((p) => [p, count(p)]));
    const one = await sql('SELECT count(*), count(DISTINCT party) FROM legs', { kind: 'party', party: parties[3] });
    expect(one.rows[0].map(Number)).toEqual([count(parties[3]), 1]);
    const all = await sql('SELECT count(DISTINCT party) FROM instrument_totals');
    expect(Number(all.rows[0][0])).toBe(parties.filter((p) => count(p) > 0).length);
    // A party's id is data: one not synced has no legs; text that is no party id is refused at the door.
    const unknown = await sql('SELECT count(*) FROM legs', { kind: 'party', party: `nobody::1220${'0'.repeat(64)}` });
    expect(Number(unknown.rows[0][0])).toBe(0);
    const odd = await services.dispatch('local:sql', [
      {
        requestId: 'req-00000098',
        profileId: 'sandbox',
        sql: 'SELECT 1',
        rowCap: 1,
        scope: { kind: 'party', party: "x' OR '1'='1" },
      },
    ]);
    expect(odd.ok ? null : odd.error.message).toMatch(/not a Canton party id/);
    // The scope's own table is not a view a query may name.
    const table = await services.dispatch('local:sql', [
      {
        requestId: 'req-00000097',
        profileId: 'sandbox',
        sql: 'SELECT * FROM scope_parties',
        rowCap: 10,
        scope: { kind: 'parties', parties: set },
      },
    ]);
    expect(table.ok).toBe(false);
  }, 60_000);

  it('a portfolio marks legs between its members internal and leaves them out of instrument_totals', async () => {
    // The two parties that deal with each other most: a portfolio with internal legs to see.
    const members = [parties[0], parties[1]];
    const saved = await call<Portfolio[]>('local:savePortfolio', {
      profileId: 'sandbox',
      previousName: null,
      name: 'Treasury',
      parties: members,
    });
    expect(saved).toEqual([{ name: 'Treasury', parties: members }]);
    const clash = await services.dispatch('local:savePortfolio', [
      { profileId: 'sandbox', previousName: null, name: 'treasury', parties: [parties[2]] },
    ]);
    expect(clash.ok).toBe(false);

    const legs = members.flatMap((p) => (byParty.get(p) ?? []).map((leg) => ({ ...leg, party: p })));
    const isInternal = (leg: TransferLeg) => leg.counterparty !== null && members.includes(leg.counterparty);
    expect(legs.filter(isInternal).length).toBeGreaterThan(0);
    const marked = await sql('SELECT internal, count(*) FROM legs GROUP BY internal ORDER BY internal', {
      kind: 'portfolio',
      name: 'Treasury',
    });
    expect(marked.rows.map(([i, n]) => [i, Number(n)])).toEqual([
      [false, legs.filter((l) => !isInternal(l)).length],
      [true, legs.filter(isInternal).length],
    ]);
    const shape = await sql('SELECT * FROM legs LIMIT 1', { kind: 'portfolio', name: 'Treasury' });
    expect(shape.columns.at(-1)).toEqual({ name: 'internal', type: 'BOOLEAN' });

    // External totals, made here: net units per party and instrument over the non-internal legs.
    const expected = new Map<string, bigint>();
    for (const leg of legs) {
      if (isInternal(leg)) continue;
      const u = units(leg);
      if (u === null) continue;
      const key = [leg.party, leg.instrumentAdmin, leg.instrumentId].join('|');
      expected.set(key, (expected.get(key) ?? 0n) + (leg.isIncoming ? u : -u));
    }
    const totals = await sql(
      'SELECT party, instrument_admin, instrument_id, net_units::VARCHAR FROM instrument_totals WHERE amount_scale IS NOT NULL',
      { kind: 'portfolio', name: 'Treasury' },
    );
    const got = new Map(totals.rows.map(([p, a, i, net]) => [[p, a, i].join('|'), BigInt(net as string)]));
    expect(got).toEqual(expected);
    // The same parties as a plain set count every leg, internal ones too.
    const plain = await sql('SELECT sum(legs) FROM instrument_totals', { kind: 'parties', parties: members });
    expect(Number(plain.rows[0][0])).toBe(legs.length);
    // An unknown portfolio is said by name.
    const missing = await services.dispatch('local:sql', [
      {
        requestId: 'req-00000099',
        profileId: 'sandbox',
        sql: 'SELECT 1 FROM legs',
        rowCap: 1,
        scope: { kind: 'portfolio', name: 'Nope' },
      },
    ]);
    expect(missing.ok ? null : missing.error.message).toMatch(/No portfolio named "Nope"/);
  }, 60_000);
});

/** A decimal text (a view's exact sum) as units at `scale`. */
function unitsOf(text: string, scale: number): bigint {
  return units({ amount: text, decimals: scale } as TransferLeg) as bigint;
}

/** Whose leg it is: the receiver of an incoming leg, the sender of an outgoing one. */
const ownerOf = (leg: { isIncoming: boolean; senderParty: string | null; receiverParty: string | null }) =>
  leg.isIncoming ? leg.receiverParty : leg.senderParty;

describe('the local views over a scope (table, counterparties, flows, relationship, exports)', () => {
  const everything = { after: null, before: null };
  const legsQuery = (scope: SqlScope | undefined, extra: Record<string, unknown> = {}) => ({
    requestId: `req-${randomBytes(4).toString('hex')}`,
    profileId: 'sandbox',
    party: parties[0],
    ...(scope ? { scope } : {}),
    filters: { ...ALL_LEGS, ...extra },
    sort: { column: 'effectiveAt', desc: true },
    offset: 0,
    limit: 5000,
  });

  it('the Transfers table reads a chosen set: every leg of its parties, each its own party, filters over all of them', async () => {
    const set = [parties[1], parties[2]];
    const page = await call<{ total: number; legs: TransferLeg[] }>(
      'local:legs',
      legsQuery({ kind: 'parties', parties: set }),
    );
    expect(page.total).toBe(count(set[0]) + count(set[1]));
    expect(new Set(page.legs.map(ownerOf))).toEqual(new Set(set));
    // No scope: the party on screen alone, as before.
    const own = await call<{ total: number }>('local:legs', legsQuery(undefined));
    expect(own.total).toBe(count(parties[0]));
    // An amount bound compares exactly in every scale of every party in the set.
    const legs = set.flatMap((p) => byParty.get(p) ?? []);
    const atLeast = legs.filter((l) => {
      const u = units(l);
      return u !== null && u * 10n ** BigInt(18 - (l.decimals ?? 18)) >= 500n * 10n ** 18n;
    }).length;
    const bound = await call<{ total: number }>(
      'local:legs',
      legsQuery({ kind: 'parties', parties: set }, { amountMin: '500' }),
    );
    expect(bound.total).toBe(atLeast);
    // The filters' instruments and statuses count the set's legs.
    const facets = await call<{ instruments: Array<{ legs: number }> }>('local:facets', 'sandbox', parties[0], {
      kind: 'parties',
      parties: set,
    });
    expect(facets.instruments.reduce((n, i) => n + i.legs, 0)).toBe(legs.length);
  }, 60_000);

  it('Counterparties of a portfolio are its dealings with the outside world, summed exactly over its members', async () => {
    const members = [parties[0], parties[1]];
    await call<Portfolio[]>('local:savePortfolio', {
      profileId: 'sandbox',
      previousName: null,
      name: 'Desk',
      parties: members,
    });
    const expected = new Map<string, { legsIn: number; legsOut: number; net: bigint }>();
    for (const party of members) {
      for (const leg of byParty.get(party) ?? []) {
        if (leg.counterparty !== null && members.includes(leg.counterparty)) continue;
        const u = units(leg);
        if (u === null) continue;
        const key = [leg.counterparty, leg.instrumentAdmin, leg.instrumentId].join('|');
        const row = expected.get(key) ?? { legsIn: 0, legsOut: 0, net: 0n };
        if (leg.isIncoming) row.legsIn++;
        else row.legsOut++;
        row.net += leg.isIncoming ? u : -u;
        expected.set(key, row);
      }
    }
    const ranking = await call<{ rows: CounterpartyRow[] }>('local:counterparties', {
      profileId: 'sandbox',
      party: parties[0],
      scope: { kind: 'portfolio', name: 'Desk' },
      range: everything,
      instruments: null,
    });
    const got = new Map(
      ranking.rows.map((r) => [
        [r.counterparty, r.instrumentAdmin, r.instrumentId].join('|'),
        { legsIn: r.legsIn, legsOut: r.legsOut, net: unitsOf(r.net, r.decimals ?? 18) },
      ]),
    );
    expect(got).toEqual(expected);
    expect(ranking.rows.some((r) => r.counterparty !== null && members.includes(r.counterparty))).toBe(false);

    // The relationship with a member keeps the legs between the two (it is asked by name).
    const between = await call<{ total: number }>('local:relationship', {
      profileId: 'sandbox',
      party: parties[0],
      scope: { kind: 'portfolio', name: 'Desk' },
      counterparty: parties[1],
      range: everything,
      instruments: null,
      bucket: 'month',
    });
    const internal = members.flatMap((p) => byParty.get(p) ?? []).filter((l) => members.includes(l.counterparty ?? ''));
    expect(between.total).toBe(internal.filter((l) => l.counterparty === parties[1]).length);

    // A portfolio deleted since it was chosen is said by name, not read as "every party".
    const gone = await services.dispatch('local:flows', [
      {
        profileId: 'sandbox',
        party: parties[0],
        scope: { kind: 'portfolio', name: 'Gone' },
        range: everything,
        instruments: null,
        bucket: 'month',
      },
    ]);
    expect(gone.ok ? null : gone.error.message).toMatch(/No portfolio named "Gone"/);
  }, 60_000);

  it('Flows over every synced party count every leg once', async () => {
    const flows = await call<{ buckets: Array<{ legsIn: number; legsOut: number }> }>('local:flows', {
      profileId: 'sandbox',
      party: parties[0],
      scope: { kind: 'all' },
      range: everything,
      instruments: null,
      bucket: 'month',
    });
    const total = parties.reduce((n, p) => n + count(p), 0);
    expect(flows.buckets.reduce((n, b) => n + b.legsIn + b.legsOut, 0)).toBe(total);
  }, 60_000);

  it('an export of a view over several parties names no single party in its rows, and says the scope', async () => {
    const set = [parties[1], parties[2]];
    const view = { party: parties[1], range: everything, instruments: null };
    const summed = await call<{ path: string }>('local:export', {
      profileId: 'sandbox',
      source: { kind: 'counterparties', query: { ...view, scope: { kind: 'parties', parties: set } } },
      format: 'jsonl',
    });
    const rows = (await readFile(summed.path, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { party: string | null; scope: string });
    expect(new Set(rows.map((r) => r.party))).toEqual(new Set([null]));
    expect(new Set(rows.map((r) => r.scope))).toEqual(new Set(['2 parties']));
    const one = await call<{ path: string }>('local:export', {
      profileId: 'sandbox',
      source: { kind: 'flows', query: { ...view, bucket: 'month' } },
      format: 'jsonl',
    });
    const first = JSON.parse((await readFile(one.path, 'utf8')).split('\n')[0]) as { party: string; scope: string };
    expect([first.party, first.scope]).toEqual([parties[1], 'party']);
    // The table's export reads the same parties as the table.
    const legs = await call<{ rows: number }>('local:export', {
      profileId: 'sandbox',
      source: {
        kind: 'legs',
        party: parties[1],
        scope: { kind: 'parties', parties: set },
        filters: legsQuery(undefined).filters,
        sort: { column: 'effectiveAt', desc: true },
      },
      format: 'csv',
    });
    expect(legs.rows).toBe(count(set[0]) + count(set[1]));
  }, 60_000);
});
