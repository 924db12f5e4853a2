// Reconciling a statement against a party synced from the in-process sandbox, through the channels
// (real DuckDB store, real HTTP sync): a statement written from the party's own legs over HTTP, with
// one transfer left out, one added and one mistyped, comes back as exactly those three, named.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../../src-main/services/app-services.ts';
import type { TransferSource } from '../../../../../src-main/services/ledger/transfer-source.ts';
import { runSync } from '../../../../../src-main/services/local-ledger/sync/sync-run.ts';
import type { SyncStatus } from '../../../../../src-shared/contract/local-ledger.ts';
import type {
  ReconcileExported,
  ReconcileMapping,
  ReconcileMappingAnswer,
  ReconcileRequest,
  ReconcileResult,
} from '../../../../../src-shared/contract/reconcile.ts';
import type { TransferLeg } from '../../../../../src-shared/contract/transfers.ts';
import { callOk, legsOverHttp } from '../../../../fixtures/local-ledger.ts';

let services: AppServices;
let party: string;
let other: string;
let legs: TransferLeg[];
let savePath: string | null = null;
let userData: string;

const call = <T>(channel: string, ...args: unknown[]) => callOk<T>(services, channel, ...args);

const MAPPING: ReconcileMapping = {
  time: 'Booked',
  counterparty: 'Counterparty',
  instrument: 'Asset',
  amount: 'Amount',
  reference: 'Ref',
  direction: null,
  sign: 'negative-is-out',
  decimal: '.',
  zone: 'utc',
};

/** The party's own books for a leg: negative when it went out, grouped thousands, quoted where needed. */
function lineOf(leg: TransferLeg, amount = leg.amount ?? '0'): string {
  const [whole, fraction] = amount.split('.');
  // Grouped only with a fraction: "1,234" alone is refused as ambiguous (docs/reconcile.md).
  const grouped = fraction ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  const text = `${leg.isIncoming ? '' : '-'}${grouped}${fraction ? `.${fraction}` : ''}`;
  return [leg.effectiveAt, leg.counterparty, leg.instrumentId, `"${text}"`, leg.updateId].join(',');
}

const request = (csv: string, extra: Partial<ReconcileRequest> = {}): ReconcileRequest => ({
  requestId: `req-${randomBytes(4).toString('hex')}`,
  profileId: 'sandbox',
  party,
  csv,
  delimiter: 'auto',
  mapping: MAPPING,
  toleranceSeconds: 300,
  onlyStatementCounterparties: false,
  rowCap: 1000,
  remember: false,
  ...extra,
});

beforeAll(async () => {
  userData = await mkdtemp(join(tmpdir(), 'reconcile-'));
  services = await startAppServices({
    userDataDir: userData,
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers: 1_500, evm: false },
    host: { chooseSavePath: async (name) => (savePath ? join(savePath, name) : null) },
  });
  const parties = services.sandbox?.describe().parties as string[];
  party = parties[0];
  other = parties[1];
  const started = await call<SyncStatus>('local:sync', {
    profileId: 'sandbox',
    party,
    nodeId: null,
    range: { after: null, before: null },
  });
  const done = await services.local.waitForSync(started.jobId);
  expect(done.state, JSON.stringify(done.error)).toBe('done');
  // Legs without a counterparty cannot be a statement's line; the scope below leaves them out.
  legs = (await legsOverHttp(services, party)).filter((l) => l.effectiveAt !== null && l.counterparty !== null);
  legs.sort((a, b) => (a.effectiveAt as string).localeCompare(b.effectiveAt as string));
}, 90_000);
afterAll(async () => {
  await services.close();
});

/** The party's whole history as a statement, but for one left out, one mistyped and one added. */
function statementWithThreeFaults() {
  const missing = legs[Math.floor(legs.length / 3)];
  const mistyped = legs[Math.floor((2 * legs.length) / 3)];
  const mistypedAmount = `${mistyped.amount}0`.includes('.') ? `${mistyped.amount}1` : `${mistyped.amount}0`;
  const extraAt = legs[Math.floor(legs.length / 2)].effectiveAt as string;
  const lines = ['\uFEFFBooked,Counterparty,Asset,Amount,Ref'];
  for (const leg of legs) {
    if (leg === missing) continue;
    lines.push(leg === mistyped ? lineOf(leg, mistypedAmount) : lineOf(leg));
  }
  lines.push(`${extraAt},${other},NOPE-COIN,"1,234.50",INV-77`);
  return { csv: `${lines.join('\r\n')}\r\n`, missing, mistyped, mistypedAmount, extraAt };
}

