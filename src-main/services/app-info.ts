import type { AppInfo } from '../../src-shared/contract/schemas.ts';
import type { ServiceContext } from './service-context.ts';

/** What the app shell shows about itself: version, where secrets live, the sandbox's state. */
export function appInfo(ctx: ServiceContext): AppInfo {
  // Checked in the background: if the keychain has gone, a later app:info says so.
  ctx.credentials.recheck();
  const { network, error } = ctx.sandbox;
  return {
    version: ctx.version,
    platform: process.platform,
    secretStorage: ctx.credentials.storageInfo(),
    sandbox: { running: network !== null, baseUrl: network?.urls.baseUrl ?? null, error },
    transport: ctx.transport,
  };
}
