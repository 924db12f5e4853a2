import type { Profile } from '../../src-shared/contract/schemas.ts';
import type { LocalSandbox } from './local-sandbox.ts';

export interface ServiceUrls {
  baseUrl: string;
  translateUrl: string;
  partnerUrl: string;
  rpcUrl: string;
}

/** The addresses a profile talks to; the sandbox profile's exist only while the local sandbox runs. */
export async function serviceUrls(profile: Profile, sandbox: LocalSandbox): Promise<ServiceUrls> {
  if (profile.kind === 'remote') return profile;
  return (await sandbox.require()).urls;
}
