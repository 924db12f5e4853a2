// Every secret (API key, ledger JWT, partner bearer token) per connection profile.
// The OS keychain holds them. When it is unavailable at start, the store keeps secrets in memory
// for this session only and says so. When it fails later (the Secret Service stopped, the keyring
// daemon crashed), the app keeps running on the session store and says so: a save goes to the
// session store, and a secret the keychain already gave (or said it did not have) this session
// keeps its answer, moved into the session store. Only a read of something the keychain was never
// asked about, or a delete, is reported as a keychain error rather than as "no secret": the
// secret may well still be there. Nothing here writes a secret to disk, and nothing it returns to
// the renderer carries more than {present, hint}.
// A keychain that HANGS (no answer within the timeout, e.g. a keyring daemon that is stopped or stuck
// on an unlock prompt) is asked only until that first timeout: from then on the store behaves as if
// the keychain had gone (same rules as above) without calling keytar again, so no later call waits.
// A keychain that REFUSES (an error answer) is cheap to ask, and asked again on every call.
import {
  SECRET_KINDS,
  type SecretKind,
  type SecretStatus,
  type SecretStorageInfo,
} from '../../../src-shared/contract/schemas.ts';
import { ServiceError } from '../errors.ts';
import {
  KeychainTimeoutError,
  KeychainUnavailableError,
  type KeytarModule,
  KeytarNotLoadedError,
  KeytarSecretBackend,
  keytarNotLoaded,
  loadKeytar,
} from './keytar-backend.ts';
import { MemorySecretBackend } from './secret-backend.ts';

