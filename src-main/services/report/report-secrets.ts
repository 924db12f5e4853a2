// The last check before a report is written: no saved secret of any profile (API key, bearer token,
// ledger JWT; the sandbox's built-in ones while its network runs) may appear in it, as itself,
// HTML-escaped or JSON-escaped. A report that would hold one is refused, not scrubbed: a case record
// with holes in it would mislead, and a secret in a party name or status is worth a look anyway.
import { type SavedSecret, savedSecrets } from '../credentials/saved-secrets.ts';
import { ServiceError } from '../errors.ts';
import { secretForms } from '../rpc/rpc-history-store.ts';
import type { ServiceContext } from '../service-context.ts';
import { esc } from './html-text.ts';

/** Shorter values would match ordinary text everywhere (the same floor errors.ts scrubs at). */
const MIN_LENGTH = 4;

export async function everySecret(ctx: ServiceContext): Promise<SavedSecret[]> {
  const secrets = await savedSecrets(
    ctx,
    'A case report is checked for every saved secret before it is written, so nothing was saved: try again once the OS keychain answers.',
  );
  return secrets.filter((s) => s.value.length >= MIN_LENGTH);
}

/** Throws when the report text holds any of the secrets in any of the forms it could take there. */
export function refuseSecrets(text: string, secrets: readonly SavedSecret[]): void {
  const leaked = secrets.find((s) => [...secretForms(s.value), esc(s.value)].some((form) => text.includes(form)));
  if (leaked) {
    throw new ServiceError(
      'invalid_argument',
      `The report would hold the ${leaked.kind} of "${leaked.profile}" (in a value shown on screen), so it was not saved. Nothing was written.`,
    );
  }
}
