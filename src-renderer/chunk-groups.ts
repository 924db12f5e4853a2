// How both renderer builds (electron.vite.config.ts, vite.web.config.ts) split their chunks, beyond
// what the screens loaded on demand split by themselves (lazy-screens.tsx). One rule: zod and
// zod-jitless.ts share a chunk. Once the screens are chunks of their own, the schemas zod builds live
// in chunks shared between them, which run before the entry's own body; zod-jitless must run before
// any schema is built (or zod probes `new Function` and Chromium reports a CSP violation), so it
// runs in zod's own chunk, right after zod, before any chunk that imports zod can build a schema.
export const RENDERER_CODE_SPLITTING = {
  groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src-renderer[\\/]zod-jitless\.ts$/ }],
};
