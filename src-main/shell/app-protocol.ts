// The renderer is served from app://renderer/ rather than file://: a real origin that the CSP
// and the sender check can name, and no access to the rest of the file system.

import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { rendererCsp } from '../../src-shared/csp.ts';
import { resolveInside } from '../services/static-path.ts';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://renderer`;

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true } }]);
}

export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === 'renderer' ? resolveInside(rendererDir, url.pathname) : null;
    if (!file) return new Response('not found', { status: 404 });
    try {
      const response = await net.fetch(pathToFileURL(file).toString());
      const headers = new Headers(response.headers);
      headers.set('Content-Security-Policy', rendererCsp('electron'));
      headers.set('X-Content-Type-Options', 'nosniff');
      return new Response(response.body, { status: response.status, headers });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });
}
