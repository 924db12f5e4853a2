// The filter form's rules (spec 4.1 rules 3 and 4, party ids, time ranges) hold at the fields,
// before any call; and what the form does send selects exactly what the service would.
import { shortenParty } from '../../src-renderer/ui/party-format.ts';
import { expect, test } from '../support/web-app.ts';
import { expectPage, fetchLegsOverHttp, openFilters, reopen, showParty } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000 } });

test('refuses a bad party id, half an instrument pair and an inverted range at the fields, sending nothing', async ({
  app,
  page,
}) => {
  await app.open(page);
  const submit = page.getByRole('button', { name: 'Show transfers' });
  const partyField = page.getByLabel('Party id');

  await partyField.fill('alice');
  await submit.click();
  await expect(partyField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('a party id looks like name::1220… (the "::" is missing)')).toBeVisible();

  await partyField.fill('alice::1220abc');
  await submit.click();
  await expect(page.getByText('not a Canton party id: expected <name>::1220 followed by 64 hex digits')).toBeVisible();

  await partyField.fill(app.sandbox.parties[0]);
  await page.getByRole('radio', { name: 'Instrument', exact: true }).check();
  await page.getByLabel('Instrument administrator').fill(app.sandbox.instruments[1].admin);
  await submit.click();
  const idField = page.getByLabel('Instrument id', { exact: true });
  await expect(idField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('an instrument is its administrator and its id: enter the id too')).toBeVisible();
  await expect(partyField).not.toHaveAttribute('aria-invalid');

  await page.getByRole('radio', { name: 'All assets' }).check();
  await page.getByLabel('From', { exact: true }).fill('2026-02-01');
  await page.getByLabel('Before', { exact: true }).fill('2026-01-01 00:00');
  await submit.click();
  await expect(page.getByLabel('Before', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Before must be later than From', { exact: true })).toBeVisible();

  // None of it reached the service: no page was asked for.
  await expect(page.getByText('Choose a party and press “Show transfers”.')).toBeVisible();
  await expect(page.getByTestId('page-status')).toHaveCount(0);
});

test('a pair together with the coin cannot be sent: choosing Canton Coin drops the pair', async ({ app, page }) => {
  const usdx = app.sandbox.instruments.find((i) => i.symbol === 'USDX');
  if (!usdx) throw new Error('the sandbox has no USDX');
  await app.open(page);
  await page.getByLabel('Party id').fill(app.sandbox.parties[0]);
  await page.getByRole('radio', { name: 'Instrument', exact: true }).check();
  await page.getByLabel('Instrument administrator').fill(usdx.admin);
  await page.getByLabel('Instrument id', { exact: true }).fill(usdx.id);
  await page.getByRole('radio', { name: 'Canton Coin' }).check();
  await expect(page.getByLabel('Instrument administrator')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show transfers' }).click();
  await expectPage(page, 1);
  const totals = page.getByRole('table', { name: 'Totals per instrument' });
  await expect(totals.locator('tbody tr')).toHaveCount(1);
  await expect(totals.locator('tbody tr').first()).toContainText('CC');
});

test('an instrument picked from those seen, and a UTC time range, select what the service selects', async ({
  app,
  page,
}) => {
  const party = app.sandbox.parties[0];
  const gold = app.sandbox.instruments.find((i) => i.id === 'GOLD-OZ');
  if (!gold) throw new Error('the sandbox has no GOLD-OZ');
  const expected = await fetchLegsOverHttp(app, party, {
    instrumentAdmin: gold.admin,
    instrumentId: gold.id,
    effectiveAfter: '2026-01-01T00:00:00Z',
    effectiveBefore: '2026-10-01T00:00:00Z',
  });
  expect(expected.legs.length).toBeGreaterThan(0);

  await app.open(page);
  await page.getByLabel('Page size').selectOption('1000');
  await showParty(page, party);
  await expectPage(page, 1);
  await openFilters(page);
  await page.getByRole('radio', { name: 'Instrument', exact: true }).check();
  // Every instrument of the loaded page is offered; picking one fills both halves of the pair.
  const picker = page.getByLabel('Instruments seen');
  const label = await picker.locator('option', { hasText: `(${gold.id})` }).textContent();
  await picker.selectOption({ label: label ?? '' });
  await expect(page.getByLabel('Instrument administrator')).toHaveValue(gold.admin);
  await expect(page.getByLabel('Instrument id', { exact: true })).toHaveValue(gold.id);
  // Z: UTC whatever the zone beside the field says.
  await page.getByLabel('From', { exact: true }).fill('2026-01-01T00:00Z');
  await page.getByLabel('Before', { exact: true }).fill('2026-10-01T00:00:00Z');
  await page.getByRole('button', { name: 'Show transfers' }).click();
  await expect(page.getByTestId('page-status')).toHaveText(`Page 1 · ${expected.legs.length} legs · last page`);
  await expect(page.getByRole('table', { name: 'Totals per instrument' }).locator('tbody tr')).toHaveCount(1);
});

test('a party saved with a label is offered after a restart and fills the form', async ({ app, page }) => {
  const party = app.sandbox.parties[4];
  await app.open(page);
  await page.getByLabel('Party id').fill(party);
  await page.getByLabel('Label for saving').fill('Market maker');
  await page.getByRole('button', { name: 'Save this party' }).click();
  await expect(page.getByRole('button', { name: 'Forget this party' })).toBeVisible();

  await reopen(app, page);
  await expect(page.getByLabel('Party id')).toHaveValue('');
  await page.getByLabel('Saved parties').selectOption({ label: `Market maker — ${shortenParty(party)}` });
  await expect(page.getByLabel('Party id')).toHaveValue(party);
  await page.getByRole('button', { name: 'Show transfers' }).click();
  await expectPage(page, 1);
  await openFilters(page);
  await page.getByRole('button', { name: 'Forget this party' }).click();
  await expect(page.getByLabel('Saved parties').locator('option')).toHaveText(['No saved parties yet']);
});

test.describe('in Paris', () => {
  test.use({ timezoneId: 'Europe/Paris' });

  test('times are read in the zone chosen in Settings, said beside the fields; a change rewrites a typed time to the same instant', async ({
    app,
    page,
  }) => {
    await app.open(page);
    const from = page.getByLabel('From', { exact: true });
    // Described by: the zone, then the range's hint.
    await expect(from).toHaveAccessibleDescription(/^local \(Europe\/Paris\) From is included, Before is not\./);
    await from.fill('2026-05-01 10:00');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Times shown in').selectOption('utc');
    await page.getByRole('button', { name: 'Transfers', exact: true }).click();
    // 10:00 in Paris in May is 08:00 UTC: the same instant, now said in UTC.
    await expect(from).toHaveValue('2026-05-01 08:00');
    await expect(from).toHaveAccessibleDescription(/^UTC From is included/);

    await reopen(app, page);
    await expect(page.getByLabel('From', { exact: true })).toHaveAccessibleDescription(/^UTC /);
  });
});
