// Sync to local: progress to done, a provenance line that names the node and the service's leg
// count, and a cancelled sync that resumes to the same total.
import { expect, test } from '../support/web-app.ts';
import { armFault, clearFaults } from './faults-support.ts';
import { chooseDefaultNode, openLocalParty, syncToDone } from './local-support.ts';
import { fetchLegsOverHttp } from './transfers-support.ts';

test.describe('a party with a few thousand legs', () => {
  test.use({ appOptions: { transfers: 8000 } });

  test('syncs with progress to done; the provenance line names the node and every leg', async ({ app, page }) => {
    const party = app.sandbox.parties[0];
    const expected = await fetchLegsOverHttp(app, party);
    const total = expected.legs.length.toLocaleString('en');

    await app.open(page);
    await openLocalParty(page, party);
    await expect(page.getByTestId('local-provenance')).toHaveText('Not synced yet');
    const node = await chooseDefaultNode(page);
    await syncToDone(page);

    await expect(page.getByTestId('sync-progress')).toContainText(`${total} legs in ${expected.pages} pages`);
    await expect(page.getByTestId('local-provenance')).toHaveText(
      new RegExp(`^Local, synced (just now|1 minute ago) from node ${node}, ${total} legs$`),
    );
    await expect(page.getByTestId('local-count')).toHaveText(`${total} legs match`);
  });
});

test.describe('a sync held at its third page', () => {
  test.use({ appOptions: { transfers: 20_000, faults: true } });

  test('a cancelled sync says it resumes, and "Resume sync" finishes with the same total', async ({ app, page }) => {
    const party = app.sandbox.parties[0];
    const expected = await fetchLegsOverHttp(app, party);
    const total = expected.legs.length.toLocaleString('en');

    expect(expected.pages).toBeGreaterThan(2);
    // A sync reads page one and the range's newest leg (its window plan), then pages its time
    // windows several at once, committing them in window order at least once a second
    // (sync-windows.ts). Those two come at once, the windows' first pages after more than a second
    // (so they are committed and reported), every later page waits a minute: the cancel lands
    // mid-sync with some pages stored, every time.
    await armFault(app, 'ledger', 'latency=1', { match: 'tokenTransfers', times: 2 });
    await armFault(app, 'ledger', 'latency=1100', { match: 'tokenTransfers', times: 4 });
    await armFault(app, 'ledger', 'latency=60000', { match: 'tokenTransfers' });

    await app.open(page);
    await openLocalParty(page, party);
    await page.getByRole('button', { name: 'Sync now' }).click();
    const panel = page.getByTestId('sync-panel');
    // The first progress signal: a page is in; cancel then.
    await expect(page.getByTestId('sync-progress')).not.toHaveText(/^0 legs/);
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel).toHaveAttribute('data-state', 'cancelled');
    await expect(panel).toContainText('resumes where it stopped');
    // Some of the legs, fewer than all: what was stored before the cancel.
    const stored = (await page.getByTestId('sync-progress').textContent()) ?? '';
    const storedLegs = Number(/^([\d,]+) legs in \d+ pages?/.exec(stored)?.[1]?.replaceAll(',', '') ?? Number.NaN);
    expect(storedLegs).toBeGreaterThan(0);
    expect(storedLegs).toBeLessThan(expected.legs.length);
    await clearFaults(app);

    await page.getByRole('button', { name: 'Resume sync' }).click();
    await expect(panel).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('local-provenance')).toHaveText(new RegExp(`, ${total} legs$`));
    await expect(page.getByTestId('local-count')).toHaveText(`${total} legs match`);
  });
});
