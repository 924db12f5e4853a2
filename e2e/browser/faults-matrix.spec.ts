// The fault matrix: every screen against every fault its interface can meet, one test per cell,
// generated from the table in faults-support.ts. Each cell proves, on the real app (main's
// services, the sandbox network, the built renderer in Chromium):
//   1. the screen shows what it showed before (a page of transfers, the chain list, an RPC answer);
//   2. the fault is armed on the running sandbox and the user's next action meets it;
//   3. the window stays usable while it happens (the user types, and main answers other calls);
//   4. the error on screen names what happened, in words the user can act on;
//   5. what was shown before is still there;
//   6. with the fault gone, a retry (or the automatic one, for a start-up 503) brings the answer.
// The hostile faults (issue 17: 200 MB, 100,000 deep, drip, invalid UTF-8, a 200 HTML page, a lying
// Content-Length, a redirect to another host, 429) have the same cell; a redirect cell also proves
// the other host never saw a request. The TLS row is a profile whose address for the screen's
// interface is the sandbox's HTTPS listener with a self-signed certificate: see tlsCell below.
// The matrix with each cell's result is printed at the end by e2e/support/faults-matrix-reporter.ts.
import type { Page } from '@playwright/test';
import { expect, test, type WebApp } from '../support/web-app.ts';
import {
  armFault,
  caughtRequests,
  clearFaults,
  faultedRequests,
  MATRIX_FAULTS,
  MATRIX_SCREENS,
  MATRIX_TITLE,
} from './faults-support.ts';
import { createProfileOnSandbox } from './profile-support.ts';
import { answerPane, openConsole, send, setChain, writeCall } from './rpc-support.ts';
import { expectPage, legRows, showParty, updateIdsOnScreen } from './transfers-support.ts';

/** main's timeout for the ledger and the chain listing in these tests (the product's: 20 s / 15 s). */
const TIMEOUT_S = 4;
type Fault = (typeof MATRIX_FAULTS)[number]['fault'];
type Screen = (typeof MATRIX_SCREENS)[number]['screen'];
type Where = (typeof MATRIX_SCREENS)[number]['interface'];

interface Cell {
  app: WebApp;
  page: Page;
  fault: Fault;
}

