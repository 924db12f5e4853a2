// Shared by the case-report tests: real services on the in-process sandbox (no EVM nodes), a host
// whose save dialog answers a folder of the test's own, and a remote profile with every secret kind.
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import type { Host } from '../../../../src-main/services/service-context.ts';
import type { CaseReportRequest } from '../../../../src-shared/contract/case-report.ts';
import type { TransferLeg, TransferPage } from '../../../../src-shared/contract/transfers.ts';

export interface ReportRig {
  services: AppServices;
  host: Host;
  saveDir: string;
  party: string;
  /** The remote profile's saved secrets (API key, bearer token, ledger JWT). */
  remoteSecrets: string[];
  savedFiles(): Promise<string[]>;
}

export async function startReportRig(): Promise<ReportRig> {
  const saveDir = await mkdtemp(join(tmpdir(), 'case-report-out-'));
  const host: Host = { chooseSavePath: async (name) => join(saveDir, name) };
  const services = await startAppServices({
    userDataDir: await mkdtemp(join(tmpdir(), 'case-report-data-')),
    version: 'test',
    transport: 'web',
    keychain: { keytar: async () => Promise.reject(new Error('no keychain in this test')) },
    sandbox: { transfers: 300, evm: false },
    host,
  });
  const { profile } = await ok<{ profile: { id: string } }>(services, 'settings:saveProfile', {
    name: 'Production (EU)',
    baseUrl: 'https://ledger.internal.example.com',
    translateUrl: 'https://translate.internal.example.com',
    partnerUrl: 'https://partner.internal.example.com',
    rpcUrl: 'https://rpc.internal.example.com',
    defaultNodeId: null,
    chainAuth: 'apiKey',
    rpcKeyPlacement: 'header',
    rpcSeparator: '_',
    ledgerAuthPlacement: 'header',
  });
  const remoteSecrets = [
    'prod-api-key-0123456789abcdef',
    'prod-bearer-<&>-token-987654',
    'eyJhbGciOiJub25lIn0.eyJzdWIiOiJwcm9kIn0.',
  ];
  for (const [kind, value] of [
    ['apiKey', remoteSecrets[0]],
    ['partnerToken', remoteSecrets[1]],
    ['ledgerJwt', remoteSecrets[2]],
  ]) {
    await ok(services, 'secrets:set', profile.id, kind, value);
  }
  return {
    services,
    host,
    saveDir,
    party: services.sandbox?.describe().parties[0] as string,
    remoteSecrets,
    savedFiles: async () => (await readdir(saveDir)).filter((name) => !name.startsWith('.')),
  };
}

export async function ok<T>(services: AppServices, channel: string, ...args: unknown[]): Promise<T> {
  const answer = await services.dispatch(channel, args);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}

export const filtersFor = (party: string, over: Record<string, unknown> = {}) => ({
  party,
  asset: { kind: 'all' as const },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 50,
  nodeId: 'validator-2',
  ...over,
});

/** The first page the sandbox answers for the party on validator-2 (what the screen would show). */
export async function firstPage(rig: ReportRig): Promise<TransferLeg[]> {
  const page = await ok<TransferPage>(rig.services, 'transfers:page', {
    requestId: 'report-page-0001',
    profileId: 'sandbox',
    filters: filtersFor(rig.party),
    next: null,
  });
  return page.legs;
}

export function reportRequest(
  rig: ReportRig,
  legs: TransferLeg[],
  over: Partial<CaseReportRequest> = {},
): CaseReportRequest {
  return {
    profileId: 'sandbox',
    filters: filtersFor(rig.party),
    view: { mode: 'page', page: 1 },
    legs,
    legsShown: legs.length,
    queryTime: '2026-11-24T09:30:00.000Z',
    comparison: null,
    format: 'html',
    ...over,
  };
}
