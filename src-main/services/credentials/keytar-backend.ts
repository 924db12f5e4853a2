import { withTimeout } from '../with-timeout.ts';
import type { SecretBackend } from './secret-backend.ts';

/** The part of keytar this app uses. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

export class KeychainUnavailableError extends Error {
  override name = 'KeychainUnavailableError';
}

/**
 * The OS keychain through keytar. Every call has a timeout: a locked keyring on a desktop
 * can sit on an unlock prompt forever, and the app must not hang behind it.
 */
export class KeytarSecretBackend implements SecretBackend {
  readonly kind = 'keychain' as const;

  private readonly keytar: KeytarModule;
  private readonly service: string;
  private readonly timeoutMs: number;

  constructor(keytar: KeytarModule, service: string, timeoutMs: number) {
    this.keytar = keytar;
    this.service = service;
    this.timeoutMs = timeoutMs;
  }

  /** Proves the keychain answers at all (Secret Service present and unlocked). */
  async probe(): Promise<void> {
    await this.call('probe', () => this.keytar.findCredentials(this.service));
  }

  get(account: string): Promise<string | null> {
    return this.call('read', () => this.keytar.getPassword(this.service, account));
  }
  set(account: string, secret: string): Promise<void> {
    return this.call('write', () => this.keytar.setPassword(this.service, account, secret));
  }
  async delete(account: string): Promise<void> {
    await this.call('delete', () => this.keytar.deletePassword(this.service, account));
  }

  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await withTimeout(
        run(),
        this.timeoutMs,
        () => new KeychainUnavailableError(`the OS keychain did not answer a ${what} within ${this.timeoutMs} ms`),
      );
    } catch (error) {
      if (error instanceof KeychainUnavailableError) throw error;
      throw new KeychainUnavailableError(`the OS keychain refused a ${what}: ${(error as Error).message}`);
    }
  }
}

export async function loadKeytar(): Promise<KeytarModule> {
  const mod = (await import('keytar')) as unknown as { default?: KeytarModule } & KeytarModule;
  return mod.default ?? mod;
}
