// Counterparties, the relationship view and flows, read from the local store after a sync through
// the UI: the figures on screen equal exact sums computed here from the party's legs over HTTP.
import { join, resolve } from 'node:path';
import type { TransferLeg } from '../../src-shared/contract/transfers.ts';
import { formatAmount } from '../../src-shared/decimal.ts';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone } from './local-support.ts';
import { fetchLegsOverHttp } from './transfers-support.ts';

test.use({ appOptions: { transfers: 8000 } });

const DAY = 86_400_000;

const units = (amount: string, decimals: number) => {
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole + fraction.padEnd(decimals, '0'));
  return amount.startsWith('-') ? -value : value;
};
const text = (value: bigint, decimals: number) => {
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  const plain = decimals > 0 ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return formatAmount(value < 0n ? `-${plain}` : plain, decimals);
};
const label = (leg: TransferLeg) => leg.symbol ?? leg.instrumentId ?? '(no instrument)';

/** Per counterparty of one instrument: legs and exact volumes, ranked as the screen should rank them. */
function ranking(legs: TransferLeg[]) {
  const by = new Map<string, { legsIn: number; legsOut: number; in: bigint; out: bigint }>();
  for (const leg of legs) {
    const t = by.get(leg.counterparty as string) ?? { legsIn: 0, legsOut: 0, in: 0n, out: 0n };
    const u = units(leg.amount as string, leg.decimals ?? 18);
    if (leg.isIncoming) {
      t.legsIn++;
      t.in += u;
    } else {
      t.legsOut++;
      t.out += u;
    }
    by.set(leg.counterparty as string, t);
  }
  return [...by].sort(([a, x], [b, y]) => {
    const [sx, sy] = [x.in + x.out, y.in + y.out];
    return sx > sy ? -1 : sx < sy ? 1 : a < b ? -1 : 1;
  });
}

test('the top counterparty, its relationship and the monthly flows equal the legs over HTTP', async ({ app, page }) => {
  const party = app.sandbox.parties[0];
  const { legs } = await fetchLegsOverHttp(app, party);
  // The view's default range: the 365 days up to the newest leg's next midnight (UTC).
  const newest = Math.max(...legs.map((l) => Date.parse(l.effectiveAt as string)));
  const end = Math.floor(newest / DAY) * DAY + DAY;
  const inRange = legs.filter((l) => {
    const at = Date.parse(l.effectiveAt as string);
    return at >= end - 365 * DAY && at < end;
  });

  await app.open(page);
  await openLocalParty(page, party);
  await syncToDone(page);
  await page.getByRole('tab', { name: 'Counterparties' }).click();
  await expect(page.getByText(/^Default: the 365 days up to the newest synced leg/)).toBeVisible();

  // The first instrument's table; its legs and the ranking expected for them.
  const table = page.getByRole('table', { name: / counterparties$/ }).first();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const instrument = ((await table.getAttribute('aria-label')) as string).replace(/ counterparties$/, '');
  const ofInstrument = inRange.filter((l) => label(l) === instrument);
  const decimals = ofInstrument[0].decimals ?? 18;
  const [[top, totals]] = ranking(ofInstrument);

  const first = table.locator('tbody tr').first();
  // Named by the party it shows; what it does, with the full id, in its title (its description).
  const open = first.locator('button[title^="Open the relationship with "]');
  await expect(open).toHaveAttribute('title', `Open the relationship with ${top}`);
  await expect(open.locator('[data-full-text]')).toHaveAttribute('data-full-text', top);
  await expect(first.locator('td')).toHaveText([
    '1',
    /::/,
    totals.legsIn.toLocaleString('en-US'),
    totals.legsOut.toLocaleString('en-US'),
    text(totals.in, decimals),
    text(totals.out, decimals),
    text(totals.in - totals.out, decimals),
    /^\d{4}-\d{2}-\d{2}$/,
    /^\d{4}-\d{2}-\d{2}$/,
  ]);

  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: join(resolve(import.meta.dirname, '../..'), 'docs/screenshots/counterparties.png') });
  }

  // The relationship: every leg between the two parties in the range.
  await open.click();
  const between = inRange.filter((l) => l.counterparty === top);
  await expect(
    page.getByRole('heading', { name: new RegExp(`^Legs \\(${between.length.toLocaleString('en-US')}`) }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Totals between the parties' }).locator('tbody tr')).toHaveCount(
    new Set(between.map(label)).size,
  );
  await expect(page.getByTestId('flow-chart').first().locator('canvas')).toBeAttached();
  await page.getByRole('button', { name: '← All counterparties' }).click();

  // Flows per month: the instrument's total line equals the sums over the range.
  await page.getByRole('tab', { name: 'Flows' }).click();
  await page.getByRole('radio', { name: 'month' }).check();
  const flows = page.getByRole('table', { name: `${instrument} flows per month` });
  let volumeIn = 0n;
  let volumeOut = 0n;
  for (const l of ofInstrument) {
    if (l.isIncoming) volumeIn += units(l.amount as string, decimals);
    else volumeOut += units(l.amount as string, decimals);
  }
  await expect(flows.locator('tfoot td')).toHaveText([
    ofInstrument.filter((l) => l.isIncoming).length.toLocaleString('en-US'),
    ofInstrument.filter((l) => !l.isIncoming).length.toLocaleString('en-US'),
    text(volumeIn, decimals),
    text(volumeOut, decimals),
    text(volumeIn - volumeOut, decimals),
  ]);
  const months = new Set(ofInstrument.map((l) => new Date(l.effectiveAt as string).toISOString().slice(0, 7)));
  await expect(flows.locator('tbody tr')).toHaveCount(months.size);
});