interface ScreenDriver {
  /** Opens the screen and shows data the fault must not take away; returns it. */
  show(cell: Cell): Promise<string[]>;
  /** The user's action that meets the fault. */
  trigger(cell: Cell): Promise<void>;
  /** Typing (and a call to main) while the request is out; returns whether the request was still out after it. */
  interact(cell: Cell): Promise<boolean>;
  /** The error names what happened. */
  expectError(cell: Cell): Promise<void>;
  /** What was shown before is still on screen. */
  expectEarlier(cell: Cell, earlier: string[]): Promise<void>;
  /** With the fault gone, the retry works (and what was shown before is reachable again). */
  retry(cell: Cell, earlier: string[]): Promise<void>;
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** main's response-size cap per interface, in MB (http-client.ts callers). */
const CAP_MB: Record<Where, number> = { ledger: 16, chains: 8, rpc: 32 };
/** Each interface's screen name for its HTTPS address (the TLS row). */
const TLS_URL: Record<Where, 'baseUrl' | 'translateUrl' | 'rpcUrl'> = {
  ledger: 'baseUrl',
  chains: 'translateUrl',
  rpc: 'rpcUrl',
};

/**
 * What main says for a hostile fault (issue 17), as test/faults/client-faults.test.ts has it: the
 * error code, and the message after "<What>: " as a regex source. Null for the first six faults.
 */
function hostileSaid(app: WebApp, where: Where, fault: Fault, address: string): { code: string; said: string } | null {
  const at = escapeRe(address);
  const bad = (said: string) => ({ code: 'bad_response', said });
  switch (fault) {
    case 'huge':
      return bad(
        `the answer from ${at} is larger than ${CAP_MB[where]} MB \\(its Content-Length says 200\\.0 MB\\); Ledger Explorer stops reading at that size`,
      );
    case 'huge-chunked':
      return bad(
        `the answer from ${at} is larger than ${CAP_MB[where]} MB; Ledger Explorer stops reading at that size`,
      );
    case 'deep':
      return bad(
        `the answer from ${at} is nested more than 512 levels deep; Ledger Explorer does not read JSON that deep`,
      );
    case 'drip':
      return {
        code: 'timeout',
        said: `the answer from ${at} trickled in: \\d+ bytes? in ${TIMEOUT_S} s, then the time limit passed`,
      };
    case 'badutf8':
      return bad(`the answer from ${at} is not valid UTF-8 \\(at byte \\d+\\)`);
    case 'html200':
      return bad(
        escapeRe('HTTP 200 — the server answered an HTML page, not JSON: Sign in to continue — Corporate Proxy'),
      );
    case 'liar':
      return bad(
        `the answer from ${at} ended before its JSON did, after \\d+ bytes: the length the server declared \\(Content-Length \\d+\\) does not match what it sent`,
      );
    case 'redirect': {
      // Same path on the other host; the query (it may carry the secret) is never in a message.
      const other = `${app.sandbox.faultsCatcherUrl}${new URL(address).pathname}`;
      const secret = where === 'ledger' ? 'JWT' : 'API key';
      return {
        code: 'service_error',
        said: escapeRe(
          `the service redirected to ${other}; Ledger Explorer does not follow redirects, so your ${secret} was not sent there`,
        ),
      };
    }
    case 'status=429':
      return {
        code: 'rate_limited',
        said: escapeRe(
          `HTTP 429 — the service is limiting requests; try again in 2 s (${where === 'ledger' ? 'Too Many Requests: ' : ''}rate limited: too many requests)`,
        ),
      };
    case 'tls':
      return {
        code: 'network',
        said: escapeRe(
          `the certificate of ${new URL(address).host} is not trusted (self-signed: DEPTH_ZERO_SELF_SIGNED_CERT); Ledger Explorer does not bypass certificate checks`,
        ),
      };
    default:
      return null;
  }
}

/** The headline each screen puts before "[code] message" (src-renderer: transfer-problem.tsx, answer-pane.tsx). */
const RATE_LIMITED_TITLE = 'The service is limiting requests; try again in 2 s.';
const TRANSFERS_TITLES: Record<string, string> = {
  bad_response: 'The service answered something this version cannot read.',
  timeout: 'The service did not answer in time.',
  service_error: 'The service failed.',
  network: 'The connection to the service failed.',
  rate_limited: RATE_LIMITED_TITLE,
};
const RPC_TITLES: Record<string, string> = {
  bad_response: "The node's answer could not be read.",
  timeout: 'No answer in time.',
  service_error: 'The node access service failed.',
  network: 'The connection failed.',
  rate_limited: RATE_LIMITED_TITLE,
};

// ---------------------------------------------------------------- Transfers -> ledger-data
const transfersAddress = (app: WebApp) =>
  `${app.sandbox.baseUrl}/api/v2/parties/${encodeURIComponent(app.sandbox.parties[0])}/tokenTransfers`;

const transfers: ScreenDriver = {
  async show({ app, page }) {
    await app.open(page);
    await showParty(page, app.sandbox.parties[0]);
    await expectPage(page, 1);
    await expect(legRows(page).first()).toBeVisible();
    const ids = await updateIdsOnScreen(page);
    expect(ids.length).toBeGreaterThan(5);
    return ids;
  },
  async trigger({ page }) {
    await page.getByRole('button', { name: 'Next page →' }).click();
  },
  async interact({ page }) {
    // A preference saved through main while the page request hangs.
    const toggle = page.getByRole('button', { name: /^Show (absolute|relative) times$/ });
    const before = await toggle.textContent();
    await toggle.click();
    await expect(toggle).toHaveText(before === 'Show absolute times' ? 'Show relative times' : 'Show absolute times');
    return (await page.getByTestId('page-status').textContent()) === 'Loading page 2…';
  },
  async expectError({ app, page, fault }) {
    const address = transfersAddress(app);
    if (fault === 'status=503') {
      // The start-up body: the card says what the service is doing and that it will try again.
      const card = page.getByTestId('service-starting');
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(
        /^Service starting — phase [1-5] of 5: [a-z-]+$/,
      );
      await expect(card).toContainText('Trying again in 1 s');
      await expect(page.getByTestId('page-status')).toHaveText('Loading page 2…');
      return;
    }
    const alert = page.getByTestId('transfer-problem').getByRole('alert');
    const hostile = hostileSaid(app, 'ledger', fault, address);
    const expected: Partial<Record<Fault, string | RegExp>> = {
      'latency=60000': `The service did not answer in time. [timeout] Transfers: no answer from ${address} within ${TIMEOUT_S} s`,
      'status=500':
        'The service failed. [service_error] Transfers: HTTP 500 — Internal Server Error: injected fault: the ledger index query failed',
      reset: `The connection to the service failed. [network] Transfers: the connection to ${address} was reset before any answer arrived (ECONNRESET)`,
      truncate: new RegExp(
        `^The connection to the service failed\\. \\[network\\] Transfers: the answer from ${escapeRe(address)} was cut off: the connection closed after \\d+ of \\d+ bytes$`,
      ),
      html502:
        'The service failed. [service_error] Transfers: HTTP 502 — the server answered an HTML page, not JSON: 502 Bad Gateway',
    };
    const want = hostile
      ? new RegExp(`^${escapeRe(TRANSFERS_TITLES[hostile.code])} \\[${hostile.code}\\] Transfers: ${hostile.said}$`)
      : expected[fault];
    if (!want) throw new Error(`no expected message for ${fault}`);
    await expect(alert).toHaveText(want);
    if (fault === 'status=500') {
      await expect(page.getByTestId('transfer-problem')).toContainText(
        /Trace id for the service's operators: [0-9a-f]{32}/,
      );
    }
    await expect(page.getByTestId('page-status')).toHaveText('Page 2 could not be loaded · showing page 1');
  },
  async expectEarlier({ page }, earlier) {
    expect(await updateIdsOnScreen(page)).toEqual(earlier);
  },
  async retry({ page, fault }, earlier) {
    // A start-up 503 is retried by itself (after the service's Retry-After); everything else by the user.
    if (fault !== 'status=503')
      await page.getByTestId('transfer-problem').getByRole('button', { name: 'Try again' }).click();
    await expectPage(page, 2);
    await expect(page.getByTestId('transfer-problem')).toHaveCount(0);
    await expect(page.getByTestId('service-starting')).toHaveCount(0);
    const second = await updateIdsOnScreen(page);
    expect(second.length).toBeGreaterThan(5);
    expect(second).not.toEqual(earlier);
    await page.getByRole('button', { name: '← Previous page' }).click();
    await expectPage(page, 1);
    expect(await updateIdsOnScreen(page)).toEqual(earlier);
  },
};

// ---------------------------------------------------------------- Chains -> chain listing
const chainsTable = (page: Page) => page.getByRole('table', { name: 'Chains' });
const chainNames = async (page: Page) =>
  (await chainsTable(page).getByRole('row').allInnerTexts()).slice(1).map((row) => row.split(/\s/)[0]);

const chains: ScreenDriver = {
  async show({ app, page }) {
    await app.open(page);
    await page.getByRole('button', { name: 'Chains', exact: true }).click();
    await expect(chainsTable(page).getByRole('row')).toHaveCount(4);
    return chainNames(page);
  },
  async trigger({ page }) {
    await page.getByRole('button', { name: 'Refresh' }).click();
  },
  async interact({ page }) {
    const search = page.getByLabel('Search chains');
    await search.fill('poly');
    await expect(chainsTable(page).getByRole('row')).toHaveCount(2);
    const stillOut = (await page.getByRole('button', { name: 'Loading…' }).count()) === 1;
    await search.fill('');
    await expect(chainsTable(page).getByRole('row')).toHaveCount(4);
    return stillOut;
  },
  async expectError({ app, page, fault }) {
    const address = `${app.sandbox.translateUrl}/evm/chains`;
    const hostile = hostileSaid(app, 'chains', fault, address);
    const said: Partial<Record<Fault, string>> = {
      'latency=60000': escapeRe(`[timeout] Chain listing: no answer from ${address} within ${TIMEOUT_S} s`),
      'status=500': escapeRe('[service_error] Chain listing: HTTP 500 — injected fault: internal server error'),
      'status=503': escapeRe('[service_error] Chain listing: HTTP 503 — injected fault: service unavailable'),
      reset: escapeRe(
        `[network] Chain listing: the connection to ${address} was reset before any answer arrived (ECONNRESET)`,
      ),
      truncate: `${escapeRe(`[network] Chain listing: the answer from ${address} was cut off: the connection closed after `)}\\d+ of \\d+ bytes`,
      html502: escapeRe(
        '[service_error] Chain listing: HTTP 502 — the server answered an HTML page, not JSON: 502 Bad Gateway',
      ),
    };
    const words = hostile ? `\\[${hostile.code}\\] Chain listing: ${hostile.said}` : said[fault];
    if (!words) throw new Error(`no expected message for ${fault}`);
    const first = hostile?.code === 'rate_limited' ? `${escapeRe(RATE_LIMITED_TITLE)} ` : '';
    await expect(page.getByRole('alert')).toHaveText(
      new RegExp(
        `^${first}The chain listing failed; the list below is the one fetched at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.\\d{3}( UTC)?\\. ${words}$`,
      ),
    );
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  },
  async expectEarlier({ page }, earlier) {
    expect(await chainNames(page)).toEqual(earlier);
    await expect(page.getByText(/^3 chains from .*, fetched /)).toBeVisible();
  },
  async retry({ page }, earlier) {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(await chainNames(page)).toEqual(earlier);
  },
};

// ---------------------------------------------------------------- RPC console -> node access
const rpc: ScreenDriver = {
  async show({ app, page }) {
    await app.open(page);
    await openConsole(page);
    // The console starts on the listing's first chain once the listing is in (typing before that races it).
    await expect(page.getByLabel('Chain', { exact: true })).toHaveValue('ethereum');
    await setChain(page, 'ethereum', 'full');
    // The console's own timeout, as a user sets it (the product default is 30 s).
    await page.getByLabel('Timeout (s)').fill(String(TIMEOUT_S));
    await writeCall(page, 'eth_chainId', []);
    await send(page);
    const result = answerPane(page).locator('.json-row[data-path="/result"]');
    await expect(result).toContainText('"0x7a69"');
    return [(await result.textContent()) ?? ''];
  },
  async trigger({ page }) {
    await page.getByRole('button', { name: 'Send', exact: true }).click();
  },
  async interact({ page }) {
    const method = page.getByLabel('Method', { exact: true });
    await method.fill('eth_gasPrice');
    await expect(page.getByTestId('rpc-method-description')).toContainText('Current gas price in wei.');
    const stillOut = await answerPane(page).getByText('Waiting for ethereum_full…').isVisible();
    await method.fill('eth_chainId');
    await expect(page.getByTestId('rpc-method-description')).toContainText('Chain id (EIP-155)');
    return stillOut;
  },
  async expectError({ app, page, fault }) {
    const address = `${app.sandbox.rpcUrl}/ethereum_full`;
    const pane = answerPane(page);
    await expect(pane).toHaveAttribute('data-answer-seq', '2');
    const hostile = hostileSaid(app, 'rpc', fault, address);
    const expected: Partial<Record<Fault, string | RegExp>> = {
      'latency=60000': `No answer in time. [timeout] RPC ethereum_full: no answer from ${address} within ${TIMEOUT_S} s`,
      'status=500':
        'The node access service failed. [service_error] RPC ethereum_full: HTTP 500 — injected fault: internal server error',
      'status=503':
        'The node access service failed. [service_error] RPC ethereum_full: HTTP 503 — injected fault: service unavailable',
      reset: `The connection failed. [network] RPC ethereum_full: the connection to ${address} was reset before any answer arrived (ECONNRESET)`,
      truncate: new RegExp(
        `^The connection failed\\. \\[network\\] RPC ethereum_full: the answer from ${escapeRe(address)} was cut off: the connection closed after \\d+ of \\d+ bytes$`,
      ),
      html502:
        'The node access service failed. [service_error] RPC ethereum_full: HTTP 502 — the server answered an HTML page, not JSON: 502 Bad Gateway',
    };
    const want = hostile
      ? new RegExp(`^${escapeRe(RPC_TITLES[hostile.code])} \\[${hostile.code}\\] RPC ethereum_full: ${hostile.said}$`)
      : expected[fault];
    if (!want) throw new Error(`no expected message for ${fault}`);
    await expect(pane.getByTestId('rpc-failure').getByRole('alert')).toHaveText(want);
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  },
  async expectEarlier({ page }, earlier) {
    const previous = answerPane(page).getByTestId('rpc-previous-answer');
    await expect(previous.getByTestId('rpc-previous-summary')).toHaveText(
      /^eth_chainId on ethereum_full · HTTP 200 · /,
    );
    await expect(previous.locator('.json-row[data-path="/result"]')).toHaveText(earlier[0]);
  },
  async retry({ page }, earlier) {
    await send(page);
    const pane = answerPane(page);
    await expect(pane.getByTestId('rpc-status')).toHaveText('HTTP 200');
    await expect(pane.getByRole('alert')).toHaveCount(0);
    await expect(pane.getByTestId('rpc-previous-answer')).toHaveCount(0);
    await expect(pane.locator('.json-row[data-path="/result"]')).toHaveText(earlier[0]);
  },
};

const DRIVERS: Record<Screen, ScreenDriver> = { Transfers: transfers, Chains: chains, 'RPC console': rpc };

// ---------------------------------------------------------------- TLS: a host with a self-signed certificate
/** The profile's address for the screen's interface on the sandbox's HTTPS listener; the rest plain. */
const TLS_PROFILE = 'Staging';
const TLS_ADDRESS: Record<Where, (app: WebApp) => string> = {
  ledger: (app) =>
    `${tlsUrls(app).baseUrl}/api/v2/parties/${encodeURIComponent(app.sandbox.parties[0])}/tokenTransfers`,
  chains: (app) => `${tlsUrls(app).translateUrl}/evm/chains`,
  rpc: (app) => `${tlsUrls(app).rpcUrl}/ethereum_full`,
};
function tlsUrls(app: WebApp) {
  const urls = app.sandbox.tlsUrls;
  if (!urls) throw new Error('the sandbox was started without faults: no HTTPS listener');
  return urls;
}

async function switchProfile(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Use' }).click();
  await expect(page.getByTestId('active-profile')).toHaveText(name);
}

/** Makes the user's call of the screen on the active profile (the screen is opened afresh). */
const TLS_CALL: Record<Screen, (cell: Cell) => Promise<void>> = {
  async Transfers({ app, page }) {
    await page.getByRole('button', { name: 'Transfers', exact: true }).click();
    await showParty(page, app.sandbox.parties[0]);
  },
  async Chains({ page }) {
    // Opening the screen asks for the listing.
    await page.getByRole('button', { name: 'Chains', exact: true }).click();
  },
  async 'RPC console'({ page }) {
    await openConsole(page);
    await expect(page.getByLabel('Chain', { exact: true })).toHaveValue('ethereum');
    await setChain(page, 'ethereum', 'full');
    await writeCall(page, 'eth_chainId', []);
    await send(page);
  },
};

/** Where each screen shows the error of that call, and the headline before "[code] message". */
const TLS_ALERT: Record<Screen, { alert: (page: Page) => ReturnType<Page['getByRole']>; title: string }> = {
  Transfers: {
    alert: (page) => page.getByTestId('transfer-problem').getByRole('alert'),
    title: TRANSFERS_TITLES.network,
  },
  Chains: { alert: (page) => page.getByRole('alert'), title: 'The chain listing failed.' },
  'RPC console': {
    alert: (page) => answerPane(page).getByTestId('rpc-failure').getByRole('alert'),
    title: RPC_TITLES.network,
  },
};

/**
 * The TLS row. There is nothing to arm: the user makes a profile (in Settings, as a user does)
 * whose address for this interface is the sandbox's HTTPS listener, saves its secrets, uses it,
 * and makes the screen's call; the certificate is refused with a clear message, never bypassed.
 * "Disarm" is going back to the sandbox profile, where the screen shows what it showed before.
 * What the sandbox profile showed is not kept under the other profile: it is another service's data.
 */
async function tlsCell(cell: Cell, screen: Screen, where: Where, earlier: string[]): Promise<void> {
  const { app, page } = cell;
  await createProfileOnSandbox(page, app, {
    chainAuth: 'apiKey',
    urls: { [TLS_URL[where]]: tlsUrls(app)[TLS_URL[where]] },
  });
  for (const [kind, value] of [
    ['apiKey', app.sandbox.apiKey],
    ['ledgerJwt', app.sandbox.tokens.readAll],
  ] as const) {
    const row = page.getByTestId(`secret-${kind}`);
    await row.locator('input').fill(value);
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId(`secret-${kind}-status`)).toContainText(`ends in ${value.slice(-4)}`);
  }
  await switchProfile(page, TLS_PROFILE);

