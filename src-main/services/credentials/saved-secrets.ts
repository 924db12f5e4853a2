// Every saved secret of every profile (API key, bearer token, ledger JWT; the sandbox's built-in ones
// while its network runs), to refuse anything that would carry one out of main (a link, a recent
// view, a case report). The same rule and forms as the RPC workspace (rpc-workspace.ts): a secret
// the keychain cannot read refuses the operation, since it could not be checked.
import { SECRET_KINDS } from '../../../src-shared/contract/schemas.ts';
import { secretForms } from '../../../src-shared/text/secret-text.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';

export interface SavedSecret {
  value: string;
  /** What it is, for a message ("API key"). */
  kind: string;
  profile: string;
}

/**
 * Shorter values would match ordinary text everywhere (a saved "eth" would refuse every link to the
 * eth chain); the same floor errors.ts scrubs at. Applied here so links and case reports agree.
 */
export const MIN_SECRET_LENGTH = 4;

const LABELS = { apiKey: 'API key', partnerToken: 'bearer token', ledgerJwt: 'ledger JWT' } as const;

/** `refusal`: what the keychain error adds, saying what was not done ("…, so none was made."). */
export async function savedSecrets(ctx: ServiceContext, refusal: string): Promise<SavedSecret[]> {
  const sandbox = ctx.sandbox.network?.credentials as Record<string, string | undefined> | undefined;
  const found = await Promise.all(
    ctx.settings.settings.profiles.flatMap((profile) =>
      SECRET_KINDS.map(async (kind) => {
        let value: string | null;
        try {
          value = await ctx.credentials.get(profile.id, kind);
        } catch (error) {
          const why = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
          throw new ServiceError('keychain', `${why}. ${refusal}`);
        }
        if (!value && profile.kind === 'sandbox') value = sandbox?.[kind] ?? null;
        return value ? { value, kind: LABELS[kind], profile: profile.name } : null;
      }),
    ),
  );
  return found.filter((s) => s !== null).filter((s) => s.value.length >= MIN_SECRET_LENGTH);
}

/**
 * The first secret found in any of the texts, as itself or JSON-escaped (src-shared/text/secret-text.ts,
 * secretForms), or any of those forms passed through one of `encodings` (how the text was written:
 * percent-encoded in a link, HTML-escaped in a report).
 */
export function secretIn(
  texts: readonly string[],
  secrets: readonly SavedSecret[],
  encodings: ReadonlyArray<(text: string) => string>,
): SavedSecret | null {
  const formsOf = (value: string) => {
    const plain = secretForms(value);
    return [...plain, ...encodings.flatMap((encode) => plain.map(encode))];
  };
  return secrets.find((s) => formsOf(s.value).some((form) => texts.some((t) => t.includes(form)))) ?? null;
}
