// The last check before a report is written: no saved secret of any profile (API key, bearer token,
// ledger JWT; the sandbox's built-in ones while its network runs) may appear in it, as itself,
// HTML-escaped or JSON-escaped. A report that would hold one is refused, not scrubbed: a case record
// with holes in it would mislead, and a secret in a party name or status is worth a look anyway.
import { MIN_SECRET_LENGTH, type SavedSecret, savedSecrets, secretIn } from '../credentials/saved-secrets.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import { esc } from './html-text.ts';

/** Shorter addresses would match ordinary text (the floor saved secrets have too). */
const MIN_LENGTH = MIN_SECRET_LENGTH;

export async function everySecret(ctx: ServiceContext): Promise<SavedSecret[]> {
  return savedSecrets(
    ctx,
    'A case report is checked for every saved secret before it is written, so nothing was saved: try again once the OS keychain answers.',
  );
}

/** Throws when the report text holds any of the secrets in any of the forms it could take there. */
export function refuseSecrets(text: string, secrets: readonly SavedSecret[]): void {
  const leaked = secretIn([text], secrets, [esc]);
  if (leaked) {
    throw new ServiceError(
      'invalid_argument',
      `The report would hold the ${leaked.kind} of "${leaked.profile}" (in a value shown on screen), so it was not saved. Nothing was written.`,
    );
  }
}

/** Every service address a profile holds (the sandbox's while its network runs), in the forms a text could show it. */
export function everyAddress(ctx: ServiceContext): string[] {
  const network = ctx.sandbox.network as unknown as Record<string, unknown> | null | undefined;
  const forms = new Set<string>();
  for (const profile of ctx.settings.settings.profiles) {
    const fields = profile as unknown as Record<string, unknown>;
    const from = profile.kind === 'sandbox' ? (network ?? {}) : fields;
    for (const field of ADDRESS_FIELDS) {
      const value = from[field];
      if (typeof value !== 'string' || !value) continue;
      try {
        const url = new URL(value);
        for (const form of [value.replace(/\/+$/, ''), url.origin, url.host])
          if (form.length >= MIN_LENGTH) forms.add(form);
      } catch {
        // Not a URL: nothing of it can be recognised as an address.
      }
    }
  }
  return [...forms];
}

const ADDRESS_FIELDS = ['baseUrl', 'translateUrl', 'partnerUrl', 'rpcUrl'] as const;

/** Throws when the report text holds a service address: the report promises none (a node's detail could carry one). */
export function refuseAddresses(text: string, addresses: readonly string[]): void {
  const lower = text.toLowerCase();
  const found = addresses.find((a) => [a, esc(a), encodeURIComponent(a)].some((f) => lower.includes(f.toLowerCase())));
  if (found) {
    throw new ServiceError(
      'invalid_argument',
      `The report would hold the service address ${found} (in a value shown on screen); a case report holds no service address, so it was not saved. Nothing was written.`,
    );
  }
}