  await TLS_CALL[screen](cell);
  const said = hostileSaid(app, where, 'tls', TLS_ADDRESS[where](app));
  if (!said) throw new Error('no expected message for tls');
  const what = { ledger: 'Transfers', chains: 'Chain listing', rpc: 'RPC ethereum_full' }[where];
  const { alert, title } = TLS_ALERT[screen];
  await expect(alert(page)).toHaveText(new RegExp(`^${escapeRe(title)} \\[network\\] ${what}: ${said.said}$`));
  // The user keeps working: another screen of this profile answers (its address is plain HTTP).
  if (screen === 'Chains') {
    await page.getByRole('button', { name: 'Transfers', exact: true }).click();
    await showParty(page, app.sandbox.parties[0]);
    await expectPage(page, 1);
  } else {
    await page.getByRole('button', { name: 'Chains', exact: true }).click();
    await expect(chainsTable(page).getByRole('row')).toHaveCount(4);
  }

  // Back on the sandbox profile, the same call shows what was shown before.
  await switchProfile(page, 'Local sandbox network');
  if (screen === 'Transfers') {
    await TLS_CALL.Transfers(cell);
    await expectPage(page, 1);
    expect(await updateIdsOnScreen(page)).toEqual(earlier);
  } else if (screen === 'Chains') {
    await TLS_CALL.Chains(cell);
    await expect(chainsTable(page).getByRole('row')).toHaveCount(4);
    expect(await chainNames(page)).toEqual(earlier);
  } else {
    await TLS_CALL['RPC console'](cell);
    await expect(answerPane(page).getByTestId('rpc-status')).toHaveText('HTTP 200');
    await expect(answerPane(page).locator('.json-row[data-path="/result"]')).toHaveText(earlier[0]);
  }
}

