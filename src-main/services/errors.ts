import type { ErrorCode } from '../../src-shared/contract/errors.ts';
import { replaceSecrets, secretForms } from '../../src-shared/text/secret-text.ts';

/** An error main reports to the renderer as-is: its message is written for the user. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.details = details;
  }
}

/**
 * The error with each given secret taken out of its message and every text detail, written as
 * `<name>` instead: a hostile or careless service may echo a credential it was sent (in an error
 * body, or in where a redirect points), and errors go to the renderer and the screen. Secrets shorter
 * than 4 characters are left alone (taking them out would garble the message, and give little away).
 */
export function withoutSecrets(error: unknown, secrets: Record<string, string | undefined>): unknown {
  if (!(error instanceof ServiceError)) return error;
  const present = Object.entries(secrets).filter((entry): entry is [string, string] => (entry[1]?.length ?? 0) >= 4);
  if (present.length === 0) return error;
  // Every form: a service that quotes the request in a JSON body writes a key with `"` or `\` escaped.
  const replacements = present.map(([name, value]) => ({ forms: secretForms(value), by: `<${name}>` }));
  const scrub = (text: string) => replaceSecrets(text, replacements);
  const details = error.details
    ? Object.fromEntries(
        Object.entries(error.details).map(([key, value]) => [key, typeof value === 'string' ? scrub(value) : value]),
      )
    : undefined;
  return new ServiceError(error.code, scrub(error.message), details);
}
