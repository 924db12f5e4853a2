// Two vitest projects, both run by `npx vitest run`:
//   node       services, sandbox, contract, preload and pure renderer logic (*.test.ts), in Node,
//              with a private Secret Service for the credential-store tests.
//   component  React components (*.test.tsx under test/src-renderer/) in happy-dom with a fake
//              window.ledger (test/fixtures/fake-bridge.ts, test/src-renderer/support/).
// Coverage is off unless asked for (`--coverage`, as scripts/test-all.mjs does).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/keyring-global-setup.ts'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'component',
          include: ['test/src-renderer/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['test/src-renderer/support/setup.ts'],
          // vi.spyOn on a shared global (navigator.clipboard) must not outlive its test.
          restoreMocks: true,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      reportsDirectory: '.test-tmp/coverage',
      reporter: ['text-summary', 'json-summary'],
      // Failing tests still leave a summary, so `npm test` can report coverage next to the failures.
      reportOnFailure: true,
      // Code only: a certificate or a README under these folders is not a module to measure.
      include: ['{src-main/services,src-sandbox,src-shared,src-preload,src-renderer}/**/*.{ts,tsx}'],
      exclude: [
        // The Electron shell: only the Electron tier reaches it, and that tier is not measured.
        'src-main/shell/**',
        '**/*.d.ts',
        '**/*.test.{ts,tsx}',
        // Bootstraps that run only in a real page: they mount the app on #root or install the
        // loopback bridge from the URL fragment. The browser tier covers them; here they would
        // only add lines no Node or component test can load.
        'src-renderer/main.tsx',
        'src-renderer/web/web-entry.ts',
        // The sandbox's command-line entry (`npm run sandbox`) runs only as its own process: its test
        // spawns it, and v8 coverage does not follow a test into a child process.
        'src-sandbox/cli.ts',
        // Not code.
        '**/*.{html,css}',
      ],
    },
  },
});