export const KEYCHAIN_SERVICE = 'ledger-explorer';
/** Read (never written) to check that the keychain still answers. */
const AVAILABILITY_CHECK_ACCOUNT = 'availability-check:none';

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
  private readonly keychain: KeytarSecretBackend | null;
  /** Set at the keychain's first timeout: from then on it is never called again this session. */
  private hung: KeychainTimeoutError | null = null;
  private readonly cause: SecretStorageInfo['cause'];
  private readonly session = new MemorySecretBackend();
  /**
   * What the keychain last answered for each account this session (null: it has none). Used only
   * once the keychain fails, so a secret the app was already using keeps working.
   */
  private readonly lastKnown = new Map<string, string | null>();
  /** Set once secrets have had to go to the session store; shown to the user. */
  private fallbackReason: string | null;

  private constructor(keychain: KeytarSecretBackend | null, reason: string | null, cause?: SecretStorageInfo['cause']) {
    this.keychain = keychain;
    this.fallbackReason = reason;
    this.cause = cause;
  }

  static async open(options: CredentialStoreOptions = {}): Promise<CredentialStore> {
    const service = options.service ?? KEYCHAIN_SERVICE;
    let keytar: KeytarModule;
    try {
      keytar = await (options.keytar ?? loadKeytar)();
    } catch (error) {
      // Not a keychain problem: the module that reaches it is missing here. Said apart, so the
      // advice is "install it", not "start a keychain service".
      const notLoaded = error instanceof KeytarNotLoadedError ? error : keytarNotLoaded(error);
      return new CredentialStore(null, notLoaded.message, 'keytar-not-loaded');
    }
    try {
      const backend = new KeytarSecretBackend(keytar, service, options.timeoutMs ?? 5_000);
      await backend.probe();
      return new CredentialStore(backend, null);
    } catch (error) {
      return new CredentialStore(null, describeFailure(error));
    }
  }

  /** The keychain, unless it hung earlier this session (then it is not asked again). */
  private get answering(): KeytarSecretBackend | null {
    return this.hung ? null : this.keychain;
  }

  /** The first timeout: the rest of this session runs on the session store, and the banner says why. */
  private noteHang(error: unknown): void {
    if (!(error instanceof KeychainTimeoutError) || this.hung) return;
    this.hung = error;
    this.fallbackReason = `${error.message}; secrets are kept in memory until you quit`;
  }

  private rechecking: Promise<void> | null = null;

  /**
   * Asks the keychain, in the background, whether it is still there (one check at a time). If it
   * is gone, the store switches to the session store as a failed call would, so the banner can say
   * so even before any secret is needed. Called on every app:info (the renderer asks every few
   * seconds); a keychain that hangs costs this check its timeout, never a caller's time.
   */
  recheck(): void {
    const keychain = this.answering;
    if (!keychain || this.fallbackReason || this.rechecking) return;
    // A read of an account that never exists: proves the Secret Service answers, and loads no secret.
    this.rechecking = keychain
      .get(AVAILABILITY_CHECK_ACCOUNT)
      .then(() => {})
      .catch((error: unknown) => {
        if (!(error instanceof KeychainUnavailableError)) return;
        this.noteHang(error);
        this.fallbackReason ??= `the OS keychain went away while the app was running (${error.message}); secrets saved from now on are kept only until you quit`;
      })
      .finally(() => {
        this.rechecking = null;
      });
  }

  storageInfo(): SecretStorageInfo {
    if (!this.fallbackReason) return { backend: 'keychain', reason: null };
    const cause = this.cause ?? keychainCause(this.fallbackReason);
    return cause
      ? { backend: 'session', reason: this.fallbackReason, cause }
      : { backend: 'session', reason: this.fallbackReason };
  }

  /** The secret, or null when none is saved. Throws a `keychain` ServiceError when the keychain cannot be read. */
  async get(profileId: string, kind: SecretKind): Promise<string | null> {
    const key = account(profileId, kind);
    const inSession = await this.session.get(key);
    if (inSession !== null || !this.keychain) return inSession;
    if (this.hung) return this.fromMemory(key, this.hung, kind);
    try {
      const secret = await this.keychain.get(key);
      this.lastKnown.set(key, secret);
      return secret;
    } catch (error) {
      this.noteHang(error);
      const failure = this.keychainFailed(error, `The ${kind} could not be read from the OS keychain`);
      if (!(error instanceof KeychainUnavailableError) || !this.lastKnown.has(key)) throw failure;
      // The keychain answered for this account earlier this session: that answer stands, from memory.
      const known = this.lastKnown.get(key) ?? null;
      if (known !== null) await this.session.set(key, known);
      return known;
    }
  }

  async set(profileId: string, kind: SecretKind, secret: string): Promise<void> {
    const key = account(profileId, kind);
    const keychain = this.answering;
    if (keychain) {
      try {
        await keychain.set(key, secret);
        await this.session.delete(key);
        this.lastKnown.set(key, secret);
        return;
      } catch (error) {
        if (!(error instanceof KeychainUnavailableError)) throw error;
        if (error instanceof KeychainTimeoutError) this.noteHang(error);
        else this.fallbackReason = `${describeFailure(error)}; secrets saved from now on are kept only until you quit`;
      }
    }
    await this.session.set(key, secret);
  }

  async delete(profileId: string, kind: SecretKind): Promise<void> {
    const key = account(profileId, kind);
    await this.session.delete(key);
    // Whatever the keychain still holds, this session no longer uses it.
    this.lastKnown.set(key, null);
    if (!this.keychain) return;
    // A hung keychain is not asked: the entry may still be there, which the user must hear.
    if (this.hung) throw this.keychainFailed(this.hung, `The ${kind} could not be removed from the OS keychain`);
    try {
      await this.keychain.delete(key);
    } catch (error) {
      this.noteHang(error);
      throw this.keychainFailed(error, `The ${kind} could not be removed from the OS keychain`);
    }
  }

  async deleteProfile(profileId: string): Promise<void> {
    for (const kind of SECRET_KINDS) await this.delete(profileId, kind);
  }

  async status(profileId: string): Promise<Record<SecretKind, SecretStatus>> {
    const entries = await Promise.all(
      SECRET_KINDS.map(async (kind) => {
        const inSession = await this.session.get(account(profileId, kind));
        let secret: string | null;
        try {
          secret = inSession ?? (await this.get(profileId, kind));
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error;
          return [kind, { present: false, hint: null, source: 'unreadable' } satisfies SecretStatus] as const;
        }
        // A secret the keychain gave earlier may have just moved to the session store (keychain gone).
        const fromSession = inSession !== null || (await this.session.get(account(profileId, kind))) !== null;
        const status: SecretStatus = secret
          ? { present: true, hint: secretHint(secret), source: fromSession ? 'session' : 'keychain' }
          : { present: false, hint: null, source: null };
        return [kind, status] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<SecretKind, SecretStatus>;
  }

  /**
   * After a hang: what the keychain answered for this account earlier this session, from memory; an
   * account it was never asked about is unreadable (the secret may well be there), at once.
   */
  private async fromMemory(key: string, hang: KeychainTimeoutError, kind: SecretKind): Promise<string | null> {
    if (!this.lastKnown.has(key)) throw this.keychainFailed(hang, `The ${kind} could not be read from the OS keychain`);
    const known = this.lastKnown.get(key) ?? null;
    if (known !== null) await this.session.set(key, known);
    return known;
  }

  private keychainFailed(error: unknown, what: string): Error {
    if (!(error instanceof KeychainUnavailableError)) return error as Error;
    this.fallbackReason ??= `${describeFailure(error)}; secrets saved from now on are kept only until you quit`;
    return new ServiceError('keychain', `${what}: ${error.message}.`);
  }
}

function account(profileId: string, kind: SecretKind): string {
  return `${profileId}:${kind}`;
}

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith('the OS keychain') ? message : `the OS keychain is unavailable: ${message}`;
}

/**
 * What the system's words say is wrong (libsecret's and D-Bus's messages, measured on Debian 12:
 * no bus address and no X11 "Cannot autolaunch D-Bus without X11 $DISPLAY"; a bus address that
 * leads nowhere "Could not connect: No such file or directory"; a keyring never unlocked "Object
 * does not exist at path …/collection/login"; the service stopped mid-call "Message recipient
 * disconnected from message bus without replying"), or undefined when they do not tell.
 */
export function keychainCause(reason: string): SecretStorageInfo['cause'] {
  if (
    // The last: the service stopped while a call to it was on its way (D-Bus's NoReply words).
    /org\.freedesktop\.secrets was not provided|ServiceUnknown|not provided by any \.service files|no Secret Service|recipient disconnected from message bus/i.test(
      reason,
    )
  )
    return 'no-secret-service';
  if (/\block(ed)?\b|unlock|collection\/login|prompt (was )?dismissed/i.test(reason)) return 'locked';
  if (
    /autolaunch D-Bus|\$DISPLAY|DBUS_SESSION_BUS_ADDRESS|Could not connect|Failed to connect to socket|session bus/i.test(
      reason,
    )
  )
    return 'no-session-bus';
  return undefined;
}
