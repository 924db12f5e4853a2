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
 * The keychain did not answer at all within the timeout (a hang, not a refusal). The credential
 * store stops asking it for the rest of the session: every further call would cost the same wait,
 * and each unanswered keytar call keeps one of libuv's four worker threads busy (keytar runs its
 * calls there), which the app's file I/O shares.
 */
export class KeychainTimeoutError extends KeychainUnavailableError {
  override name = 'KeychainTimeoutError';
}

/** keytar itself could not be loaded: not installed (an optional dependency), or its native part does not load here. */
export class KeytarNotLoadedError extends Error {
  override name = 'KeytarNotLoadedError';
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
        () => new KeychainTimeoutError(`the OS keychain did not answer a ${what} within ${duration(this.timeoutMs)}`),
      );
    } catch (error) {
      if (error instanceof KeychainUnavailableError) throw error;
      throw new KeychainUnavailableError(`the OS keychain refused a ${what}: ${(error as Error).message}`);
    }
  }
}

export async function loadKeytar(): Promise<KeytarModule> {
  let mod: { default?: KeytarModule } & KeytarModule;
  try {
    mod = (await import('keytar')) as unknown as typeof mod;
  } catch (error) {
    throw keytarNotLoaded(error);
  }
  return mod.default ?? mod;
}

/**
 * Why keytar could not be loaded, in one line. keytar is an optional dependency: `npm install` skips
 * it when its native build fails (no libsecret-1-dev), so the package is missing (ERR_MODULE_NOT_FOUND);
 * or the package is there but its keytar.node is missing (MODULE_NOT_FOUND) or will not load
 * (ERR_DLOPEN_FAILED: libsecret absent, or built for another Node/Electron).
 */
export function keytarNotLoaded(error: unknown): KeytarNotLoadedError {
  if (error instanceof KeytarNotLoadedError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = firstLine(error instanceof Error ? error.message : String(error));
  const why =
    code === 'ERR_MODULE_NOT_FOUND' && /'keytar'/.test(message)
      ? 'is not installed'
      : code === 'ERR_DLOPEN_FAILED' || /\.node\b/.test(message)
        ? 'is installed but its native part does not load'
        : 'could not be loaded';
  return new KeytarNotLoadedError(`keytar, the module that reaches the OS keychain, ${why} (${message})`);
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? text;
}

/** "5 s" for whole seconds (the app's 5 s), else milliseconds (tests' short timeouts). */
function duration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
