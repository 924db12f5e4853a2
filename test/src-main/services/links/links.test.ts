// Links and recent views through dispatch (as the renderer reaches them), on real services in a
// temp folder with the real keychain: records, the 50-entry list, refusal of a secret, the inbox.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import { linkFromArgv } from '../../../../src-main/services/links/link-from-argv.ts';
import { RECENT_VIEWS_FILE } from '../../../../src-main/services/links/recent-views-store.ts';
import type { RecordedView } from '../../../../src-shared/contract/view-target.ts';
import type { RecentView, ViewTarget } from '../../../../src-shared/contract/views.ts';
import { formatViewLink } from '../../../../src-shared/links/view-link.ts';

const PARTY = `alice::1220${'ab'.repeat(32)}`;
const API_KEY = `key${randomBytes(12).toString('hex')}`;
let services: AppServices;
let userDataDir: string;
const keychain = { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` };

const start = (dir: string) =>
  startAppServices({
    userDataDir: dir,
    version: 'test',
    transport: 'web',
    keychain,
    sandbox: false,
    host: { chooseSavePath: async () => null },
    timeouts: { shellPollMs: 50 },
  });

async function ok<T>(channel: string, ...args: unknown[]): Promise<T> {
  const answer = await services.dispatch(channel, args);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}

const chain = (name: string): ViewTarget => ({ kind: 'chain', profile: 'sandbox', chain: name });

beforeAll(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'links-'));
  services = await start(userDataDir);
  await ok('secrets:set', 'sandbox', 'apiKey', API_KEY);
});
afterAll(async () => {
  await ok('secrets:clear', 'sandbox', 'apiKey').catch(() => {});
  await services.close();
});

describe('views through dispatch', () => {
  it('records a view: answers its link and puts it first, once per link, in a file that survives a restart', async () => {
    const target: ViewTarget = {
      kind: 'transfers',
      profile: 'sandbox',
      source: 'local',
      filters: {
        party: PARTY,
        asset: { kind: 'ledgerCoin' },
        effectiveAfter: null,
        effectiveBefore: null,
        orderDesc: true,
        pageSize: 100,
        nodeId: 'validator-2',
      },
    };
    const first = await ok<RecordedView>('views:record', formatViewLink(target));
    expect(first.link).toBe(
      `ledger-explorer://transfers?profile=sandbox&party=${encodeURIComponent(PARTY)}&asset=ledgerCoin&order=desc&size=100&node=validator-2&source=local`,
    );
    expect(first.recent[0]).toMatchObject({
      link: first.link,
      kind: 'transfers',
      profile: 'sandbox',
      title: 'Local ledger of alice::1220abab… · Canton Coin · validator-2',
    });
    await ok('views:record', formatViewLink(chain('eth')));
    const again = await ok<RecordedView>('views:record', formatViewLink(target));
    expect(again.recent.map((v) => v.link)).toEqual([first.link, 'ledger-explorer://chain?profile=sandbox&chain=eth']);

    await services.close();
    services = await start(userDataDir);
    expect((await ok<RecentView[]>('views:recent')).map((v) => v.link)).toEqual(again.recent.map((v) => v.link));
  });

  it('keeps the newest 50', async () => {
    for (let i = 0; i < 55; i++) await ok('views:record', formatViewLink(chain(`chain-${i}`)));
    const recent = await ok<RecentView[]>('views:recent');
    expect(recent).toHaveLength(50);
    expect(recent[0].title).toBe('Chain chain-54');
    expect(recent[49].title).toBe('Chain chain-5');
  });

  it('refuses a view that holds a saved secret, and records nothing', async () => {
    const before = await ok<RecentView[]>('views:recent');
    const inParams: ViewTarget = {
      kind: 'rpc',
      profile: 'sandbox',
      chain: 'eth',
      nodeType: 'full',
      method: 'eth_call',
      params: JSON.stringify([{ data: `0x${API_KEY}` }]),
    };
    for (const target of [inParams, chain(API_KEY)]) {
      const answer = await services.dispatch('views:record', [formatViewLink(target)]);
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
      const message = (answer as { error: { message: string } }).error.message;
      expect(message).toMatch(/holds the API key of "Local sandbox"|holds the API key of/);
      expect(message).not.toContain(API_KEY);
    }
    expect(await ok<RecentView[]>('views:recent')).toEqual(before);
    expect(await readFile(join(userDataDir, RECENT_VIEWS_FILE), 'utf8')).not.toContain(API_KEY);
  });

  it('is not refused for a saved secret too short to tell from ordinary text ("eth")', async () => {
    await ok('secrets:set', 'sandbox', 'partnerToken', 'eth');
    try {
      const recorded = await ok<RecordedView>('views:record', formatViewLink(chain('eth')));
      expect(recorded.recent[0].link).toBe('ledger-explorer://chain?profile=sandbox&chain=eth');
    } finally {
      await ok('secrets:clear', 'sandbox', 'partnerToken');
    }
  });

  it('refuses a view of a profile that does not exist', async () => {
    expect(
      await services.dispatch('views:record', [formatViewLink({ ...chain('eth'), profile: 'gone' })]),
    ).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: 'There is no profile "gone" (deleted?).' },
    });
  });

  it('hands links and menu commands to the renderer in order, and null when there is none', async () => {
    services.shellInbox.push({ kind: 'link', url: 'ledger-explorer://chain?profile=sandbox&chain=eth' });
    services.shellInbox.push({ kind: 'command', command: 'palette' });
    expect(await ok('app:nextEvent')).toEqual({
      kind: 'link',
      url: 'ledger-explorer://chain?profile=sandbox&chain=eth',
    });
    expect(await ok('app:nextEvent')).toEqual({ kind: 'command', command: 'palette' });
    expect(await ok('app:nextEvent')).toBeNull();
    // A poll already waiting gets the next push.
    const waiting = ok('app:nextEvent');
    services.shellInbox.push({ kind: 'command', command: 'recent' });
    expect(await waiting).toEqual({ kind: 'command', command: 'recent' });
  });

  it('starts empty from a corrupt file and sets it aside; drops entries that are not links the app would open', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'links-bad-'));
    await writeFile(join(dir, RECENT_VIEWS_FILE), '{"views": [');
    const other = await start(dir);
    expect(await other.dispatch('views:recent', [])).toEqual({ ok: true, value: [] });
    await other.close();
    expect((await readdir(dir)).some((name) => name.startsWith(`${RECENT_VIEWS_FILE}.corrupt-`))).toBe(true);

    const good = {
      link: 'ledger-explorer://chain?profile=sandbox&chain=eth',
      title: 'Chain eth',
      kind: 'chain',
      profile: 'sandbox',
      at: '2026-01-01T00:00:00.000Z',
    };
    const hostile = { ...good, link: 'javascript:alert(1)' };
    const mislabelled = { ...good, link: 'ledger-explorer://chain?profile=sandbox&chain=btc', kind: 'rpc' };
    await writeFile(
      join(dir, RECENT_VIEWS_FILE),
      JSON.stringify({ version: 1, views: [hostile, good, mislabelled, good] }),
    );
    const again = await start(dir);
    expect(await again.dispatch('views:recent', [])).toEqual({ ok: true, value: [good] });
    await again.close();
  });
});

describe('linkFromArgv', () => {
  it('finds the link among the arguments a second instance or the first start gets', () => {
    const link = 'ledger-explorer://chain?profile=sandbox&chain=eth';
    expect(linkFromArgv(['/opt/Ledger Explorer/ledger-explorer', '--no-sandbox', link])).toBe(link);
    expect(linkFromArgv(['C:\\app.exe', '--', 'LEDGER-EXPLORER://chain?profile=x'])).toBe(
      'LEDGER-EXPLORER://chain?profile=x',
    );
    expect(linkFromArgv(['app', '--flag', 'https://example.com', 42, null])).toBeNull();
    expect(linkFromArgv([])).toBeNull();
  });
});
