// Every secret (API key, ledger JWT, partner bearer token) per connection profile.
// The OS keychain holds them; when it is unavailable the store keeps them in memory for this
// session only and says so. Nothing here ever writes a secret to disk, and nothing it returns
// to callers outside main carries more than {present, hint}.
import {
  SECRET_KINDS,
  type SecretKind,
  type SecretStatus,
  type SecretStorageInfo,
} from '../../../src-shared/contract/schemas.ts';
import { KeychainUnavailableError, type KeytarModule, KeytarSecretBackend, loadKeytar } from './keytar-backend.ts';
import { MemorySecretBackend, type SecretBackend } from './secret-backend.ts';

export const KEYCHAIN_SERVICE = 'ledger-explorer';

export interface CredentialStoreOptions {
  service?: string;
  timeoutMs?: number;
  /** Loads keytar; injectable so the loader's failure (no native module) is handled like a missing keychain. */
  keytar?: () => Promise<KeytarModule>;
}

/** Last 4 characters, only when the secret is long enough that 4 characters do not give most of it away. */
export function secretHint(secret: string): string | null {
  return secret.length >= 12 ? secret.slice(-4) : null;
}

export class CredentialStore {
  private backend: SecretBackend;
  private fallbackReason: string | null;
  private readonly session = new MemorySecretBackend();

  private constructor(backend: SecretBackend | null, reason: string | null) {
    this.backend = backend ?? this.session;
    this.fallbackReason = reason;
  }

  static async open(options: CredentialStoreOptions = {}): Promise<CredentialStore> {
    const service = options.service ?? KEYCHAIN_SERVICE;
    try {
      const keytar = await (options.keytar ?? loadKeytar)();
      const backend = new KeytarSecretBackend(keytar, service, options.timeoutMs ?? 5_000);
      await backend.probe();
      return new CredentialStore(backend, null);
    } catch (error) {
      return new CredentialStore(null, describeFailure(error));
    }
  }

  storageInfo(): SecretStorageInfo {
    return { backend: this.backend.kind, reason: this.fallbackReason };
  }

  async get(profileId: string, kind: SecretKind): Promise<string | null> {
    return this.guarded((backend) => backend.get(account(profileId, kind)));
  }

  async set(profileId: string, kind: SecretKind, secret: string): Promise<void> {
    await this.guarded((backend) => backend.set(account(profileId, kind), secret));
  }

  async delete(profileId: string, kind: SecretKind): Promise<void> {
    await this.guarded((backend) => backend.delete(account(profileId, kind)));
  }

  async deleteProfile(profileId: string): Promise<void> {
    for (const kind of SECRET_KINDS) await this.delete(profileId, kind);
  }

  async status(profileId: string): Promise<Record<SecretKind, SecretStatus>> {
    const entries = await Promise.all(
      SECRET_KINDS.map(async (kind) => {
        const secret = await this.get(profileId, kind);
        const status: SecretStatus = secret
          ? { present: true, hint: secretHint(secret), source: this.backend.kind }
          : { present: false, hint: null, source: null };
        return [kind, status] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<SecretKind, SecretStatus>;
  }

  /**
   * Runs an operation on the keychain; if the keychain goes away mid-session, switch to the session
   * store for the rest of the run (and report it) instead of failing every later call.
   */
  private async guarded<T>(operation: (backend: SecretBackend) => Promise<T>): Promise<T> {
    try {
      return await operation(this.backend);
    } catch (error) {
      if (this.backend === this.session || !(error instanceof KeychainUnavailableError)) throw error;
      this.backend = this.session;
      this.fallbackReason = `${describeFailure(error)} (secrets saved before this are still in the keychain but cannot be read now)`;
      return operation(this.session);
    }
  }
}

function account(profileId: string, kind: SecretKind): string {
  return `${profileId}:${kind}`;
}

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith('the OS keychain') ? message : `the OS keychain is unavailable: ${message}`;
}
