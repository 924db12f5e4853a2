// Each error the service can give the transfers screen, shown with the service's own words: 401,
// 404, the quarantined node (503, 2.5) with the other nodes offered, and start-up (503, 2.6) that
// retries by itself until the rows appear. (403 is in transfers-drill.spec.ts.)
import { expect, test } from '../support/web-app.ts';
import { expectPage, legRows, showParty } from './transfers-support.ts';

test.describe('on a small ledger', () => {
  test.use({ appOptions: { transfers: 2000 } });

  test('an expired JWT: the form says so before any call, and the service refuses it (401)', async ({ app, page }) => {
    await app.open(page);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
    const row = page.getByTestId('secret-ledgerJwt');
    await row.getByLabel('Ledger JWT (transfers)').fill(app.sandbox.tokens.expired);
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('secret-ledgerJwt-status')).toContainText(app.sandbox.tokens.expired.slice(-4));
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Transfers' }).click();

    await expect(page.getByTestId('token-info')).toContainText('The ledger JWT has expired');
    await showParty(page, app.sandbox.parties[0]);
    const problem = page.getByTestId('transfer-problem');
    await expect(problem).toContainText('The service refused the ledger JWT (401).');
    await expect(problem).toContainText('[unauthorized]');
    await expect(problem).toContainText('ledger JWT has expired');
  });

  test('a well-formed party the ledger does not know: 404 with the service message', async ({ app, page }) => {
    await app.open(page);
    await showParty(page, `nobody::1220${'0'.repeat(64)}`);
    const problem = page.getByTestId('transfer-problem');
    await expect(problem).toContainText('Not found (404).');
    await expect(problem).toContainText('[not_found]');
    await expect(problem).toContainText('HTTP 404 —');
  });

  test('a quarantined node: a card naming node, network and detail, with the other nodes one click away', async ({
    app,
    page,
  }) => {
    await app.open(page);
    await page.getByLabel('Validator node').selectOption('validator-3');
    await showParty(page, app.sandbox.parties[0]);
    const card = page.getByRole('alert', { name: 'Node quarantined' });
    await expect(card.getByRole('heading')).toHaveText('Validator node validator-3 is quarantined');
    await expect(card).toContainText('sandbox-devnet');
    await expect(card).toContainText('failed its ledger-integrity check');
    await expect(card.getByRole('button', { name: /^Use validator-3/ })).toHaveCount(0);
    await card.getByRole('button', { name: /^Use validator-2/ }).click();
    await expectPage(page, 1);
    await expect(legRows(page).first()).toBeVisible();
    await expect(page.getByLabel('Validator node')).toHaveValue('validator-2');
    await expect(card).toHaveCount(0);
  });
});

test.describe('while the service is starting', () => {
  test.use({ appOptions: { transfers: 2000, startupSeconds: 8 } });

  test('shows phase, elapsed time, migrations and progress bars, then the rows once it is ready', async ({
    app,
    page,
  }) => {
    test.setTimeout(45_000);
    await app.open(page);
    await showParty(page, app.sandbox.parties[0]);
    const card = page.getByTestId('service-starting');
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(/^Service starting — phase [1-5] of 5: [a-z-]+$/);
    await expect(card).toContainText('Elapsed');
    await expect(card).toContainText('Pending migrations');
    await expect(card).toContainText(/Trying again in [1-5] s/);
    // Replay per node and lifecycle indexes, as progress bars.
    await expect(card.getByRole('progressbar')).toHaveCount(5);
    // An export started now waits for the service (it is still running while the card shows)...
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const exportCard = page.getByTestId('export-card');
    await expect(exportCard).toHaveAttribute('data-state', 'running');
    await expect(card).toBeVisible();
    // The screen retries by itself: no click, and the rows appear.
    await expectPage(page, 1);
    await expect(legRows(page).first()).toBeVisible();
    await expect(card).toHaveCount(0);
    // ...and finishes once the service is up.
    await expect(exportCard).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
  });
});
