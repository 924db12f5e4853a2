// The renderer built for a plain browser, with the loopback test bridge installed in place of
// the Electron preload (`npm run dev:web`, browser-tier tests). Same app code, same CSP.
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { RENDERER_CODE_SPLITTING } from './src-renderer/chunk-groups.ts';

const here = import.meta.dirname;

export default defineConfig({
  root: resolve(here, 'src-renderer/web'),
  base: '/',
  plugins: [react()],
  build: {
    outDir: resolve(here, 'out/web'),
    emptyOutDir: true,
    rollupOptions: {
      input: resolve(here, 'src-renderer/web/index.html'),
      output: { codeSplitting: RENDERER_CODE_SPLITTING },
    },
    // One stylesheet, linked by the page: no CSS is fetched after start (chunk-gate.ts says why).
    cssCodeSplit: false,
  },
});
