// What every handler needs: the stores, the sandbox, and the rules for finding a profile and the
// secret main uses for a call. Handlers get this instead of reaching for globals.
import type { Profile, SecretKind, SecretStatus } from '../../src-shared/contract/schemas.ts';
import type { CredentialStore } from './credentials/credential-store.ts';
import { ServiceError } from './errors.ts';
import type { RequestRegistry } from './request-registry.ts';
import type { SandboxNetwork } from './sandbox/sandbox-network.ts';
import type { SettingsStore } from './settings/settings-store.ts';

/** What the host (Electron, or the browser test bridge) does for main that plain Node cannot. */
export interface Host {
  /** Asks the user where to save a file; null when they cancel. */
  chooseSavePath(defaultName: string, filters: Array<{ name: string; extensions: string[] }>): Promise<string | null>;
}

/**
 * How long main waits for an answer, per interface. Unset: the clients' own defaults (ledger data
 * 20 s, chain listing 15 s). The RPC console has its own per-call timeout. Tests set these short.
 */
export interface ServiceTimeouts {
  transfersMs?: number;
  chainsMs?: number;
}

export interface ServiceContext {
  settings: SettingsStore;
  credentials: CredentialStore;
  sandbox: SandboxNetwork | null;
  sandboxError: string | null;
  requests: RequestRegistry;
  host: Host;
  version: string;
  transport: 'electron' | 'web';
  log: (line: string) => void;
  timeouts?: ServiceTimeouts;
  profile(id: string): Profile;
  /** The secret main uses for a call: the user's own, else the sandbox network's built-in one. */
  secretFor(profile: Profile, kind: SecretKind): Promise<string | null>;
  requireSecret(profile: Profile, kind: SecretKind, label: string): Promise<string>;
  secretStatus(profileId: string): Promise<Record<SecretKind, SecretStatus>>;
}

export function createServiceContext(
  parts: Omit<ServiceContext, 'profile' | 'secretFor' | 'requireSecret' | 'secretStatus'>,
): ServiceContext {
  const { settings, credentials, sandbox } = parts;
  const builtIn = (kind: SecretKind): string | null => {
    if (!sandbox) return null;
    if (kind === 'apiKey') return sandbox.credentials.apiKey;
    if (kind === 'partnerToken') return sandbox.credentials.partnerToken;
    return sandbox.ledger.auth.tokens.readAll;
  };
  const context: ServiceContext = {
    ...parts,
    profile(id) {
      const found = settings.settings.profiles.find((p) => p.id === id);
      if (!found) throw new ServiceError('not_found', `No connection profile "${id}"`);
      return found;
    },
    async secretFor(profile, kind) {
      const stored = await credentials.get(profile.id, kind);
      if (stored) return stored;
      return profile.kind === 'sandbox' ? builtIn(kind) : null;
    },
    async requireSecret(profile, kind, label) {
      const secret = await context.secretFor(profile, kind);
      if (!secret)
        throw new ServiceError('unauthorized', `No ${label} saved for "${profile.name}": add it in Settings.`);
      return secret;
    },
    async secretStatus(profileId) {
      const profile = context.profile(profileId);
      const status = await credentials.status(profile.id);
      if (profile.kind === 'sandbox' && sandbox) {
        for (const kind of ['apiKey', 'partnerToken', 'ledgerJwt'] as const) {
          if (!status[kind].present && status[kind].source !== 'unreadable') {
            status[kind] = { present: true, hint: null, source: 'sandbox' };
          }
        }
      }
      return status;
    },
  };
  return context;
}
