/** Where secrets physically live: the OS keychain (keytar) or this process's memory. */
export interface SecretBackend {
  readonly kind: 'keychain' | 'session';
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
}

export class MemorySecretBackend implements SecretBackend {
  readonly kind = 'session' as const;
  private readonly secrets = new Map<string, string>();

  async get(account: string): Promise<string | null> {
    return this.secrets.get(account) ?? null;
  }
  async set(account: string, secret: string): Promise<void> {
    this.secrets.set(account, secret);
  }
  async delete(account: string): Promise<void> {
    this.secrets.delete(account);
  }
}
