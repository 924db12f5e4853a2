// Regenerates the README screenshots: the app in Debian's Chromium through the test bridge.
// Usage: npm run build && node scripts/screenshots.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from '@playwright/test';

const root = resolve(import.meta.dirname, '..');
const home = mkdtempSync(join(tmpdir(), 'ledger-shots-'));
const shell = spawn(process.execPath, [join(root, 'src-main/web-shell/cli.ts')], {
  env: { ...process.env, HOME: home },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const { url } = JSON.parse(await new Promise((r) => createInterface({ input: shell.stdout }).once('line', r)));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  for (const [section, file, scheme] of [
    ['Chains', 'chains.png', 'light'],
    ['Settings', 'settings-dark.png', 'dark'],
  ]) {
    const page = await browser.newPage({ viewport: { width: 1200, height: 720 }, colorScheme: scheme });
    await page.goto(url);
    await page.locator('.app[data-ready="true"]').waitFor();
    await page.getByRole('button', { name: section, exact: true }).click();
    if (section === 'Chains') await page.getByRole('table', { name: 'Chains' }).waitFor();
    await page.screenshot({ path: join(root, 'docs/screenshots', file) });
    await page.close();
  }
} finally {
  await browser.close();
  shell.kill('SIGTERM');
}
