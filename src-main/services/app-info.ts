import { sep } from 'node:path';
import type { AppInfo } from '../../src-shared/contract/schemas.ts';
import type { ServiceContext } from './service-context.ts';

/** What the app shell shows about itself: version, where secrets live, the sandbox's state. */
export function appInfo(ctx: ServiceContext, userDataDir: string): AppInfo {
  // Checked in the background: if the keychain has gone, a later app:info says so.
  ctx.credentials.recheck();
  const { network, error } = ctx.sandbox;
  return {
    version: ctx.version,
    platform: process.platform,
    secretStorage: ctx.credentials.storageInfo(),
    sandbox: { running: network !== null, baseUrl: network?.urls.baseUrl ?? null, error },
    transport: ctx.transport,
    versions: {
      app: ctx.version,
      electron: process.versions.electron ?? null,
      chromium: process.versions.chrome ?? null,
      node: process.versions.node,
    },
    // The same paths as desktop/reveal.ts, spelled here so app:info loads nothing more.
    folders: { settings: userDataDir, logs: `${userDataDir}${sep}logs` },
  };
}
