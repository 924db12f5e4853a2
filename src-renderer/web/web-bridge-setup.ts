// The browser version's bridge: installs window.ledger over the loopback bridge before the app's
// modules run (web-entry.ts imports this first). The bridge key arrives in the URL fragment (never sent to a server), is taken out of the
// address bar at once and kept in this tab's sessionStorage (bridge-key.ts); a reload, back/forward
// and a second tab keep working, and a stopped server is said and recovered from (server-link.ts).
import { onlineManager } from '@tanstack/react-query';
import { createBridge } from '../../src-shared/bridge/create-bridge.ts';
import { BRIDGE_GLOBAL } from '../../src-shared/contract/channel-names.ts';
import { setChunkGate } from '../chunk-gate.ts';
import { openLink } from '../navigation/link-requests.ts';
import { storedKey, storeKey, takeAddressParts } from './bridge-key.ts';
import { showServerBanner } from './server-banner.ts';
import { ServerLink } from './server-link.ts';

const { key: given, link } = takeAddressParts();
if (given) storeKey(given);
const server = new ServerLink(given ?? storedKey());
// TanStack Query's "online" is "the server answers with this tab's key": while it is not, queries
// and mutations wait (paused, nothing the user typed is dropped) instead of failing, and they run
// again when it is back (the browser's own online/offline says nothing about a loopback server).
onlineManager.setEventListener((setOnline) => server.subscribe((state) => setOnline(state === 'ok')));
showServerBanner(server);
// More of the app's code is fetched only from a server that proves it holds this tab's key (chunk-gate.ts).
setChunkGate(() => server.proven());

Object.defineProperty(window, BRIDGE_GLOBAL, {
  value: createBridge(server.transport),
  writable: false,
  configurable: false,
});

// The printed address opened again in this tab changes only the fragment (no reload): a new key
// and a view to open are taken from it all the same.
window.addEventListener('hashchange', () => {
  const parts = takeAddressParts();
  if (parts.key) void server.offerKey(parts.key);
  if (parts.link !== null) openLink(parts.link);
});

// Queued before the app starts: the link router opens it once the app is mounted.
if (link !== null) openLink(link);
