// The notebook's folder service against real temp folders, through dispatch (the channels' zod
// checks included): list, read, save with its conflict, create, rename, delete, hostile names,
// files over budget or unreadable, an outside edit seen by the watch, and no half-written file.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import {
  FILE_BYTES_MAX,
  FOLDERS_FILE,
  NotebookFolders,
} from '../../../../src-main/services/notebook/notebook-folders.ts';
import {
  DASHBOARD_TEXT_MAX,
  type NotebookChanges,
  type NotebookDashboardFile,
  type NotebookFile,
  type NotebookListing,
  type NotebookSaved,
  QUERY_TEXT_MAX,
} from '../../../../src-shared/contract/notebook.ts';
import { DASHBOARD_LIMITS, writeDashboard } from '../../../../src-shared/notebook/dashboard-file.ts';
import { QUERY_FILE_LIMITS } from '../../../../src-shared/notebook/query-file.ts';
import { callOk } from '../../../fixtures/local-ledger.ts';

const require = createRequire(import.meta.url);
let services: AppServices;
let userData: string;
let folder: string;
let chosen: string | null = null;

beforeAll(async () => {
  userData = await mkdtemp(join(tmpdir(), 'nb-folders-'));
  services = await startAppServices({
    userDataDir: userData,
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: false,
    host: { chooseSavePath: async () => null, chooseFolder: async () => chosen },
  });
  folder = (await call<NotebookListing>('notebook:list', 'sandbox')).folder;
});
afterAll(async () => {
  await services.close();
});

const call = <T>(channel: string, ...args: unknown[]) => callOk<T>(services, channel, ...args);
const dispatch = (channel: string, ...args: unknown[]) => services.dispatch(channel, args);
const QUERY = '-- name: Big legs\n-- param: min number\n\nSELECT * FROM legs WHERE amount_units >= {{min}}\n';

/** Resolves when the generation moves past `from` (the watch saw something); the test's timeout bounds it. */
async function generationAfter(from: number): Promise<number> {
  for (;;) {
    const { generation } = await call<NotebookChanges>('notebook:changes', 'sandbox');
    if (generation > from) return generation;
    await new Promise((r) => setImmediate(r));
  }
}

