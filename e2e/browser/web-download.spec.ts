// The browser version's exports reach the browser: the status says the file is on the machine
// running the app, and Download brings exactly the bytes main wrote (docs/running.md, "Exports in
// the browser version"; the route's rules: docs/security.md, "Downloads in the browser version").
import { readFile, rm } from 'node:fs/promises';
import { expect, test } from '../support/web-app.ts';
import { expectPage, showParty } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000 } });

test('a transfers export says where it is and downloads byte for byte in the browser', async ({ app, page }) => {
  await app.open(page);
  await showParty(page, app.sandbox.parties[0]);
  await expectPage(page, 1);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const card = page.getByTestId('export-card');
  await expect(card).toHaveAttribute('data-state', 'done');
  const path = (await page.getByTestId('export-path').textContent()) ?? '';
  expect(path.startsWith(app.exportDir)).toBe(true);
  const fileName = path.split('/').at(-1) as string;
  const offer = card.getByTestId('download-offer');
  await expect(offer).toContainText('This file is on the machine running the app.');

  const downloading = page.waitForEvent('download');
  await offer.getByRole('button', { name: `Download ${fileName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  // The address the page navigated to names no path: a one-time token of the same origin.
  expect(new URL(download.url()).pathname).toMatch(/^\/__download\/[A-Za-z0-9_-]{43}$/);
  expect(new URL(download.url()).origin).toBe(new URL(app.url).origin);
  expect(await download.failure()).toBeNull();
  const received = await readFile(await download.path());
  const written = await readFile(path);
  expect(written.length).toBeGreaterThan(100_000);
  expect(received.equals(written)).toBe(true);

  // Deleted on the server since: the page says so in words when Download is pressed again.
  await rm(path);
  await offer.getByRole('button', { name: `Download ${fileName}` }).click();
  await expect(offer.getByRole('alert')).toContainText(
    `${fileName} is no longer where it was written (${path}): it was deleted or moved. Export it again.`,
  );
});
