// Preferences through dispatch, as the renderer saves them: a patch changes what it names and
// nothing else (the schema's defaults once filled in every field left out, so saving the theme reset
// the transfers table's layout), and the keychain banner's dismissals are kept per profile.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import type { SettingsView } from '../../../../src-shared/contract/schemas.ts';
import { acmeProfileInput } from '../../../fixtures/acme-profile.ts';

let services: AppServices;
let userDataDir: string;
beforeEach(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'preferences-'));
  services = await startAppServices({
    userDataDir,
    version: 'test',
    transport: 'web',
    keychain: { keytar: async () => Promise.reject(new Error('no keychain in this test')) },
    sandbox: false,
    host: { chooseSavePath: async () => null },
  });
});
afterEach(async () => {
  await services.close();
  await rm(userDataDir, { recursive: true, force: true });
});

async function ok<T>(channel: string, ...args: unknown[]): Promise<T> {
  const answer = await services.dispatch(channel, args);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}

const layout = {
  columnVisibility: { status: false },
  columnOrder: ['amount', 'status'],
  columnSizing: { amount: 180 },
};
const dismissed = { sandbox: 'session:no-session-bus:Could not connect' };

it('a patch changes only what it names: the table layout and the dismissals outlive a change of theme', async () => {
  await ok('settings:savePreferences', { transfersTable: layout, dismissedKeychainNotices: dismissed });
  const view = await ok<SettingsView>('settings:savePreferences', { theme: 'dark' });
  expect(view.settings.preferences).toMatchObject({
    theme: 'dark',
    transfersTable: layout,
    dismissedKeychainNotices: dismissed,
  });
});

it('a deleted profile takes its dismissal with it (a new profile of the same id has dismissed nothing)', async () => {
  const { profile } = await ok<{ profile: { id: string } }>('settings:saveProfile', acmeProfileInput());
  await ok('settings:savePreferences', { dismissedKeychainNotices: { ...dismissed, [profile.id]: 'session::x' } });
  const view = await ok<SettingsView>('settings:deleteProfile', profile.id);
  expect(view.settings.preferences.dismissedKeychainNotices).toEqual(dismissed);
});
