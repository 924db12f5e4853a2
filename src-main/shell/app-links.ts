// ledger-explorer:// links from the OS (docs/links.md), loaded by main.ts with import() once the
// services run. A link reaches the renderer through the services' inbox (app:nextEvent), which
// parses it strictly before anything opens: here it is only found and handed on, never trusted.
//   Windows/Linux: the link is an argument, of the first start or of a second instance (whose
//   argv the single-instance lock hands to this one).  macOS: the open-url event, which can fire
//   before the app is ready (main.ts keeps those until now).
import { app, type BrowserWindow } from 'electron';
import type { AppServices } from '../services/app-services.ts';
import { linkFromArgv } from '../services/links/link-from-argv.ts';

const SCHEME = 'ledger-explorer';

export function routeLinks(
  inbox: AppServices['shellInbox'],
  window: () => BrowserWindow | null,
  earlyLinks: readonly string[],
): void {
  // Only a packaged app registers itself with the OS: a development run or a test must not take
  // the scheme over from the installed app.
  if (app.isPackaged && !app.isDefaultProtocolClient(SCHEME)) app.setAsDefaultProtocolClient(SCHEME);

  const deliver = (url: string) => {
    inbox.push({ kind: 'link', url: url.slice(0, 70_000) });
    const win = window();
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  };
  // Takes over from main.ts's early listener (which only kept the links).
  app.removeAllListeners('open-url');
  app.on('open-url', (event, url) => {
    event.preventDefault();
    deliver(url);
  });
  app.on('second-instance', (_event, argv) => {
    const link = linkFromArgv(argv);
    if (link) deliver(link);
  });
  for (const url of earlyLinks) inbox.push({ kind: 'link', url });
  const first = linkFromArgv(process.argv);
  if (first) inbox.push({ kind: 'link', url: first });
}
