// Browser entry: installs window.ledger over the browser version's loopback bridge (web-bridge-setup.ts),
// then starts the same app. Static imports, in this order (ES modules run their imports in order):
// the bridge exists before main.tsx's module runs, and the whole first screen's module graph is one
// static graph, which the built index.html preloads at once (a dynamic import of main.tsx fetched
// its chunks only after this module had run: 150-250 ms more of the cold load, issue 39).
// Must stay first: it configures zod before any schema is built (see the module).
import '../zod-jitless.ts';
import './web-bridge-setup.ts';
import '../main.tsx';
