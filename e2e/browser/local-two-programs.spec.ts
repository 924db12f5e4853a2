// The app and a scheduled `npm run cli -- sync` on one user-data folder at the same time
// (docs/local-ledger.md, "Two programs, one store"): with the Local ledger screen open, the CLI syncs
// the same profile's store; the provenance line and the table show its legs by themselves (no
// reload, no click), and a sync the user then starts fetches only what is new.
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, runCliSync } from './local-support.ts';
import { fetchLegsOverHttp } from './transfers-support.ts';

/** The CLI's own in-process sandbox has the app's seed; with the same size it holds the same ledger. */
const TRANSFERS = 2000;

const cliSync = (userDataDir: string, party: string) => runCliSync(userDataDir, party, TRANSFERS);

test.describe('a scheduled sync while the app is open', () => {
  test.use({ appOptions: { transfers: TRANSFERS } });

  test('the Local ledger screen shows the legs the CLI synced without a restart', async ({ app, page }) => {
    const party = app.sandbox.parties[0];
    const expected = await fetchLegsOverHttp(app, party);
    const total = expected.legs.length.toLocaleString('en');

    await app.open(page);
    await openLocalParty(page, party);
    const provenance = page.getByTestId('local-provenance');
    await expect(provenance).toHaveText('Not synced yet');

    // By name, as a person writes the job: the sandbox's first party is exchange-north.
    const cli = await cliSync(app.userDataDir, party.split('::')[0]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ state: 'done', party, legs: expected.legs.length });

    // Nothing clicked, nothing reloaded: main saw the store change and the screen read it again.
    await expect(provenance).toHaveText(
      new RegExp(`^Local, synced (just now|1 minute ago) from the default node, ${total} legs$`),
    );
    await expect(page.getByTestId('local-count')).toHaveText(`${total} legs match`);

    // The user's own sync after it: only what is new, which is nothing (its last hour fetched again
    // is not new: it said "2 legs … only what is new"), and the same total.
    await page.getByRole('button', { name: 'Sync now' }).click();
    const panel = page.getByTestId('sync-panel');
    await expect(panel).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('sync-progress')).toHaveText(
      /^Nothing new since the last sync \(\d+ legs? checked again\)$/,
    );
    await expect(page.getByRole('status', { name: 'Sync status' })).toHaveText(
      /^Sync done: nothing new since the last sync \(\d+ legs? checked again\)$/,
    );
    await expect(provenance).toHaveText(new RegExp(`, ${total} legs$`));
  });
});