describe('reconcile a statement against a synced party', () => {
  it('names exactly the missing, the extra and the mistyped transfer', async () => {
    const { csv, missing, mistyped } = statementWithThreeFaults();
    const result = await call<ReconcileResult>('local:reconcile', request(csv, { onlyStatementCounterparties: true }));
    expect(result.problems).toEqual([]);
    expect(result.counts).toEqual({
      matched: legs.length - 2,
      'ledger-only': 1,
      'statement-only': 1,
      'amount-differs': 1,
    });
    const [ledgerOnly] = result.rows['ledger-only'];
    expect(ledgerOnly.updateId).toBe(missing.updateId);
    expect(ledgerOnly.message).toContain('in the ledger only: no statement line with counterparty');
    const [statementOnly] = result.rows['statement-only'];
    expect(statementOnly.message).toMatch(
      new RegExp(
        `^in the statement only: no ledger leg with counterparty ${other} for 1234\\.5 NOPE-COIN within 5 min of `,
      ),
    );
    expect(statementOnly.line).toBe(legs.length + 1);
    const [differs] = result.rows['amount-differs'];
    expect(differs.updateId).toBe(mistyped.updateId);
    expect(differs.message).toMatch(/^amount differs: statement -?[\d.]+, ledger -?[\d.]+/);
    expect(differs.statementAmount).not.toBe(differs.ledgerAmount);
  });

  it('writes the whole result as CSV with the export writer', async () => {
    savePath = await mkdtemp(join(tmpdir(), 'reconcile-export-'));
    const { csv } = statementWithThreeFaults();
    const exported = await call<ReconcileExported>(
      'local:reconcileExport',
      request(csv, { rowCap: 1, onlyStatementCounterparties: true }),
    );
    const text = await readFile(exported.path, 'utf8');
    const rows = text.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'category,line,statement_at,ledger_at,counterparty,instrument,statement_amount,ledger_amount,reference,update_id,status,message',
    );
    expect(rows).toHaveLength(legs.length + 2);
    expect(exported.rows).toBe(legs.length + 1);
    expect(rows.filter((r) => r.startsWith('statement-only,'))).toHaveLength(1);
    expect(rows.some((r) => r.startsWith('amount-differs,') && r.includes('"amount differs: statement'))).toBe(true);
  });

  it('compares the statuses the statement holds: a withdrawn leg is left out and counted, not in the ledger only', async () => {
    // A statement of the completed and pending legs: the sandbox's failed and withdrawn ones moved nothing.
    const holds = new Set(['completed', 'pending']);
    const held = legs.filter((l) => holds.has(l.status as string));
    const csv = ['Booked,Counterparty,Asset,Amount,Ref', ...held.map((l) => lineOf(l))].join('\n');
    const all = await legsOverHttp(services, party);
    const at = (l: TransferLeg) => Date.parse(l.effectiveAt as string);
    const [from, to] = [at(held[0]) - 300_000, at(held.at(-1) as TransferLeg) + 300_000];
    const inSpan = all.filter((l) => l.effectiveAt !== null && at(l) >= from && at(l) <= to);
    const others = new Map<string | null, number>();
    for (const l of inSpan) if (!holds.has(l.status as string)) others.set(l.status, (others.get(l.status) ?? 0) + 1);
    expect(others.get('withdrawn')).toBeGreaterThan(0);

    const result = await call<ReconcileResult>(
      'local:reconcile',
      request(csv, { leftOutStatuses: ['failed', 'withdrawn'] }),
    );
    expect(result.problems).toEqual([]);
    expect(result.otherStatuses).toEqual(
      [...others].sort(([a], [b]) => String(a).localeCompare(String(b))).map(([status, n]) => ({ status, legs: n })),
    );
    expect(result.counts.matched).toBe(held.length);
    // Only the held statuses' legs without a statement line (those with no counterparty) are left.
    expect(result.counts['ledger-only']).toBe(
      inSpan.filter((l) => holds.has(l.status as string) && l.counterparty === null).length,
    );
    expect(result.legs).toBe(inSpan.length - [...others.values()].reduce((a, b) => a + b, 0));
    for (const row of [...result.rows.matched, ...result.rows['ledger-only']])
      expect(holds.has(row.status as string)).toBe(true);
    expect(result.rows.matched.find((r) => r.updateId === held[0].updateId)?.status).toBe(held[0].status);

    // Every status (no choice): the withdrawn legs are in the ledger only, each with its status.
    const every = await call<ReconcileResult>('local:reconcile', request(csv));
    expect(every.otherStatuses).toEqual([]);
    const withdrawn = every.rows['ledger-only'].filter((r) => r.status === 'withdrawn');
    expect(withdrawn.map((r) => r.updateId).sort()).toEqual(
      inSpan
        .filter((l) => l.status === 'withdrawn')
        .map((l) => l.updateId)
        .sort(),
    );
    expect(withdrawn[0].message).toMatch(/^in the ledger only: .* \(leg \w+, withdrawn\)$/);
  });

  it('reconciles a party with more statuses than a request may name: only the few left out are sent', async () => {
    // Statuses are the service's free text: this party has 70 (two legs each), and a failed leg.
    const many = `many-statuses::1220${'cd'.repeat(32)}`;
    const start = Date.parse('2026-03-01T10:00:00Z');
    const stored: TransferLeg[] = Array.from({ length: 141 }, (_, i) => ({
      updateId: `upd-${i}`,
      effectiveAt: new Date(start + i * 60_000).toISOString(),
      instrumentAdmin: 'admin::1',
      instrumentId: 'USDX',
      symbol: 'USDX',
      decimals: 2,
      amount: `${i + 1}.25`,
      senderParty: many,
      receiverParty: other,
      counterparty: other,
      isIncoming: false,
      status: i === 140 ? 'failed' : `settled-${String(Math.floor(i / 2)).padStart(2, '0')}`,
    }));
    const source: TransferSource = {
      fetchPage: async () => ({
        party: many,
        legs: stored,
        count: stored.length,
        hasNextPage: false,
        next: null,
        unknownFields: [],
        nodeId: null,
        elapsedMs: 0,
      }),
    };
    const store = await (await services.local.ledger()).writer('sandbox');
    const plan = { party: many, nodeId: null, after: null, before: null };
    await runSync(store, source, plan, new AbortController().signal, () => {});
    const facets = await call<{ statuses: Array<{ status: string | null }> }>('local:facets', 'sandbox', many);
    expect(facets.statuses).toHaveLength(71);

    // The party's books: every leg but the failed one, which moved nothing.
    const books = stored
      .slice(0, 140)
      .map((l) => [l.effectiveAt, l.counterparty, l.instrumentId, `-${l.amount}`, l.updateId]);
    const csv = ['Booked,Counterparty,Asset,Amount,Ref', ...books.map((cells) => cells.join(','))].join('\n');
    const result = await call<ReconcileResult>(
      'local:reconcile',
      request(csv, { party: many, leftOutStatuses: ['failed'] }),
    );
    expect(result.problems).toEqual([]);
    expect(result.counts).toEqual({ matched: 140, 'ledger-only': 0, 'statement-only': 0, 'amount-differs': 0 });
    expect(result.otherStatuses).toEqual([{ status: 'failed', legs: 1 }]);
    expect(result.legs).toBe(140);

    // Nothing left out: every status is compared, the failed leg is in the ledger only with its status.
    const every = await call<ReconcileResult>('local:reconcile', request(csv, { party: many, leftOutStatuses: [] }));
    expect(every.counts['ledger-only']).toBe(1);
    expect(every.rows['ledger-only'][0]).toMatchObject({ updateId: 'upd-140', status: 'failed' });
    expect(every.otherStatuses).toEqual([]);
  });

  it('pairs duplicates one to one: two equal lines for one leg leave one line in the statement only', async () => {
    const leg = legs[5];
    const csv = ['Booked,Counterparty,Asset,Amount,Ref', lineOf(leg), lineOf(leg)].join('\n');
    const result = await call<ReconcileResult>(
      'local:reconcile',
      request(csv, { toleranceSeconds: 0, onlyStatementCounterparties: true }),
    );
    expect(result.counts.matched).toBe(1);
    expect(result.counts['statement-only']).toBe(1);
    expect(result.rows.matched[0].updateId).toBe(leg.updateId);
    // The reference names the leg: the line that carries it is the one matched.
    const noRef = lineOf(leg).replace(/,[^,]*$/, ',');
    const withRef = lineOf(leg);
    const ordered = ['Booked,Counterparty,Asset,Amount,Ref', noRef, withRef].join('\n');
    const byRef = await call<ReconcileResult>(
      'local:reconcile',
      request(ordered, { toleranceSeconds: 0, onlyStatementCounterparties: true }),
    );
    expect(byRef.rows.matched[0].line).toBe(3);
    expect(byRef.rows['statement-only'][0].line).toBe(2);
  });

  it('reads a bad line as a problem naming its line and still reconciles the rest', async () => {
    const leg = legs[7];
    const csv = [
      'Booked;Counterparty;Asset;Amount;Ref',
      [leg.effectiveAt, leg.counterparty, leg.instrumentId, `${leg.isIncoming ? '' : '-'}${leg.amount}`, 'r'].join(';'),
      `=cmd|' /C calc'!A0;${other};X;1;r`,
      `2026-01-01T00:00:00Z;=HYPERLINK("x");X;1;r`,
      `2026-01-01T00:00:00Z;${other};X;1,234;r`,
      `2026-01-01T00:00:00Z;${other};X;1`,
      `2026-01-01T00:00:00Z;${other};X;${'9'.repeat(5000)};r`,
      `2026-01-01T00:00:00Z;${other};X\uFFFD;1;r`,
    ].join('\r\n');
    const result = await call<ReconcileResult>(
      'local:reconcile',
      request(csv, { onlyStatementCounterparties: true, toleranceSeconds: 0 }),
    );
    expect(result.counts.matched).toBe(1);
    expect(result.problems.map((p) => p.line)).toEqual([3, 4, 5, 6, 7, 8]);
    const message = (line: number) => result.problems.find((p) => p.line === line)?.message;
    expect(message(3)).toMatch(/^time: .* is not a time/);
    expect(message(4)).toMatch(/^counterparty: .* starts like a spreadsheet formula/);
    expect(message(5)).toMatch(/^amount: "1,234" could be 1234 or 1\.234/);
    expect(message(6)).toBe('expected 5 cells as in the header, found 4');
    expect(message(7)).toMatch(/^cell 4 is longer than 4096 characters/);
    expect(message(8)).toMatch(/^instrument: the text is not UTF-8/);
  });

  it('refuses a mapping whose column the header lacks, at line 1', async () => {
    const answer = await services.dispatch('local:reconcile', [
      request('When,Who,What,How much\n', { mapping: MAPPING }),
    ]);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.message).toMatch(/^Line 1: the time column "Booked" is not in the header/);
  });

  it('remembers the mapping for the header, per profile', async () => {
    const head = 'Booked,Counterparty,Asset,Amount,Ref\n';
    // The file's first characters: the header and some lines, the last one cut short.
    const before = await call<ReconcileMappingAnswer>('local:reconcileMapping', {
      profileId: 'sandbox',
      head: `${head}${lineOf(legs[1])}\n${lineOf(legs[2]).slice(0, 20)}`,
      delimiter: 'auto',
    });
    expect(before.problems).toEqual([]);
    expect(before.remembered).toBe(false);
    expect(before.header).toEqual(['Booked', 'Counterparty', 'Asset', 'Amount', 'Ref']);
    const mine = { ...MAPPING, sign: 'negative-is-in' as const, zone: 'local' as const };
    await call<ReconcileResult>(
      'local:reconcile',
      request(`${head}${lineOf(legs[3])}\n`, { mapping: mine, remember: true }),
    );
    const after = await call<ReconcileMappingAnswer>('local:reconcileMapping', {
      profileId: 'sandbox',
      head,
      delimiter: 'auto',
    });
    expect(after).toMatchObject({ remembered: true, mapping: mine, delimiter: ',' });
    const file = JSON.parse(await readFile(join(userData, 'reconcile-mappings.json'), 'utf8'));
    expect(Object.keys(file.profiles)).toEqual(['sandbox']);
    const tabbed = await call<ReconcileMappingAnswer>('local:reconcileMapping', {
      profileId: 'sandbox',
      head: 'Booked\tCounterparty\tAsset\tAmount\n',
      delimiter: 'auto',
    });
    expect(tabbed).toMatchObject({ remembered: false, delimiter: '\t' });
    expect(tabbed.mapping?.amount).toBe('Amount');
  });
});
