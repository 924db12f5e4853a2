// Bad input typed into the real forms: each value gets its message at the field it was typed in
// (the field's accessible description, through aria-describedby, as a screen reader announces it),
// nothing goes out, and what was typed is still in the field. Two witnesses that nothing was sent:
// the page's calls to main over the bridge, and the requests the sandbox service itself received
// (counted by a zero-delay fault armed on every request). Each test ends with a good input that does
// go out, so the witnesses are shown to see requests. test/bad-input/cases/*.ts hold every input
// (docs/bad-input.md lists them); these are a slice, at least one per field.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page, Request } from '@playwright/test';
import { expect, test, type WebApp } from '../support/web-app.ts';
import { answerPane, openConsole, send, setEditor, setParams } from './rpc-support.ts';

test.use({ appOptions: { transfers: 3000, faults: true } });

const FINGERPRINT = `1220${'ab'.repeat(32)}`;

/** Counts what the sandbox's `interface` receives from now on (a zero-delay fault meets every request). */
async function serviceRequests(app: WebApp, where: 'ledger' | 'rpc'): Promise<() => Promise<number>> {
  const url = app.sandbox.faultsUrl as string;
  const armed = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ interface: where, fault: 'latency=0' }),
  });
  expect(armed.status).toBe(201);
  return async () => {
    const { requests } = (await (await fetch(url)).json()) as { requests: Array<{ interface: string }> };
    return requests.filter((r) => r.interface === where).length;
  };
}

