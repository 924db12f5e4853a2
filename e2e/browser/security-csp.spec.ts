// The renderer's Content-Security-Policy, enforced by Chromium on the real app page: script that
// gets into the DOM does not run, and the renderer cannot reach any other origin (all HTTP is
// main's). This is the browser build's policy (connect-src 'self', for the test bridge); the
// Electron build's differs only by connect-src 'none' (src-shared/csp.ts).
import { expect, test } from '../support/web-app.ts';

// This file provokes violations on purpose and asserts them itself. (eval is not tried here: code
// that Playwright evaluates in the page runs through DevTools, which Chromium exempts from the
// eval rule; the app's own bundle runs with no eval at all — zod is jitless — under every test.)
test.use({ expectCspViolations: true });

type Probe = Window & { __ran: string[]; __violations: string[] };

test('injected inline script and inline handlers do not run; fetches to other origins are blocked', async ({
  app,
  page,
}) => {
  await app.open(page);
  const sandboxUrl = `${app.sandbox.baseUrl}/api/v2/parties/${encodeURIComponent(app.sandbox.parties[0])}/tokenTransfers`;
  const remoteUrl = 'https://ledger.example.com/api/v2/parties';

  const fetches = await page.evaluate(
    async ({ sandboxUrl, remoteUrl }) => {
      const w = window as unknown as Probe;
      w.__ran = [];
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        w.__violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
      // 1. An inline <script> put into the page.
      const script = document.createElement('script');
      script.textContent = 'window.__ran.push("inline script")';
      document.body.append(script);
      // 2. An inline event handler arriving as HTML (the classic injection); it would run when the image fails.
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="/no-such-image.png" onerror="window.__ran.push(\'onerror handler\')">';
      document.body.append(holder);
      // 3, 4. fetch to the sandbox (another port: another origin) and to a remote host.
      const outcome: Record<string, string> = {};
      for (const url of [sandboxUrl, remoteUrl]) {
        try {
          const response = await fetch(url);
          outcome[url] = `answered ${response.status}`;
        } catch (error) {
          outcome[url] = `refused: ${(error as Error).name}`;
        }
      }
      return outcome;
    },
    { sandboxUrl, remoteUrl },
  );

  expect(fetches).toEqual({ [sandboxUrl]: 'refused: TypeError', [remoteUrl]: 'refused: TypeError' });
  // Chromium reports each refusal; the handler's report comes when the image has failed, i.e. when it would have run.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Probe).__violations.toSorted()))
    .toEqual(
      [
        'script-src-elem inline',
        'script-src-attr inline',
        `connect-src ${sandboxUrl}`,
        `connect-src ${remoteUrl}`,
      ].sort(),
    );
  expect(await page.evaluate(() => (window as unknown as Probe).__ran), 'script that ran').toEqual([]);
  // The app itself still works: its own bridge (same origin) is the one thing it may call.
  await page.getByRole('button', { name: 'Chains', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Chains' })).toContainText('ethereum');
});
