// Helpers for the RPC console and Chains specs: drive the form as a user does, and wait on the
// app's own signals (the answer pane's sequence number), never on time.
import type { Page, Request } from '@playwright/test';
import { expect, type WebApp } from '../support/web-app.ts';

export async function openConsole(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'RPC console', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'RPC console' })).toBeVisible();
}

export const answerPane = (page: Page) => page.getByRole('region', { name: 'Answer', exact: true });

export async function setChain(page: Page, chain: string, nodeType?: 'full' | 'archive'): Promise<void> {
  await page.getByLabel('Chain', { exact: true }).fill(chain);
  if (nodeType) await page.getByLabel('Node type').selectOption(nodeType);
}

/** Replaces the text of a CodeMirror editor (it lives in a shadow root; Playwright's locators pierce it). */
export async function setEditor(page: Page, name: string, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+KeyA');
  if (text) await page.keyboard.insertText(text);
  else await page.keyboard.press('Delete');
}

export const setParams = (page: Page, text: string) => setEditor(page, 'Params (JSON array)', text);

/** A single call: method and params typed in, as a user would. */
export async function writeCall(page: Page, method: string, params: unknown[]): Promise<void> {
  await page.getByRole('radio', { name: 'Single call' }).check();
  await page.getByLabel('Method', { exact: true }).fill(method);
  await setParams(page, JSON.stringify(params));
  await expect(page.getByTestId('rpc-draft-error')).toHaveCount(0);
}

/** Sends with the Send button (or Ctrl+Enter) and waits until the answer pane shows the new answer. */
export async function send(page: Page, how: 'button' | 'keyboard' = 'button'): Promise<void> {
  const pane = answerPane(page);
  const before = Number(await pane.getAttribute('data-answer-seq'));
  if (how === 'button') await page.getByRole('button', { name: 'Send', exact: true }).click();
  else {
    await page.getByRole('textbox', { name: /Params|Batch/ }).click();
    await page.keyboard.press('ControlOrMeta+Enter');
  }
  await expect(pane).toHaveAttribute('data-answer-seq', String(before + 1));
}

/** Every call the page makes to one bridge channel, e.g. `rpc:call`. */
export function bridgeCalls(page: Page, channel: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/__bridge/${encodeURIComponent(channel)}`)) seen.push(request);
  });
  return seen;
}

/**
 * Creates a remote profile through the bridge (faster than the form, which profile-form.spec.ts
 * covers), makes it active and reloads the app so it reads the settings. `apiKey` is saved
 * through the bridge too (test keys only: a key that must never reach the renderer goes through
 * `saveApiKeyInSettings`, as a user types it).
 */
export async function useRemoteProfile(
  page: Page,
  app: WebApp,
  profile: {
    name: string;
    rpcUrl: string;
    translateUrl?: string;
    rpcKeyPlacement?: 'header' | 'query';
    rpcSeparator?: '_' | '-';
    chainAuth?: 'apiKey' | 'partnerBearer';
  },
  apiKey: string | null,
): Promise<void> {
  await page.evaluate(
    async ({ profile, apiKey, sandbox }) => {
      const { profile: saved } = await window.ledger.settings.saveProfile({
        name: profile.name,
        baseUrl: sandbox.baseUrl,
        translateUrl: profile.translateUrl ?? sandbox.translateUrl,
        partnerUrl: sandbox.partnerUrl,
        rpcUrl: profile.rpcUrl,
        defaultNodeId: null,
        chainAuth: profile.chainAuth ?? 'apiKey',
        rpcKeyPlacement: profile.rpcKeyPlacement ?? 'header',
        rpcSeparator: profile.rpcSeparator ?? '_',
        ledgerAuthPlacement: 'header',
      });
      if (apiKey) await window.ledger.secrets.set(saved.id, 'apiKey', apiKey);
      await window.ledger.settings.setActiveProfile(saved.id);
    },
    {
      profile,
      apiKey,
      sandbox: {
        baseUrl: app.sandbox.baseUrl,
        translateUrl: app.sandbox.translateUrl,
        partnerUrl: app.sandbox.partnerUrl,
      },
    },
  );
  // A fresh load (the bridge token travels in the fragment, so a plain reload would lose it).
  await page.goto('about:blank');
  await app.open(page);
  await expect(page.getByTestId('active-profile')).toHaveText(profile.name);
}

/** Types the active profile's API key into Settings and saves it, as a user does; the field is cleared after. */
export async function saveApiKeyInSettings(page: Page, key: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const row = page.getByTestId('secret-apiKey');
  await row.locator('input').fill(key);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('secret-apiKey-status')).toContainText(`ends in ${key.slice(-4)}`);
  await expect(row.locator('input')).toHaveValue('');
}
