// Other web origins in the same browser cannot use the browser version's server: a page on another
// port of 127.0.0.1 cannot call main even when it knows the key, cannot read the key's health proof,
// and a name rebound to 127.0.0.1 (DNS rebinding) is refused outright (docs/security.md, "The
// browser version's key").
import { chromium, type Page } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';

test.use({ appOptions: { transfers: 600 } });

test('a page of another origin cannot call main, even with the key, nor read the health proof', async ({
  app,
  page,
  browser,
}) => {
  const origin = new URL(app.url).origin;
  const key = app.url.split('#bridge=')[1] as string;
  await app.open(page);

  // Another origin: the sandbox's own address (another port of 127.0.0.1), in the same browser.
  const context = await browser.newContext();
  const foreign = await context.newPage();
  await foreign.goto(`${app.sandbox.baseUrl}/`);
  const attempts = await foreign.evaluate(
    async ({ origin, key }) => {
      const outcome = async (run: () => Promise<Response>) => {
        try {
          const response = await run();
          return `status ${response.status} ${response.type}`;
        } catch (error) {
          return `refused: ${(error as Error).name}`;
        }
      };
      // Changing a setting: the call an attacker would want.
      const body = JSON.stringify([{ preferences: { theme: 'dark' } }]);
      return {
        withKey: await outcome(() =>
          fetch(`${origin}/__bridge/settings%3Aupdate`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body,
          }),
        ),
        // No preflight: sent, but without the key (the browser drops the header) and answered 403.
        opaque: await outcome(() =>
          fetch(`${origin}/__bridge/settings%3Aupdate`, {
            method: 'POST',
            mode: 'no-cors',
            headers: { authorization: `Bearer ${key}` },
            body,
          }),
        ),
        health: await outcome(() => fetch(`${origin}/__health?challenge=${'ab'.repeat(16)}`)),
      };
    },
    { origin, key },
  );
  // The preflight for a request with a key is not answered: the call is never sent.
  expect(attempts.withKey).toBe('refused: TypeError');
  expect(attempts.opaque).toBe('status 0 opaque');
  // No CORS header: the answer cannot be read from another origin.
  expect(attempts.health).toBe('refused: TypeError');
  await context.close();

  // Nothing changed in main.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByLabel('Theme')).toHaveValue('system');
});

test('a name rebound to 127.0.0.1 (DNS rebinding) gets nothing from the server, not even the page', async ({ app }) => {
  const port = new URL(app.url).port;
  // A browser in which rebind.test resolves to 127.0.0.1, as a rebinding attacker's name would.
  const rebound = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP rebind.test 127.0.0.1'],
  });
  try {
    const page: Page = await rebound.newPage();
    const response = await page.goto(`http://rebind.test:${port}/`);
    expect(response?.status()).toBe(403);
    expect(await page.locator('body').innerText()).toBe('unknown host');
    const calls = await page.evaluate(async (key) => {
      const bridge = await fetch('/__bridge/app%3Ainfo', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: '[]',
      });
      const health = await fetch('/__health');
      return [bridge.status, health.status];
    }, app.url.split('#bridge=')[1] as string);
    expect(calls).toEqual([403, 403]);
  } finally {
    await rebound.close();
  }
});
