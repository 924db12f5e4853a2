import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { RENDERER_CODE_SPLITTING } from './src-renderer/chunk-groups.ts';

const here = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Minified, as the renderer is: main's code is parsed at every start (docs/performance.md,
      // "Main bundle"). Error and class names the app relies on are string literals, so they survive.
      minify: true,
      // keytar is an optional dependency (not in `dependencies`, which is all electron-vite externalizes
      // by itself): it must stay a run-time import, loaded or found missing when the app starts.
      externalizeDeps: { include: ['keytar'] },
      // The SQL process (src-main/services/local-ledger/sql/) and the ledger engine
      // (local-ledger/engine/) are entries of their own: main starts each with utilityProcess, as
      // out/main/sql-child.js and out/main/ledger-engine.js.
      lib: {
        entry: {
          index: resolve(here, 'src-main/index.ts'),
          'sql-child': resolve(here, 'src-main/services/local-ledger/sql/sql-child.ts'),
          'ledger-engine': resolve(here, 'src-main/services/local-ledger/engine/engine-main.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require only `electron`: bundle everything else into one CommonJS file.
      externalizeDeps: false,
      lib: { entry: resolve(here, 'src-preload/index.ts'), formats: ['cjs'], fileName: () => 'index.cjs' },
      rollupOptions: { external: ['electron'] },
    },
  },
  renderer: {
    root: resolve(here, 'src-renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(here, 'out/renderer'),
      emptyOutDir: true,
      minify: true,
      // One stylesheet in source order: the shared base first, as in the web build.
      cssCodeSplit: false,
      rollupOptions: {
        input: resolve(here, 'src-renderer/index.html'),
        output: { codeSplitting: RENDERER_CODE_SPLITTING },
      },
    },
  },
});
