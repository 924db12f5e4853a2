// The last check before a report is written: no saved secret of any profile (API key, bearer token,
// ledger JWT; the sandbox's built-in ones while its network runs) may appear in it, as itself,
// HTML-escaped or JSON-escaped. A report that would hold one is refused, not scrubbed: a case record
// with holes in it would mislead, and a secret in a party name or status is worth a look anyway.
import { ServiceError } from '../errors.ts';
import { secretForms } from '../rpc/rpc-history-store.ts';
import type { ServiceContext } from '../service-context.ts';
import { esc } from './html-text.ts';

const LABELS = { apiKey: 'API key', partnerToken: 'bearer token', ledgerJwt: 'ledger JWT' } as const;
/** Shorter values would match ordinary text everywhere (the same floor errors.ts scrubs at). */
const MIN_LENGTH = 4;

export interface KnownSecret {
  value: string;
  label: string;
  profile: string;
}

export async function everySecret(ctx: ServiceContext): Promise<KnownSecret[]> {
  const sandbox = ctx.sandbox.network?.credentials;
  const found = await Promise.all(
    ctx.settings.settings.profiles.flatMap((profile) =>
      (Object.keys(LABELS) as (keyof typeof LABELS)[]).map(async (kind) => {
        let value: string | null;
        try {
          value = await ctx.credentials.get(profile.id, kind);
        } catch (error) {
          const why = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
          throw new ServiceError(
            'keychain',
            `${why}. A case report is checked for every saved secret before it is written, so nothing was saved: try again once the OS keychain answers.`,
          );
        }
        if (!value && profile.kind === 'sandbox') value = sandbox?.[kind] ?? null;
        return value && value.length >= MIN_LENGTH ? { value, label: LABELS[kind], profile: profile.name } : null;
      }),
    ),
  );
  return found.filter((s) => s !== null) as KnownSecret[];
}

/** Throws when the report text holds any of the secrets in any of the forms it could take there. */
export function refuseSecrets(text: string, secrets: readonly KnownSecret[]): void {
  const leaked = secrets.find((s) => [...secretForms(s.value), esc(s.value)].some((form) => text.includes(form)));
  if (leaked) {
    throw new ServiceError(
      'invalid_argument',
      `The report would hold the ${leaked.label} of "${leaked.profile}" (in a value shown on screen), so it was not saved. Nothing was written.`,
    );
  }
}