test.describe(MATRIX_TITLE, () => {
  test.use({ appOptions: { faults: true, transfers: 2000, httpTimeoutMs: TIMEOUT_S * 1000 } });

  for (const { screen, interface: where } of MATRIX_SCREENS) {
    for (const { fault, label } of MATRIX_FAULTS) {
      test(`${screen} × ${label}`, async ({ app, page }) => {
        const driver = DRIVERS[screen];
        const cell = { app, page, fault };
        const earlier = await driver.show(cell);
        if (fault === 'tls') return tlsCell(cell, screen, where, earlier);
        const before = (await faultedRequests(app)).length;

        // Until disarmed: a client that retries by itself must meet it every time.
        await armFault(app, where, fault);
        await driver.trigger(cell);
        const stillOut = await driver.interact(cell);
        // With latency the request is still out after the user typed: the window did not wait for it.
        if (fault === 'latency=60000' || fault === 'drip')
          expect(stillOut, 'the request was still waiting while the user worked').toBe(true);

        await driver.expectError(cell);
        // The error came from this fault, on this interface.
        const met = (await faultedRequests(app)).slice(before);
        expect(met.length).toBeGreaterThan(0);
        expect(met.every((r) => r.interface === where && r.fault === fault)).toBe(true);
        await driver.expectEarlier(cell, earlier);

        await clearFaults(app);
        await driver.retry(cell, earlier);
        // The redirect was never followed: the other host saw no request, so no secret reached it.
        if (fault === 'redirect') expect(await caughtRequests(app)).toEqual([]);
      });
    }
  }
});
