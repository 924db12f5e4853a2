// When the server behind the page stops, the page says so in words and keeps what the user typed;
// when `npm run dev:web` runs again on the same folder it comes back by itself (same address, same
// key) and asks main again. A server started with a new key is said too, and the printed address
// opened again in the tab brings it (and the app's other tabs) back. A program that takes the port
// while the server is away gets neither the key nor a call (docs/security.md, "The browser
// version's key").
import { createServer, type IncomingMessage } from 'node:http';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';
import { expectPage, legRows, openFilters } from './transfers-support.ts';

test.use({ appOptions: { transfers: 600 } });
// Each test starts the app's main twice (services, sandbox, EVM nodes) on a shared 2-core machine.
test.slow();

const STOPPED = "Ledger Explorer's server stopped: run npm run dev:web again.";
const NEW_KEY = "Ledger Explorer's server no longer accepts this tab's key: open the address npm run dev:web printed";

const banner = (page: Page) => page.getByTestId('server-status');
// The app asks main every 5 s (app info), so a stop is noticed within that, plus the call's own time.
const NOTICED = { timeout: 15_000 };
// The server starting again (services, sandbox) and the page's next look (at most 5 s apart).
const BACK = { timeout: 30_000 };

test('a stopped server is said in words, what was typed stays, and the page comes back by itself with the same data', async ({
  app,
  page,
}) => {
  await app.open(page);
  await page.getByRole('button', { name: 'Try a sample party' }).click();
  await expectPage(page, 1);
  const rows = await legRows(page).allInnerTexts();
  expect(rows.length).toBeGreaterThan(0);
  await expect(banner(page)).toBeHidden();

  // A crash: no chance to say goodbye (its folder lock stays behind).
  await app.stopServer('SIGKILL');
  await expect(banner(page)).toContainText(STOPPED, NOTICED);
  await expect(banner(page)).toHaveAttribute('role', 'alert');

  // Typed while it is away.
  await openFilters(page);
  const typed = app.sandbox.parties[3] as string;
  await page.getByLabel('Party id').fill(typed);

  const asksAgain = page.waitForRequest((r) => r.url().includes('/__bridge/transfers%3Apage'), BACK);
  await app.startServer();
  await expect(banner(page)).toBeHidden(BACK);
  // Asked again (not just the cache), and the same legs on screen; the draft is untouched.
  await asksAgain;
  await expect(page.getByLabel('Party id')).toHaveValue(typed);
  await expect.poll(() => legRows(page).allInnerTexts()).toEqual(rows);
  await expect(page.getByText('Settings could not be loaded.')).toHaveCount(0);
});

test('a server started with a new key is said in words; the printed address opened again brings this tab and the others back', async ({
  app,
  page,
}) => {
  const origin = new URL(app.url).origin;
  await app.open(page);
  const other = await page.context().newPage();
  await other.goto(`${origin}/`);
  await expect(other.locator('.app[data-ready="true"]')).toBeVisible();

  await app.stopServer();
  await app.startServer({ newKey: true });
  expect(new URL(app.url).origin).toBe(origin);
  for (const tab of [page, other]) await expect(banner(tab)).toContainText(NEW_KEY, BACK);

  // The newly printed address in the first tab: a fragment change only, no reload.
  await page.goto(app.url);
  await expect(banner(page)).toBeHidden();
  expect(page.url()).toBe(`${origin}/`);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText('Settings could not be loaded.')).toHaveCount(0);
  // The other tab took the new key from it, once the server proved it holds that key.
  await expect(banner(other)).toBeHidden();
  await other.reload();
  await expect(other.locator('.app[data-ready="true"]')).toBeVisible();
  await other.close();
});

test('a program that takes the port while the server is away gets neither the key nor a call, even from a tab it serves', async ({
  app,
  page,
}) => {
  const origin = new URL(app.url).origin;
  const key = app.url.split('#bridge=')[1] as string;
  await app.open(page);
  await app.stopServer();
  await expect(banner(page)).toContainText(STOPPED, NOTICED);

  // The squatter claims to be Ledger Explorer but cannot prove the key. Its page, opened in a new tab
  // at the app's own origin, asks the app's open tab for the key as the app would, and reports
  // whatever it can read.
  const seen: Array<{ method: string; url: string; authorization: string; body: string }> = [];
  const squatter = createServer((req, res) => {
    void readAll(req).then((body) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization ?? '', body });
      if (req.url?.startsWith('/__health')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ app: 'ledger-explorer', instance: 'squatter', proof: '0'.repeat(64) }));
      } else if (req.url === '/') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<!doctype html><title>squatter</title><script>
          const report = (what) => fetch('/report', { method: 'POST', body: JSON.stringify(what) });
          const channel = new BroadcastChannel('ledger-explorer-bridge-key');
          channel.onmessage = (event) => report({ answer: event.data });
          report({ storage: sessionStorage.getItem('ledger-explorer.bridge-key'), local: { ...localStorage } });
          channel.postMessage({ type: 'ask' });
          report({ asked: true });
        </script>`);
      } else {
        res.writeHead(204);
        res.end();
      }
    });
  });
  await new Promise<void>((r) => squatter.listen(Number(new URL(origin).port), '127.0.0.1', r));
  try {
    // The open tab looks, finds no proof: it does not take this for its server.
    await expect.poll(() => seen.some((r) => r.url.startsWith('/__health?challenge='))).toBe(true);
    await expect(banner(page)).toContainText(NEW_KEY, NOTICED);
    const thief = await page.context().newPage();
    await thief.goto(`${origin}/`);
    await expect.poll(() => seen.some((r) => r.body.includes('"asked":true'))).toBe(true);
    // The open tab checked the squatter again before it would answer (and found no proof).
    const asked = seen.findIndex((r) => r.body.includes('"asked":true'));
    await expect.poll(() => seen.slice(asked).some((r) => r.url.startsWith('/__health?challenge='))).toBe(true);
    await thief.close();
  } finally {
    await new Promise((r) => {
      squatter.close(r);
      squatter.closeAllConnections();
    });
  }

  // Back on its port with its key: the tab comes back by itself.
  await app.startServer();
  await expect(banner(page)).toBeHidden(BACK);
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();

  expect(seen.filter((r) => r.url.startsWith('/__bridge'))).toEqual([]);
  for (const request of seen) {
    expect(request.authorization).toBe('');
    expect(request.url).not.toContain(key);
    expect(request.body).not.toContain(key);
  }
  expect(seen.some((r) => r.body.includes('"answer"'))).toBe(false);
});

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
  });
}