/** Every call the page makes to main on one bridge channel. */
function bridgeCalls(page: Page, channel: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/__bridge/${encodeURIComponent(channel)}`)) seen.push(request);
  });
  return seen;
}

/** Inputs of the running test: `tried` when typed, `handled` once every assertion about it held. */
const tally = { tried: 0, handled: 0 };
test.beforeEach(() => {
  tally.tried = 0;
  tally.handled = 0;
});
test.afterEach(async ({ browserName: _ }, info) => {
  console.log(
    `bad input (browser): ${tally.tried} inputs tried, ${tally.handled} handled — ${info.title.split(':')[0]}`,
  );
});

/**
 * One bad input: typed by `act`, then refused at `field` (marked invalid, the message as its
 * accessible description) with `kept` (what was typed) still in `holder` (default: the field).
 */
async function refusedAt(
  field: Locator,
  message: RegExp,
  act: () => Promise<void>,
  kept?: { holder?: Locator; value: string },
): Promise<void> {
  tally.tried++;
  await act();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  if (kept) await expect(kept.holder ?? field).toHaveValue(kept.value);
  tally.handled++;
}

test('Transfers filters: bad party ids, times that are not one, a year past 9999, an inverted range and half pairs are refused at their fields, the text kept; nothing is asked of the service', async ({
  app,
  page,
}) => {
  await app.open(page);
  const served = await serviceRequests(app, 'ledger');
  const pageCalls = bridgeCalls(page, 'transfers:page');
  const submit = page.getByRole('button', { name: 'Show transfers' });
  const party = page.getByLabel('Party id');

  const parties: Array<[string, RegExp]> = [
    // The description is the message, then the field's hint.
    ['', /^enter a party id /],
    ['     ', /^enter a party id /],
    [`alice${FINGERPRINT}`, /the "::" is missing/],
    ['alice::1220abc', /^not a Canton party id/],
    // A space left by a copy from a wrapped line is pointed at, not "not a Canton party id".
    [
      `alice::1220${'ab'.repeat(16)} ${'ab'.repeat(16)}`,
      /^a party id has no spaces or line breaks: a space at character 44, "…abababababab␣abababab…"; remove it /,
    ],
    [`${'a'.repeat(10_000)}::${FINGERPRINT}`, /^a party id is at most 260 characters /],
    [`álîçé::${FINGERPRINT}`, /^not a Canton party id/],
    [`🐳::${FINGERPRINT}`, /^not a Canton party id/],
    ['<script>alert(1)</script>::1220', /^not a Canton party id/],
  ];
  for (const [text, message] of parties) {
    await refusedAt(
      party,
      message,
      async () => {
        await party.fill(text);
        await submit.click();
      },
      { value: text },
    );
  }

  await party.fill(app.sandbox.parties[0]);
  // Times are typed text (docs/times.md): a message names the field, then the zone and the forms follow.
  const from = page.getByLabel('From', { exact: true });
  await refusedAt(
    from,
    /^From: write the year first, as in 2026-10-30 \(day and month order differ between countries\) /,
    async () => {
      await from.fill('05/01/2026');
      await submit.click();
    },
    { value: '05/01/2026' },
  );
  await refusedAt(
    from,
    /^From: not a date or time: use 2026-10-30, 2026-10-30 14:30, or 2026-10-30T14:30:00Z /,
    async () => {
      await from.fill('2026-05-01T10');
      await submit.click();
    },
    { value: '2026-05-01T10' },
  );
  await expect(party).not.toHaveAttribute('aria-invalid');

  // Times end at year 9999 (a browser date field would allow 275760).
  const before = page.getByLabel('Before', { exact: true });
  await refusedAt(
    before,
    /^Before: year 275760 is too far ahead: the latest is 9999 /,
    async () => {
      await from.fill('2026-02-01');
      await before.fill('275760-09-13');
      await submit.click();
    },
    { value: '275760-09-13' },
  );
  await expect(from).not.toHaveAttribute('aria-invalid');
  await refusedAt(
    before,
    /^Before must be later than From /,
    async () => {
      await before.fill('2026-01-01 00:00');
      await submit.click();
    },
    { value: '2026-01-01 00:00' },
  );
  await expect(from).toHaveValue('2026-02-01');
  await before.fill('');
  await from.fill('');

  // Spec rule 3: an instrument is both halves.
  await page.getByRole('radio', { name: 'Instrument', exact: true }).check();
  const admin = page.getByLabel('Instrument administrator');
  const id = page.getByLabel('Instrument id', { exact: true });
  await refusedAt(admin, /enter both, pick one seen, or choose All assets$/, () => submit.click());
  await refusedAt(
    admin,
    /^an instrument is its administrator and its id: enter the administrator too$/,
    async () => {
      await id.fill('USDX');
      await submit.click();
    },
    { holder: id, value: 'USDX' },
  );
  await expect(id).not.toHaveAttribute('aria-invalid');
  await refusedAt(
    id,
    /^an instrument id cannot contain control characters/,
    async () => {
      await admin.fill(app.sandbox.instruments[1].admin);
      await id.fill('');
      // Pasted text keeps its tab (typing one would move the focus).
      await id.evaluate((input: HTMLInputElement) => {
        input.focus();
        document.execCommand('insertText', false, 'US\tDX');
      });
      await submit.click();
    },
    { value: 'US\tDX' },
  );

  // Nothing of it went out: no call to main, no request to the service, no table.
  expect(pageCalls).toHaveLength(0);
  expect(await served()).toBe(0);
  await expect(page.getByTestId('page-status')).toHaveCount(0);

  // The same form with good values does ask (the witnesses see it).
  await page.getByRole('radio', { name: 'All assets' }).check();
  await submit.click();
  await expect(page.getByTestId('page-status')).toHaveText(/^Page 1 · \d+ legs?/);
  expect(pageCalls.length).toBeGreaterThan(0);
  expect(await served()).toBeGreaterThan(0);
});

test('Saving a party: a label with a pasted tab is refused at the label field, the label kept; the settings file is untouched', async ({
  app,
  page,
}) => {
  await app.open(page);
  const saves = bridgeCalls(page, 'settings:saveParty');
  const settingsFile = join(app.userDataDir, 'settings.json');
  const bytesBefore = existsSync(settingsFile) ? await readFile(settingsFile) : null;
  await page.getByLabel('Party id').fill(app.sandbox.parties[0]);
  const label = page.getByLabel('Label for saving');
  await refusedAt(
    label,
    /^a label cannot contain control characters \(a tab or line break\?\)$/,
    async () => {
      await label.evaluate((input: HTMLInputElement) => {
        input.focus();
        document.execCommand('insertText', false, 'desk\t2');
      });
      await page.getByRole('button', { name: 'Save this party' }).click();
    },
    { value: 'desk\t2' },
  );
  expect(saves).toHaveLength(0);
  expect(existsSync(settingsFile) ? await readFile(settingsFile) : null).toEqual(bytesBefore);

  await label.fill('desk 2');
  await expect(label).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Save this party' }).click();
  await expect(page.getByRole('button', { name: 'Forget this party' })).toBeVisible();
  expect(saves).toHaveLength(1);
});

test('RPC console: a chain that leaves its path segment, a 201-character method, invalid params, params nested 10,000 deep and a batch that is not an array are refused at their fields, the text kept; nothing is sent', async ({
  app,
  page,
}) => {
  await app.open(page);
  await openConsole(page);
  const chain = page.getByLabel('Chain', { exact: true });
  // The console starts on the listing's first chain (until then the chain is what is missing).
  await expect(chain).toHaveValue('ethereum');
  const served = await serviceRequests(app, 'rpc');
  const calls = bridgeCalls(page, 'rpc:call');
  await page.getByRole('radio', { name: 'Single call' }).check();
  const method = page.getByLabel('Method', { exact: true });
  await method.fill('eth_chainId');
  const editor = page.getByRole('textbox', { name: 'Params (JSON array)' });
  const sendButton = page.getByRole('button', { name: 'Send', exact: true });
  await setParams(page, '[]');

  await refusedAt(
    chain,
    /^Chain: a chain name is letters, digits, "\.", "_" or "-" — not sent\.$/,
    () => chain.fill('eth/../admin'),
    { value: 'eth/../admin' },
  );
  await expect(sendButton).toBeDisabled();
  await chain.fill('ethereum');
  await expect(chain).not.toHaveAttribute('aria-invalid');

  const longMethod = `eth_${'x'.repeat(197)}`;
  await refusedAt(method, /^Method: at most 200 characters — not sent\.$/, () => method.fill(longMethod), {
    value: longMethod,
  });
  await method.fill('eth_chainId');

  const bad: Array<[string, RegExp]> = [
    ['["0x1", latest]', /^Params are not valid JSON: .+/],
    ['{"address": "0x1"}', /^Params must be a JSON array, e\.g\. \[\] or \["0x…", "latest"\] \(this is an object\)$/],
    // 20 KB of brackets: checking it must not overflow the stack (the window would go blank).
    [`${'['.repeat(10_000)}${']'.repeat(10_000)}`, /more than 100 levels deep; real calls nest a few$/],
  ];
  for (const [text, message] of bad) {
    await refusedAt(editor, message, async () => {
      await setParams(page, text);
      await editor.click();
      await page.keyboard.press('ControlOrMeta+Enter'); // the shortcut sends nothing either
    });
    await expect(sendButton).toBeDisabled();
    // What was typed is still in the editor (its start, for the 20 KB one).
    await expect(editor).toContainText(text.slice(0, 12));
  }

  await page.getByRole('radio', { name: 'Batch' }).check();
  const batch = page.getByRole('textbox', { name: 'Batch (JSON array of calls)' });
  await refusedAt(batch, /^A batch is a JSON array of calls \(this is an object\)$/, () =>
    setEditor(page, 'Batch (JSON array of calls)', '{"method":"eth_chainId"}'),
  );
  await expect(batch).toContainText('{"method":"eth_chainId"}');
  expect(calls).toHaveLength(0);
  expect(await served()).toBe(0);

  await page.getByRole('radio', { name: 'Single call' }).check();
  await setParams(page, '[]');
  await expect(page.getByTestId('rpc-draft-error')).toHaveCount(0);
  await send(page);
  await expect(answerPane(page).getByTestId('rpc-status')).toHaveText('HTTP 200');
  expect(calls).toHaveLength(1);
  expect(await served()).toBe(1);
});

test('Profile form and secrets: URLs that are not http(s), a password inside, a space, a bare "?", an 81-character name, a node id with an emoji and a secret with a space are refused at their fields, every field keeps its text; nothing is saved', async ({
  app,
  page,
}) => {
  await app.open(page);
  const saves = bridgeCalls(page, 'settings:saveProfile');
  const secretSaves = bridgeCalls(page, 'secrets:set');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();

  // The sandbox profile's secrets: a key pasted with a space inside.
  const apiKey = page.getByLabel('API key (chain listing and node access)');
  await refusedAt(
    apiKey,
    /^only printable ASCII characters, without spaces$/,
    async () => {
      await apiKey.fill('abc def');
      await page.getByTestId('secret-apiKey').getByRole('button', { name: 'Save' }).click();
    },
    { value: 'abc def' },
  );
  expect(secretSaves).toHaveLength(0);

  await page.getByRole('button', { name: 'New profile…' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  const typed: Array<[string, string, RegExp]> = [
    ['Name', 'n'.repeat(81), /^at most 80 characters$/],
    ['Ledger-data base URL (base_url)', 'ftp://ledger.example.com', /^only http and https are allowed, not ftp:$/],
    ['Chain listing URL (translate_url)', 'https://translate.example.com/my api', /^a URL cannot contain spaces/],
    [
      'Marketplace-partner URL (partner_url)',
      'https://admin:hunter2-secret@partner.example.com',
      /^remove the user name\/password from the URL: secrets belong in the keychain fields$/,
    ],
    ['Node access URL (rpc_url)', 'https://rpc.example.com/?', /^a base URL cannot carry a query or fragment$/],
    ['Default validator node id (empty = deployment default)', 'validator-🐳', /^a node id is printable ASCII/],
  ];
  for (const [label, value] of typed) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Create profile' }).click();
  for (const [label, value, message] of typed) {
    await refusedAt(form.getByLabel(label, { exact: true }), message, async () => {}, { value });
  }
  expect(saves).toHaveLength(0);
  expect(existsSync(join(app.userDataDir, 'settings.json'))).toBe(false);
  // The password typed into the URL is in no message on the page and not in main's log.
  await expect(page.locator('.field-error', { hasText: 'hunter2' })).toHaveCount(0);
  expect(app.log()).not.toContain('hunter2');

  // Fixed (trailing spaces and slashes forgiven): saved, trimmed.
  const fixed: Array<[string, string]> = [
    ['Name', 'Staging'],
    ['Ledger-data base URL (base_url)', '  https://ledger.example.com/  '],
    ['Chain listing URL (translate_url)', 'https://translate.example.com/my%20api'],
    ['Marketplace-partner URL (partner_url)', 'https://partner.example.com'],
    ['Node access URL (rpc_url)', 'https://rpc.example.com'],
    ['Default validator node id (empty = deployment default)', ' validator-2 '],
  ];
  for (const [label, value] of fixed) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Create profile' }).click();
  const saved = page.getByRole('region', { name: 'Profile Staging' });
  await expect(saved.getByLabel('Ledger-data base URL')).toHaveValue('https://ledger.example.com');
  await expect(saved.getByLabel('Default validator node id (empty = deployment default)')).toHaveValue('validator-2');
  expect(saves).toHaveLength(1);
});

test('Over the bridge, as a buggy renderer would send them: page sizes the form does not offer, a pair with the coin and a time in year 10000 are refused naming the field; the service sees none', async ({
  app,
  page,
}) => {
  await app.open(page);
  const served = await serviceRequests(app, 'ledger');
  const base = {
    party: app.sandbox.parties[0],
    asset: { kind: 'all' },
    effectiveAfter: null,
    effectiveBefore: null,
    orderDesc: true,
    pageSize: 25,
    nodeId: null,
  };
  const ask = (filters: Record<string, unknown>) =>
    page.evaluate(async (filters) => {
      try {
        const answer = await window.ledger.transfers.page({
          requestId: 'bad-input-01',
          profileId: 'sandbox',
          next: null,
          filters,
          // The point is to send what the types forbid.
        } as unknown as Parameters<typeof window.ledger.transfers.page>[0]);
        return { ok: true as const, legs: answer.legs.length };
      } catch (error) {
        const { code, details } = error as {
          code: string;
          details?: { issues?: Array<{ path: string[]; message: string }> };
        };
        return { ok: false as const, code, issues: details?.issues ?? [] };
      }
    }, filters);

  const refused: Array<[Record<string, unknown>, string, RegExp]> = [
    [{ pageSize: 0 }, '0.filters.pageSize', /^at least 1$/],
    [{ pageSize: 1001 }, '0.filters.pageSize', /^at most 1000$/],
    [{ pageSize: '100' }, '0.filters.pageSize', /expected number/],
    [
      { asset: { kind: 'ledgerCoin', admin: app.sandbox.instruments[1].admin, id: app.sandbox.instruments[1].id } },
      '0.filters.asset',
      /Unrecognized keys/,
    ],
    [{ effectiveBefore: '9999-12-31T23:00:00-05:00' }, '0.filters.effectiveBefore', /^out of range/],
    [{ nodeId: 'node\r\nx-evil: 1' }, '0.filters.nodeId', /printable ASCII/],
  ];
  for (const [patch, path, message] of refused) {
    tally.tried++;
    const answer = await ask({ ...base, ...patch });
    expect(answer, JSON.stringify(patch)).toMatchObject({ ok: false, code: 'invalid_argument' });
    if (answer.ok) continue;
    expect(answer.issues.find((i) => i.path.join('.') === path)?.message, JSON.stringify(answer.issues)).toMatch(
      message,
    );
    tally.handled++;
  }
  expect(await served()).toBe(0);

  // The largest legal page size goes out, and is answered.
  expect(await ask({ ...base, pageSize: 1000 })).toMatchObject({ ok: true });
  expect(await served()).toBe(1);
});
