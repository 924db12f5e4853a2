// The one flow chart in Chromium, on the Local ledger after a real sync: a chart of one day of data
// is that day between its neighbours (issue 24 saw an axis from Dec 2026 to Jun 2029 with one bar
// at its edge), every chart has a visible title naming its instrument, and pointing at a bar shows
// its exact amount, equal to the sum computed here from the party's legs over HTTP.
import type { Locator } from '@playwright/test';
import type { TransferLeg } from '../../src-shared/contract/transfers.ts';
import { addDecimal, parseDecimal, ZERO } from '../../src-shared/decimal.ts';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone } from './local-support.ts';
import { fetchLegsOverHttp } from './transfers-support.ts';

test.use({ appOptions: { transfers: 4000 } });

const DAY = 86_400_000;
const label = (leg: TransferLeg) => leg.symbol ?? leg.instrumentId ?? '(no instrument)';
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the chart says its axis is (it writes it on the plot element: a canvas cannot be read). */
async function axisOf(chart: Locator) {
  const [from, to, ticks] = await Promise.all(
    ['data-x-from', 'data-x-to', 'data-ticks'].map((name) => chart.getAttribute(name)),
  );
  return { from: Date.parse(from as string), to: Date.parse(to as string), ticks: (ticks as string).split(' ') };
}

test('a chart of one day of flows shows that day with a title, and the exact amount under the pointer', async ({
  app,
  page,
}) => {
  const party = app.sandbox.parties[0];
  const { legs } = await fetchLegsOverHttp(app, party);
  // The day of the party's newest leg, in UTC (the store's buckets are UTC days).
  const newest = Math.max(...legs.map((l) => Date.parse(l.effectiveAt as string)));
  const day = Math.floor(newest / DAY) * DAY;
  const dayText = new Date(day).toISOString().slice(0, 10);
  const ofDay = legs.filter((l) => Math.floor(Date.parse(l.effectiveAt as string) / DAY) * DAY === day);

  await app.open(page);
  await openLocalParty(page, party);
  await syncToDone(page);
  await page.getByRole('tab', { name: 'Flows' }).click();
  // The Flows range (not the sync range above it), typed in UTC whatever the display zone: the buckets are UTC days.
  const range = page.getByRole('form', { name: 'Time range' });
  await range.getByRole('textbox', { name: 'From' }).fill(`${dayText}T00:00:00Z`);
  await range
    .getByRole('textbox', { name: 'Before' })
    .fill(`${new Date(day + DAY).toISOString().slice(0, 10)}T00:00:00Z`);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page
      .getByRole('table', { name: / flows per day$/ })
      .first()
      .locator('tbody tr'),
  ).toHaveCount(1);

  // The first instrument's chart, and the net expected for it: in minus out, exact.
  const section = page.getByRole('region', { name: / flows$/ }).first();
  const instrument = ((await section.getAttribute('aria-label')) as string).replace(/ flows$/, '');
  const mine = ofDay.filter((l) => label(l) === instrument);
  expect(mine.length).toBeGreaterThan(0);
  let net = ZERO;
  for (const leg of mine) {
    const amount = parseDecimal(leg.amount as string);
    if (!amount) continue;
    net = addDecimal(net, leg.isIncoming ? amount : { units: -amount.units, scale: amount.scale });
  }

  await expect(
    section.getByRole('heading', { name: new RegExp(`^Net flow of ${literally(instrument)}.* per UTC day`) }),
  ).toBeVisible();
  const chart = section.getByTestId('flow-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`: 1 day, ${dayText}$`));

  // The axis: the day with one day either side, every tick inside it (not three years wide).
  await expect(chart).toHaveAttribute('data-x-from', new Date(day - DAY).toISOString());
  const axis = await axisOf(chart);
  expect(axis.to).toBe(day + DAY);
  expect(axis.ticks.length).toBeGreaterThan(0);
  for (const tick of axis.ticks) {
    expect(Date.parse(tick)).toBeGreaterThanOrEqual(day - DAY);
    expect(Date.parse(tick)).toBeLessThanOrEqual(day + DAY);
  }

  // The one bar sits in the middle: pointing there reads out its net flow exactly as the table
  // beside it writes it, and that is the sum over HTTP to the last digit.
  const tableNet = (await section.getByRole('table').locator('tbody tr td').last().innerText()).trim();
  const read = parseDecimal(tableNet.replaceAll(',', ''));
  expect(read && addDecimal(read, { units: -net.units, scale: net.scale }).units).toBe(0n);
  const readout = `${dayText} (UTC): net ${net.units > 0n ? '+' : ''}${tableNet} ${instrument}`;
  await chart.locator('.u-over').hover();
  await expect(section.locator('.flow-readout')).toHaveText(readout);
  // The keyboard reads the same bar.
  await page.mouse.move(0, 0);
  await expect(section.locator('.flow-readout')).toHaveText('Point at a bar for its exact amount.');
  await chart.focus();
  await page.keyboard.press('End');
  await expect(section.locator('.flow-readout')).toHaveText(readout);

  // The relationship view: one chart per instrument, each with its title on screen.
  await page.getByRole('tab', { name: 'Counterparties' }).click();
  await page
    .getByRole('table', { name: / counterparties$/ })
    .first()
    .locator('tbody tr')
    .first()
    .locator('button[title^="Open the relationship with "]')
    .click();
  const relationship = page.getByRole('region', { name: 'Relationship' });
  const totals = relationship.getByRole('table', { name: 'Totals between the parties' }).locator('tbody tr');
  await expect(totals.first()).toBeVisible();
  await expect(relationship.getByTestId('flow-chart')).toHaveCount(await totals.count());
  const titles = relationship.locator('.flow-chart-title');
  await expect(titles).toHaveCount(await totals.count());
  for (const title of await titles.all()) {
    await expect(title).toBeVisible();
    await expect(title).toHaveText(/^Net flow of .+ per UTC month/);
  }
});
