// The app's services on a temporary user-data folder with a remote profile ('remote') pointing at a
// sandbox network in this process (its full handle: appendTransfers), the profile's secrets saved
// through the bridge as a user would, and sync-and-wait through dispatch.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import {
  type AppServices,
  type AppServicesOptions,
  startAppServices,
} from '../../../../src-main/services/app-services.ts';
import {
  type SandboxInternals,
  type SandboxOptions,
  startSandboxNetwork,
} from '../../../../src-sandbox/sandbox-network.ts';
import type { SyncStatus } from '../../../../src-shared/contract/local-ledger.ts';
import { writeRemoteProfile } from '../../../durability/local-legs.ts';

export interface RemoteSync {
  services: AppServices;
  sandbox: SandboxInternals;
  userDataDir: string;
  parties: string[];
  /** Syncs `party` (its whole history, or one window of it) and waits for the end. */
  sync(party: string, range?: { after: string | null; before: string | null }): Promise<SyncStatus>;
  call<T>(channel: string, ...args: unknown[]): Promise<T>;
  close(): Promise<void>;
}

export async function startRemoteSync(
  options: SandboxOptions,
  app: Pick<AppServicesOptions, 'localLedger' | 'timeouts'> = {},
): Promise<RemoteSync> {
  const sandbox = await startSandboxNetwork({ evm: false, ...options });
  const userDataDir = await mkdtemp(join(tmpdir(), 'local-remote-'));
  const { baseUrl, translateUrl, partnerUrl, rpcUrl } = sandbox.urls;
  await writeRemoteProfile(userDataDir, 'remote', { baseUrl, translateUrl, partnerUrl, rpcUrl });
  const services = await startAppServices({
    userDataDir,
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: false,
    host: { chooseSavePath: async () => null },
    ...app,
  });
  const call = async <T>(channel: string, ...args: unknown[]): Promise<T> => {
    const answer = await services.dispatch(channel, args);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
    return answer.value as T;
  };
  await call('secrets:set', 'remote', 'ledgerJwt', sandbox.credentials.ledgerJwt);
  return {
    services,
    sandbox,
    userDataDir,
    parties: sandbox.describe().parties,
    call,
    sync: async (party, range = { after: null, before: null }) => {
      const started = await call<SyncStatus>('local:sync', { profileId: 'remote', party, nodeId: null, range });
      if (!services.local.engine) return services.local.waitForSync(started.jobId);
      // The ledger in its engine: the job's end as the screen sees it, through syncStatus.
      return vi.waitFor(
        async () => {
          const now = await call<SyncStatus>('local:syncStatus', started.jobId);
          if (now.state === 'running' || now.state === 'waiting') throw new Error(`sync ${now.state}`);
          return now;
        },
        { timeout: 120_000, interval: 50 },
      );
    },
    close: async () => {
      await services.close();
      await sandbox.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