describe('the folder', () => {
  it('defaults to <user-data>/queries/<profile>, created on first use', async () => {
    expect(folder).toBe(join(userData, 'queries', 'sandbox'));
    expect((await stat(folder)).isDirectory()).toBe(true);
  });

  it('lists *.sql files directly in it with name, description and problems; others are left out', async () => {
    await writeFile(join(folder, 'big.sql'), QUERY);
    await writeFile(join(folder, 'broken.sql'), '-- name: Broken\n-- param: x float\n\nSELECT {{x}}\n');
    await writeFile(join(folder, 'notes.txt'), 'not a query');
    await writeFile(join(folder, '.hidden.sql'), '-- name: Hidden\n\nSELECT 1');
    await mkdir(join(folder, 'sub'), { recursive: true });
    await writeFile(join(folder, 'sub', 'nested.sql'), '-- name: Nested\n\nSELECT 1');
    const listing = await call<NotebookListing>('notebook:list', 'sandbox');
    expect(listing.isDefault).toBe(true);
    expect(listing.files.map((f) => f.file)).toEqual(['big.sql', 'broken.sql']);
    const [big, broken] = listing.files;
    expect(big).toMatchObject({ name: 'Big legs', problems: 0, problem: null });
    expect(broken).toMatchObject({ name: 'Broken', problem: null });
    expect(broken.problems).toBe(2); // the bad type, then {{x}} undeclared
  });

  it('lists a file over budget, a link and an unreadable file with their problem, and still lists the rest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nb-hostile-'));
    await writeFile(join(dir, 'a-ok.sql'), QUERY);
    await writeFile(join(dir, 'huge.sql'), Buffer.alloc(FILE_BYTES_MAX + 1, 0x41));
    await writeFile(join(dir, 'chars.sql'), 'x'.repeat(QUERY_FILE_LIMITS.fileChars + 1));
    await symlink('/etc/passwd', join(dir, 'link.sql'));
    await writeFile(join(dir, 'locked.sql'), QUERY);
    await chmod(join(dir, 'locked.sql'), 0o000);
    await call('notebook:openFolder', { profileId: 'sandbox', path: dir });
    try {
      const byFile = Object.fromEntries(
        (await call<NotebookListing>('notebook:list', 'sandbox')).files.map((f) => [f.file, f]),
      );
      expect(byFile['a-ok.sql'].name).toBe('Big legs');
      expect(byFile['huge.sql'].problem).toMatch(/at most 1,000,000 characters, it was not opened/);
      expect(byFile['chars.sql'].problems).toBe(1); // parseQueryFile's own budget
      expect(byFile['link.sql'].problem).toMatch(/links are not followed/);
      const root = process.getuid?.() === 0;
      if (!root) expect(byFile['locked.sql'].problem).toMatch(/permission denied/);
      const link = await dispatch('notebook:read', { profileId: 'sandbox', file: 'link.sql' });
      expect(link.ok).toBe(false);
    } finally {
      await chmod(join(dir, 'locked.sql'), 0o600);
      await call('notebook:openFolder', { profileId: 'sandbox', path: '' });
    }
    expect(QUERY_TEXT_MAX).toBe(QUERY_FILE_LIMITS.fileChars);
  });

  it('refuses hostile file names at the channel, never touching a path outside the folder', async () => {
    const outside = join(userData, 'outside.sql');
    await writeFile(outside, 'SELECT 1');
    for (const file of [
      '../outside.sql',
      '..',
      'a/b.sql',
      'a\\b.sql',
      '.hidden.sql',
      'CON.sql',
      'nul.sql',
      'lpt1.sql',
      'x.sql ',
      'query',
      'x\n.sql',
      'a:b.sql',
      '',
      `${'a'.repeat(300)}.sql`,
      join(userData, 'outside.sql'),
    ]) {
      for (const [channel, arg] of [
        ['notebook:read', { profileId: 'sandbox', file }],
        ['notebook:delete', { profileId: 'sandbox', file }],
        ['notebook:save', { profileId: 'sandbox', file, text: 'SELECT 2', expect: null }],
        ['notebook:rename', { profileId: 'sandbox', file: 'big.sql', to: file }],
      ] as const) {
        const answer = await dispatch(channel, arg);
        expect(answer.ok, `${channel} ${JSON.stringify(file)}`).toBe(false);
        if (!answer.ok) expect(answer.error.code).toBe('invalid_argument');
      }
    }
    expect(await readFile(outside, 'utf8')).toBe('SELECT 1');
    expect((await readdir(folder)).sort()).toEqual(['.hidden.sql', 'big.sql', 'broken.sql', 'notes.txt', 'sub']);
  });

  it('saves over the version it read; a file changed on disk since is a conflict until the user confirms', async () => {
    const read = await call<NotebookFile>('notebook:read', { profileId: 'sandbox', file: 'big.sql' });
    expect(read.text).toBe(QUERY);
    const mine = `${QUERY}-- mine\n`;
    const saved = await call<NotebookSaved>('notebook:save', {
      profileId: 'sandbox',
      file: 'big.sql',
      text: mine,
      expect: read.version,
    });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    // Someone else writes it now.
    await writeFile(join(folder, 'big.sql'), `${QUERY}-- theirs\n`);
    const again = { profileId: 'sandbox', file: 'big.sql', text: `${mine}-- more\n`, expect: saved.file.version };
    const conflict = await call<NotebookSaved>('notebook:save', again);
    expect(conflict).toMatchObject({ ok: false, conflict: 'changed' });
    expect(await readFile(join(folder, 'big.sql'), 'utf8')).toBe(`${QUERY}-- theirs\n`);
    const confirmed = await call<NotebookSaved>('notebook:save', { ...again, overwrite: true });
    expect(confirmed.ok).toBe(true);
    expect(await readFile(join(folder, 'big.sql'), 'utf8')).toBe(`${mine}-- more\n`);
    // A new file whose name is taken.
    const taken = await call<NotebookSaved>('notebook:save', { ...again, expect: null });
    expect(taken).toMatchObject({ ok: false, conflict: 'exists' });
  });

  it('creates (a taken name gets " 2"), renames and deletes', async () => {
    const a = await call<NotebookFile>('notebook:create', { profileId: 'sandbox', file: 'copy.sql', text: QUERY });
    const b = await call<NotebookFile>('notebook:create', { profileId: 'sandbox', file: 'copy.sql', text: QUERY });
    expect([a.file, b.file]).toEqual(['copy.sql', 'copy 2.sql']);
    const renamed = await call<NotebookFile>('notebook:rename', {
      profileId: 'sandbox',
      file: 'copy 2.sql',
      to: 'renamed.sql',
    });
    expect(renamed.text).toBe(QUERY);
    const clash = await dispatch('notebook:rename', { profileId: 'sandbox', file: 'renamed.sql', to: 'copy.sql' });
    expect(clash.ok).toBe(false);
    expect(await call('notebook:delete', { profileId: 'sandbox', file: 'renamed.sql' })).toBe(true);
    expect(await call('notebook:delete', { profileId: 'sandbox', file: 'renamed.sql' })).toBe(false);
    const names = (await call<NotebookListing>('notebook:list', 'sandbox')).files.map((f) => f.file);
    expect(names).toEqual(['big.sql', 'broken.sql', 'copy.sql']);
  });

  it('refuses a rename onto another file whose name differs only in case (Linux: two files)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nb-case-'));
    await writeFile(join(dir, 'report.sql'), '-- name: Mine\n\nSELECT 1\n');
    await writeFile(join(dir, 'Report.sql'), '-- name: Theirs\n\nSELECT 2\n');
    const twoFiles = (await readdir(dir)).length === 2; // a case-insensitive disk holds one
    if (process.platform === 'linux') expect(twoFiles).toBe(true);
    await call('notebook:openFolder', { profileId: 'sandbox', path: dir });
    try {
      if (twoFiles) {
        const clash = await dispatch('notebook:rename', { profileId: 'sandbox', file: 'report.sql', to: 'Report.sql' });
        expect(clash.ok).toBe(false);
        expect(await readFile(join(dir, 'Report.sql'), 'utf8')).toContain('Theirs');
        expect(await readFile(join(dir, 'report.sql'), 'utf8')).toContain('Mine');
      }
      // A case-only rename of one file goes through.
      await writeFile(join(dir, 'alone.sql'), '-- name: Alone\n\nSELECT 3\n');
      const renamed = await call<NotebookFile>('notebook:rename', {
        profileId: 'sandbox',
        file: 'alone.sql',
        to: 'ALONE.sql',
      });
      expect(renamed.text).toContain('Alone');
      expect(await readdir(dir)).toContain('ALONE.sql');
      expect(await readdir(dir)).not.toContain('alone.sql');
    } finally {
      await call('notebook:openFolder', { profileId: 'sandbox', path: '' });
    }
  });

  it('never follows a link swapped in between the check and the read (the secret stays unread)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nb-swap-'));
    const secret = join(await mkdtemp(join(tmpdir(), 'nb-secret-')), 'secret.txt');
    await writeFile(secret, 'TOP SECRET');
    const path = join(dir, 'swap.sql');
    await writeFile(path, '-- name: Plain\n\nSELECT 1\n');
    await call('notebook:openFolder', { profileId: 'sandbox', path: dir });
    // Another program wins the race: right after the service looks at swap.sql (a plain file), it
    // becomes a link to the secret. The hook puts the swap exactly in that window, every time.
    const fsp = require('node:fs/promises') as typeof import('node:fs/promises');
    const realLstat = fsp.lstat;
    let swapped = 0;
    const hooked = async (...args: Parameters<typeof realLstat>) => {
      const info = await realLstat(...args);
      if (args[0] === path && swapped === 0) {
        swapped++;
        await rm(path);
        await symlink(secret, path);
      }
      return info;
    };
    fsp.lstat = hooked as typeof realLstat;
    syncBuiltinESMExports();
    try {
      const read = await dispatch('notebook:read', { profileId: 'sandbox', file: 'swap.sql' });
      expect(swapped).toBe(1);
      expect(JSON.stringify(read)).not.toContain('TOP SECRET');
      expect(read.ok).toBe(false);
    } finally {
      fsp.lstat = realLstat;
      syncBuiltinESMExports();
      await call('notebook:openFolder', { profileId: 'sandbox', path: '' });
    }
  });

  it('the browser version opens typed folders inside the home folder or the app data folder only', async () => {
    const browser = new NotebookFolders(userData, {}, () => {}); // no folder dialog: the browser version
    try {
      const inData = await mkdtemp(join(userData, 'team-'));
      expect((await browser.openFolder({ profileId: 'sandbox', path: inData }))?.folder).toBe(inData);
      const outside = await mkdtemp(join(tmpdir(), 'nb-outside-'));
      const viaLink = join(inData, 'link-out');
      await symlink(outside, viaLink);
      for (const path of ['/', outside, viaLink]) {
        await expect(browser.openFolder({ profileId: 'sandbox', path }), path).rejects.toMatchObject({
          code: 'invalid_argument',
          message: expect.stringMatching(/inside your home folder .* or the app's data folder only/),
        });
      }
    } finally {
      await browser.openFolder({ profileId: 'sandbox', path: '' });
      browser.close();
    }
  });

  it('sees an edit made by another program (fs.watch bumps the generation)', async () => {
    const { generation } = await call<NotebookChanges>('notebook:changes', 'sandbox');
    await writeFile(join(folder, 'copy.sql'), '-- name: Edited elsewhere\n\nSELECT 2\n');
    expect(await generationAfter(generation)).toBeGreaterThan(generation);
    const listing = await call<NotebookListing>('notebook:list', 'sandbox');
    expect(listing.files.find((f) => f.file === 'copy.sql')?.name).toBe('Edited elsewhere');
    const { generation: now } = await call<NotebookChanges>('notebook:changes', 'sandbox');
    await writeFile(join(folder, 'added.sql'), '-- name: Added\n\nSELECT 3\n');
    await generationAfter(now);
    expect((await call<NotebookListing>('notebook:list', 'sandbox')).files.map((f) => f.file)).toContain('added.sql');
  });

  it('never leaves a half-written file: a reader sees the old text or the new, whole, and no temp stays', async () => {
    const texts = ['-- name: A\n\nSELECT 1\n', `-- name: B\n\n${'-- filler\n'.repeat(80_000)}SELECT 2\n`];
    let version = (await call<NotebookFile>('notebook:read', { profileId: 'sandbox', file: 'copy.sql' })).version;
    await call('notebook:save', {
      profileId: 'sandbox',
      file: 'copy.sql',
      text: texts[0],
      expect: version,
      overwrite: true,
    });
    let saving = true;
    const seen = new Set<string>();
    const reader = (async () => {
      while (saving) {
        seen.add(await readFile(join(folder, 'copy.sql'), 'utf8'));
        await new Promise((r) => setImmediate(r));
      }
    })();
    for (let i = 0; i < 10; i++) {
      const saved = await call<NotebookSaved>('notebook:save', {
        profileId: 'sandbox',
        file: 'copy.sql',
        text: texts[(i + 1) % 2],
        expect: null,
        overwrite: true,
      });
      expect(saved.ok).toBe(false); // expect null: a new file, and the name is taken
      const read = await call<NotebookFile>('notebook:read', { profileId: 'sandbox', file: 'copy.sql' });
      version = read.version;
      const written = await call<NotebookSaved>('notebook:save', {
        profileId: 'sandbox',
        file: 'copy.sql',
        text: texts[(i + 1) % 2],
        expect: version,
      });
      expect(written.ok).toBe(true);
    }
    saving = false;
    await reader;
    for (const text of seen) expect(texts).toContain(text);
    expect((await readdir(folder)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    // A save that fails (here: the file's place is taken by a folder) leaves what was there.
    await mkdir(join(folder, 'dir.sql'));
    const failed = await dispatch('notebook:save', { profileId: 'sandbox', file: 'dir.sql', text: 'x', expect: null });
    expect(failed.ok).toBe(false);
    expect((await stat(join(folder, 'dir.sql'))).isDirectory()).toBe(true);
    expect((await readdir(folder)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('a saved file keeps its permissions (a team folder: others read it); a new one is 0644, not 0600', async () => {
    const shared = join(folder, 'shared.sql');
    await writeFile(shared, QUERY);
    await chmod(shared, 0o664);
    const read = await call<NotebookFile>('notebook:read', { profileId: 'sandbox', file: 'shared.sql' });
    await call<NotebookSaved>('notebook:save', {
      profileId: 'sandbox',
      file: 'shared.sql',
      text: `${QUERY}-- edited\n`,
      expect: read.version,
    });
    expect((await stat(shared)).mode & 0o777).toBe(0o664);
    const created = await call<NotebookFile>('notebook:create', {
      profileId: 'sandbox',
      file: 'fresh.sql',
      text: QUERY,
    });
    expect((await stat(join(folder, created.file))).mode & 0o777).toBe(0o644);
    await call('notebook:delete', { profileId: 'sandbox', file: 'shared.sql' });
    await call('notebook:delete', { profileId: 'sandbox', file: created.file });
  });

  it('keeps dashboard.json beside the queries: read, saved over the version read, a change on disk is a conflict', async () => {
    const none = await call<NotebookDashboardFile>('notebook:dashboard', 'sandbox');
    expect(none).toEqual({ path: join(folder, 'dashboard.json'), text: null, version: null });
    const first = writeDashboard({ title: 'Desk', panels: [] });
    const saved = await call<NotebookSaved>('notebook:saveDashboard', {
      profileId: 'sandbox',
      text: first,
      expect: null,
    });
    expect(saved.ok).toBe(true);
    expect(await readFile(join(folder, 'dashboard.json'), 'utf8')).toBe(first);
    const read = await call<NotebookDashboardFile>('notebook:dashboard', 'sandbox');
    expect(read.text).toBe(first);
    // Another program (a git pull) writes it: the version the app read is stale, so its save is refused.
    await writeFile(join(folder, 'dashboard.json'), writeDashboard({ title: 'Pulled', panels: [] }));
    const stale = await call<NotebookSaved>('notebook:saveDashboard', {
      profileId: 'sandbox',
      text: writeDashboard({ title: 'Mine', panels: [] }),
      expect: read.version,
    });
    expect(stale).toMatchObject({ ok: false, conflict: 'changed' });
    expect(await readFile(join(folder, 'dashboard.json'), 'utf8')).toContain('"Pulled"');
    // dashboard.json is not a query: the listing leaves it out.
    const listing = await call<NotebookListing>('notebook:list', 'sandbox');
    expect(listing.files.map((f) => f.file)).not.toContain('dashboard.json');
    expect(DASHBOARD_TEXT_MAX).toBe(DASHBOARD_LIMITS.fileChars);
  });

  it('"Open folder…" points the profile at another folder, remembered across restarts; a bad path is refused', async () => {
    const team = await mkdtemp(join(tmpdir(), 'nb-team-'));
    await writeFile(join(team, 'team.sql'), '-- name: Team query\n\nSELECT 1\n');
    chosen = team;
    const opened = await call<NotebookListing | null>('notebook:openFolder', { profileId: 'sandbox', path: null });
    expect(opened?.folder).toBe(team);
    expect(opened?.isDefault).toBe(false);
    expect(opened?.files.map((f) => f.file)).toEqual(['team.sql']);
    chosen = null;
    expect(await call('notebook:openFolder', { profileId: 'sandbox', path: null })).toBeNull();
    // Remembered in its own file: a new service (a restart) opens the same folder.
    expect(JSON.parse(await readFile(join(userData, FOLDERS_FILE), 'utf8')).folders.sandbox).toBe(team);
    const restarted = new NotebookFolders(userData, {}, () => {});
    expect((await restarted.folderOf('sandbox')).folder).toBe(team);
    // The browser version: no dialog, a typed path.
    await expect(restarted.openFolder({ profileId: 'sandbox', path: null })).rejects.toMatchObject({
      code: 'unsupported',
    });
    restarted.close();
    for (const path of ['relative/folder', join(team, 'team.sql'), join(team, 'missing'), 'a\0b']) {
      const answer = await dispatch('notebook:openFolder', { profileId: 'sandbox', path });
      expect(answer.ok, path).toBe(false);
    }
    const unknown = await dispatch('notebook:list', 'no-such-profile');
    expect(unknown.ok).toBe(false);
    await call('notebook:openFolder', { profileId: 'sandbox', path: '' });
    expect((await call<NotebookListing>('notebook:list', 'sandbox')).folder).toBe(folder);
  });
});
