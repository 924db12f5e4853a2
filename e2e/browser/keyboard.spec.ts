// Keyboard only, in Chromium against the sandbox: every screen's main actions are reached with Tab
// and pressed with Enter (no click anywhere), and whatever has the keyboard focus shows a ring.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';
import { answerPane } from './rpc-support.ts';
import { expectPage, legRows } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000 } });

/** Presses Tab until `target` has the focus; fails if it is not among the next `limit` stops. */
async function tabTo(page: Page, target: Locator, limit = 120): Promise<void> {
  const handle = await target.elementHandle();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((el) => el === document.activeElement, handle)) return;
  }
  throw new Error(`not reached with ${limit} presses of Tab: ${target}`);
}

/**
 * The focused element's ring: outline or box-shadow, as computed. Inside a shadow root (the
 * CodeMirror editors) the ring is drawn by an element round the focused one: the nearest ancestor
 * there that has one counts.
 */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement as HTMLElement;
    const what = `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : ''} ${
      el.getAttribute('aria-label') ?? (el.id || el.textContent?.trim().slice(0, 40) || '')
    } ${el.className}`;
    const ringOf = (node: HTMLElement) => {
      const style = getComputedStyle(node);
      return {
        outline:
          style.outlineStyle === 'none' ? null : `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`,
        shadow: style.boxShadow === 'none' ? null : style.boxShadow,
      };
    };
    if (!el.shadowRoot?.activeElement) return { what, ...ringOf(el) };
    while (el.shadowRoot?.activeElement) el = el.shadowRoot.activeElement as HTMLElement;
    for (let node: HTMLElement | null = el; node; node = node.parentElement) {
      const ring = ringOf(node);
      if (ring.outline || ring.shadow) return { what, ...ring };
    }
    return { what, outline: null, shadow: null };
  });

/**
 * Tabs through the first `stops` focus stops of the screen: each shows a ring. (CodeMirror marks
 * itself focused a moment after the focus moves in: the ring is waited for, not read once.)
 */
async function expectRingOnEveryStop(page: Page, screen: string, stops: number): Promise<void> {
  await page.locator('body').focus();
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const { what } = await focusRing(page);
    if (what.startsWith('body')) break;
    await expect
      .poll(
        async () => {
          const ring = await focusRing(page);
          return Boolean(ring.outline || ring.shadow);
        },
        { message: `${screen}: ${what} has the focus and no visible ring` },
      )
      .toBe(true);
  }
}

test('the focus ring: the accent colour, 2 px, in the light and the dark theme, on every stop of each screen', async ({
  app,
  page,
}) => {
  await app.open(page);
  const nav = page.getByRole('navigation', { name: 'Sections' });
  for (const [theme, accent] of [
    ['light', 'rgb(35, 87, 217)'],
    ['dark', 'rgb(126, 162, 255)'],
  ]) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    await page.locator('body').focus();
    await tabTo(page, nav.getByRole('button', { name: 'Chains', exact: true }));
    expect(await focusRing(page)).toMatchObject({ outline: `2px solid ${accent}` });
  }
  for (const name of ['Transfers', 'Local ledger', 'Chains', 'RPC console', 'Settings']) {
    await nav.getByRole('button', { name, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expectRingOnEveryStop(page, name, 60);
  }
});

test('Transfers by keyboard: a party, its page, a leg’s detail and back, the next page, Load all', async ({
  app,
  page,
}) => {
  await app.open(page);
  await tabTo(page, page.getByLabel('Party id'));
  await page.keyboard.type(app.sandbox.parties[0]);
  await page.keyboard.press('Enter');
  await expectPage(page, 1);

  // The table is one Tab stop (its first header cell at first); ArrowDown is the first leg's first cell.
  await tabTo(
    page,
    page.getByRole('table', { name: 'Transfer legs' }).getByRole('columnheader').first().getByRole('button'),
  );
  await page.keyboard.press('ArrowDown');
  const firstCell = legRows(page).first().getByRole('cell').first();
  await expect(firstCell).toBeFocused();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('complementary', { name: 'Transfer leg details' });
  await expect(detail).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(firstCell).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Next page →' }));
  await page.keyboard.press('Enter');
  await expectPage(page, 2);
  await tabTo(page, page.getByRole('button', { name: 'Load all' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('load-all-status')).toContainText('all loaded');
  await expect(page.getByRole('status', { name: 'Load all status' })).toContainText('All pages loaded');
});

test('Chains to the RPC console and a call, all by keyboard', async ({ app, page }) => {
  await app.open(page);
  await tabTo(page, page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Chains' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chains');
  // The chains table is one Tab stop: in with Tab, then down its rows to polygon's and to its Open button.
  const chains = page.getByRole('table', { name: 'Chains' });
  await tabTo(page, chains.getByRole('columnheader').first());
  const open = page.getByRole('button', { name: 'Open polygon in the RPC console' });
  await page.keyboard.press('End');
  for (let row = 0; row < 50 && !(await open.evaluate((el) => el === document.activeElement)); row++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('RPC console');
  await expect(page.getByLabel('Chain', { exact: true })).toHaveValue('polygon');

  await tabTo(page, page.getByLabel('Method', { exact: true }));
  await page.keyboard.press('ControlOrMeta+KeyA');
  await page.keyboard.type('eth_chainId');
  await tabTo(page, page.getByRole('button', { name: 'Send', exact: true }));
  await page.keyboard.press('Enter');
  await expect(answerPane(page).getByTestId('rpc-status')).toHaveText('HTTP 200');

  // Past the answer's rows (a Copy button each) in one press.
  await tabTo(page, page.getByRole('button', { name: 'Skip Answer JSON' }));
  await expect(page.getByRole('button', { name: 'Skip Answer JSON' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('End of Answer JSON')).toBeFocused();
});

test('Local ledger: choose a party and sync it by keyboard; the end is announced', async ({ app, page }) => {
  await app.open(page);
  await tabTo(page, page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Local ledger' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('Or a party id'));
  await page.keyboard.type(app.sandbox.parties[0]);
  await tabTo(page, page.getByRole('button', { name: 'Use party' }));
  await page.keyboard.press('Enter');
  // "Reading the local store…" until the ledger engine answers (it starts on this screen's first
  // call): Sync now is disabled, and so out of the Tab order, until then.
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled();
  await tabTo(page, page.getByRole('button', { name: 'Sync now' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sync-panel')).toHaveAttribute('data-state', 'done');
  await expect(page.getByRole('status', { name: 'Sync status' })).toHaveText(/^Sync done: [\d,]+ legs in \d+ pages?$/);
});

test('Settings: a new profile through the form by keyboard', async ({ app, page }) => {
  await app.open(page);
  await tabTo(page, page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'New profile…' }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'New profile' });
  await tabTo(page, form.getByLabel('Name', { exact: true }));
  await page.keyboard.type('Keyboard');
  for (const [label, url] of [
    ['Ledger-data base URL', app.sandbox.baseUrl],
    ['Chain listing URL', app.sandbox.translateUrl],
    ['Marketplace-partner URL', app.sandbox.partnerUrl],
    ['Node access URL', app.sandbox.rpcUrl],
  ]) {
    await tabTo(page, form.getByLabel(label));
    await page.keyboard.type(url);
  }
  await tabTo(page, form.getByRole('button', { name: 'Create profile' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Profile Keyboard' })).toBeVisible();
});
