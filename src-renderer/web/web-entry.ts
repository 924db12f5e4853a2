// Browser entry: installs window.ledger over the loopback test bridge, then starts the same app.
// The bridge token arrives in the URL fragment (never sent to a server) and is removed from the
// address bar at once.
// Must stay first: it configures zod before any schema is built (see the module).
import '../zod-jitless.ts';
import { createBridge } from '../../src-shared/bridge/create-bridge.ts';
import { BRIDGE_GLOBAL } from '../../src-shared/contract/channel-names.ts';
import type { Envelope } from '../../src-shared/contract/errors.ts';

const fragment = new URLSearchParams(window.location.hash.slice(1));
const token = fragment.get('bridge') ?? '';
// A view to open (docs/links.md): the app checks it as strictly as a link from the OS.
const link = fragment.get('open');
history.replaceState(null, '', window.location.pathname);

const api = createBridge(async (channel, args) => {
  const response = await fetch(`/__bridge/${encodeURIComponent(channel)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(args),
  });
  if (!response.ok) throw new Error(`test bridge answered HTTP ${response.status}: ${await response.text()}`);
  return (await response.json()) as Envelope<unknown>;
});
Object.defineProperty(window, BRIDGE_GLOBAL, { value: api, writable: false, configurable: false });

if (link !== null) (await import('../navigation/link-requests.ts')).openLink(link);
await import('../main.tsx');
