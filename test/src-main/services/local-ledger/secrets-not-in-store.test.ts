// Secrets never enter the store: with every secret of the profile saved (the JWT the sync uses, an
// API key, a partner token), after a sync none of them is in any byte of any file in the
// local-ledger folder (the database, its WAL, temp files), in UTF-8 or UTF-16.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RemoteSync, startRemoteSync } from './remote-sync-fixture.ts';
import { filesHolding, folderFiles } from './store-files.ts';

let fixture: RemoteSync;
beforeAll(async () => {
  fixture = await startRemoteSync({ transfers: 3_000 });
}, 60_000);
afterAll(async () => {
  await fixture?.close();
});

describe('secrets and the local store', () => {
  it('no saved secret is in any file of the local-ledger folder after a sync', async () => {
    const jwt = fixture.sandbox.credentials.ledgerJwt;
    const secrets = {
      ledgerJwt: jwt,
      apiKey: 'api-key-4f2b9c0d1e7a6b5c',
      partnerToken: 'partner-token-9a8b7c6d5e4f3a2b',
    };
    await fixture.call('secrets:set', 'remote', 'apiKey', secrets.apiKey);
    await fixture.call('secrets:set', 'remote', 'partnerToken', secrets.partnerToken);
    const done = await fixture.sync(fixture.parties[0]);
    expect(done.state).toBe('done');
    expect(done.legs).toBeGreaterThan(0);
    const folder = fixture.services.local.folder;
    // While the store is open (a WAL may be there), and once it is closed and checkpointed.
    for (const moment of ['open', 'closed']) {
      if (moment === 'closed') await fixture.services.local.close();
      expect((await folderFiles(folder)).length).toBeGreaterThan(0);
      // The JWT whole, and its signature alone (the part that makes it a credential).
      for (const [kind, secret] of [...Object.entries(secrets), ['jwt signature', jwt.split('.')[2]]]) {
        expect({ moment, kind, files: await filesHolding(folder, secret) }).toEqual({ moment, kind, files: [] });
      }
    }
  }, 60_000);
});
