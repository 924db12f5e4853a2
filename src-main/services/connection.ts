import type { Profile } from '../../src-shared/contract/schemas.ts';
import { ServiceError } from './errors.ts';
import type { SandboxNetwork } from './sandbox/sandbox-network.ts';

export interface ServiceUrls {
  baseUrl: string;
  translateUrl: string;
  partnerUrl: string;
  rpcUrl: string;
}

/** The addresses a profile talks to; the sandbox profile's exist only while the in-process sandbox runs. */
export function serviceUrls(profile: Profile, sandbox: SandboxNetwork | null): ServiceUrls {
  if (profile.kind === 'remote') return profile;
  if (!sandbox) throw new ServiceError('network', 'The local sandbox network is not running; see the banner for why.');
  return sandbox.urls;
}
