import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Each test starts its own app (services, sandbox, three EVM nodes) on a 2-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The second prints the fault matrix (faults-matrix.spec.ts) when its tests ran; nothing otherwise.
  reporter: [['list'], ['./e2e/support/faults-matrix-reporter.ts']],
  projects: [
    {
      // The built renderer in Debian's Chromium through the loopback test bridge.
      name: 'browser',
      testMatch: 'browser/**/*.spec.ts',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
    {
      // The packaged-layout app in a real Electron (only where an Electron binary exists).
      name: 'electron',
      testMatch: 'electron/**/*.spec.ts',
    },
  ],
});
