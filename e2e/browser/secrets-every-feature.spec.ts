// Every secret kind, every feature: a profile on the sandbox with its API key, ledger JWT and
// marketplace-partner token typed into Settings, then transfers, export, chains, the RPC console,
// its history and "Copy as curl" are all used. Afterwards none of the three values is anywhere the
// app wrote (user-data folder, exports, history, logs) or the renderer can reach (DOM, React state,
// query cache, storage), nor on the clipboard. Once with secrets in headers, once in query strings
// (where a careless log or history line would most easily catch them).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rendererVisibleText } from '../support/renderer-scan.ts';
import { expect, test } from '../support/web-app.ts';
import { createProfileOnSandbox } from './profile-support.ts';
import { openConsole, send, setChain, writeCall } from './rpc-support.ts';
import { expectPage, showParty } from './transfers-support.ts';

async function filesText(dir: string): Promise<{ names: string[]; text: string }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((e) => e.isFile());
  const texts = await Promise.all(files.map((e) => readFile(join(e.parentPath, e.name), 'utf8')));
  return { names: files.map((e) => e.name), text: texts.join('\n') };
}

test.beforeEach(async ({ app, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
});

for (const placement of ['header', 'query'] as const) {
  test(`secrets sent in ${placement === 'header' ? 'headers' : 'query strings'}: after every feature, no secret in any file, log, the renderer or the clipboard`, async ({
    app,
    page,
  }) => {
    const secrets = {
      apiKey: app.sandbox.apiKey,
      ledgerJwt: app.sandbox.tokens.readAll,
      partnerToken: app.sandbox.partnerToken,
    };
    await app.open(page);

    // A profile on the sandbox, made in Settings as a user would.
    await createProfileOnSandbox(page, app, {
      chainAuth: 'partnerBearer',
      rpcKeyPlacement: placement,
      ledgerAuthPlacement: placement,
    });
    for (const [kind, value] of Object.entries(secrets)) {
      const row = page.getByTestId(`secret-${kind}`);
      await row.locator('input').fill(value);
      await row.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByTestId(`secret-${kind}-status`)).toHaveText(
        `saved in keychain · ends in ${value.slice(-4)}`,
      );
    }
    await page.getByRole('listitem').filter({ hasText: 'Staging' }).getByRole('button', { name: 'Use' }).click();
    await expect(page.getByTestId('active-profile')).toHaveText('Staging');

    // Transfers (ledger JWT): what the token says is shown, a page is shown, then exported.
    await page.getByRole('button', { name: 'Transfers', exact: true }).click();
    const party = app.sandbox.parties[4];
    // The sandbox's read-all token names a user (decoded in main, shown without the token itself).
    await expect(page.getByTestId('token-info')).toContainText('admin-reader');
    await showParty(page, party);
    await expectPage(page, 1);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByTestId('export-card')).toHaveAttribute('data-state', 'done');
    // The renderer is scanned on each screen it used (a screen left behind unmounts its state).
    const onTransfers = await rendererVisibleText(page);
    expect(onTransfers).toContain(party);

    // Chains (partner token at partner_url).
    await page.getByRole('button', { name: 'Chains', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Chains' })).toContainText('polygon');

    // RPC console (API key), its history, and Copy as curl.
    await openConsole(page);
    await setChain(page, 'ethereum', 'full');
    await writeCall(page, 'eth_blockNumber', []);
    await send(page);
    await expect(page.getByTestId('rpc-status')).toHaveText('HTTP 200');
    await expect(page.getByRole('region', { name: 'History' })).toContainText('eth_blockNumber');
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await expect(page.getByTestId('rpc-curl-status')).toContainText('$LEDGER_API_KEY');
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toContain('eth_blockNumber');

    // The scan. Each source is first shown to hold what it should (so an empty scan cannot pass).
    const onConsole = await rendererVisibleText(page);
    expect(onConsole).toContain('eth_blockNumber');
    const seen = `${onTransfers}\n${onConsole}`;
    const userData = await filesText(app.userDataDir);
    expect(userData.text).toContain('Staging'); // settings
    expect(userData.text).toContain('eth_blockNumber'); // RPC history
    const exports = await filesText(app.exportDir);
    expect(exports.names.some((name) => name.endsWith('.csv'))).toBe(true);
    expect(exports.text).toContain(party.split('::')[0]);
    const log = app.log();
    expect(log.length).toBeGreaterThan(0);
    for (const [kind, value] of Object.entries(secrets)) {
      expect(seen, `${kind} in the renderer`).not.toContain(value);
      expect(userData.text, `${kind} in the user-data folder`).not.toContain(value);
      expect(exports.text, `${kind} in an export`).not.toContain(value);
      expect(log, `${kind} in the log`).not.toContain(value);
      expect(clipboard, `${kind} on the clipboard`).not.toContain(value);
    }
  });
}
