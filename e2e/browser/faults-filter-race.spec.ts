// Quick filter changes on the Transfers screen while the service is slow, and slower for the older
// requests: party A's answer is held 8 s, B's 4 s, C's not at all, so if nothing were cancelled the
// answers would arrive C, B, A (oldest last). Only C's answer may ever be on screen, and the
// sandbox must see A's and B's connections closed by main before their answers were due (the
// renderer abandoned them, told main, and main stopped the HTTP calls).
// Existing lower-level checks:  (TanStack Query + a fake
// bridge), test/src-main/services/app-services.test.ts ("app:cancel aborts an abandoned request in main").
import type { Page } from '@playwright/test';
import { expect, test, type WebApp } from '../support/web-app.ts';
import { armFault, faultedRequests } from './faults-support.ts';
import { expectPage, fetchLegsOverHttp, legRows, showParty, updateIdsOnScreen } from './transfers-support.ts';

test.use({ appOptions: { faults: true, transfers: 2000 } });

const HOLD_MS = { A: 8000, B: 4000 } as const;

/** The path of a party's transfers (what the sandbox logs; never the query). */
const partyPath = (app: WebApp, party: string) =>
  `${new URL(app.sandbox.baseUrl).pathname}/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers`;

/** Waits until the sandbox holds a request for this party (its answer not sent yet). */
async function expectHeld(app: WebApp, party: string): Promise<void> {
  await expect
    .poll(async () => (await faultedRequests(app)).some((r) => r.path === partyPath(app, party) && r.outcome === null))
    .toBe(true);
}

/** Records every set of update ids the table ever shows, from now on (a MutationObserver in the page). */
async function recordTable(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    Object.defineProperty(window, '__tableHistory', { value: seen });
    const snapshot = () => {
      const ids = Array.from(
        document.querySelectorAll('tr.leg-row td[data-column="updateId"] .mono[title]'),
        (id) => id.getAttribute('title') ?? '',
      );
      if (ids.length) seen.add(ids.join('\n'));
    };
    new MutationObserver(snapshot).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

const tableHistory = (page: Page) =>
  page.evaluate(() => Array.from((window as unknown as { __tableHistory: Set<string> }).__tableHistory));

test('only the newest filter answer is ever shown, and the abandoned requests are cancelled in main', async ({
  app,
  page,
}) => {
  const [a, b, c] = app.sandbox.parties;
  const legsOf = async (party: string) => new Set((await fetchLegsOverHttp(app, party)).legs.map((l) => l.updateId));
  const [legsA, legsB, legsC] = await Promise.all([legsOf(a), legsOf(b), legsOf(c)]);
  // Update ids that would only be on screen if A's or B's answer were shown.
  const foreign = new Set([...legsA, ...legsB].filter((id) => !legsC.has(id)));
  expect(foreign.size).toBeGreaterThan(10);

  await app.open(page);
  await armFault(app, 'ledger', `latency=${HOLD_MS.A}`, { match: encodeURIComponent(a), times: 1 });
  await armFault(app, 'ledger', `latency=${HOLD_MS.B}`, { match: encodeURIComponent(b), times: 1 });
  await recordTable(page);

  // Three filters in quick succession: each new one as soon as the previous request is out.
  await showParty(page, a);
  await expectHeld(app, a);
  await showParty(page, b);
  await expectHeld(app, b);
  await showParty(page, c);

  await expectPage(page, 1);
  await expect(legRows(page).first()).toBeVisible();

  // The sandbox saw both held connections closed before their answers were due: main cancelled them.
  await expect
    .poll(async () =>
      (await faultedRequests(app))
        .filter((r) => r.path === partyPath(app, a) || r.path === partyPath(app, b))
        .map((r) => r.outcome),
    )
    .toEqual(['abandoned', 'abandoned']);
  const held = (await faultedRequests(app)).filter((r) => r.fault.startsWith('latency='));
  expect(held.map((r) => [r.path, r.fault])).toEqual([
    [partyPath(app, a), `latency=${HOLD_MS.A}`],
    [partyPath(app, b), `latency=${HOLD_MS.B}`],
  ]);
  for (const request of held) expect(request.elapsedMs).toBeLessThan(Number(request.fault.slice('latency='.length)));

  // What is on screen is C's, and nothing of A's or B's was ever shown on the way.
  const shown = await updateIdsOnScreen(page);
  expect(shown.length).toBeGreaterThan(0);
  for (const id of shown) expect(legsC.has(id), `${id} is one of C's legs`).toBe(true);
  const history = await tableHistory(page);
  expect(history.length).toBeGreaterThan(0);
  for (const snapshot of history) {
    for (const id of snapshot.split('\n')) expect(foreign.has(id), `${id} (A's or B's) was on screen`).toBe(false);
  }
  await expect(page.getByRole('heading', { level: 2, name: /^Transfers of / }).locator(`[title="${c}"]`)).toBeVisible();
});
