import { asBridgeError } from '../../src-shared/contract/errors.ts';

/** An error from main, with its code and the server's own words. Rendered as text, never HTML. */
export function ErrorMessage({ error, title }: { error: unknown; title?: string }) {
  const { code, message } = asBridgeError(error);
  return (
    <div className="error-message" role="alert">
      {title && <strong>{title} </strong>}
      <span className="error-code">[{code}]</span> {message}
    </div>
  );
}

/** The message main gave for one argument field, from an `invalid_argument` error's issues. */
export function fieldIssue(error: unknown, field: string): string | null {
  const { code, details } = asBridgeError(error);
  if (code !== 'invalid_argument') return null;
  const issues = (details?.issues ?? []) as Array<{ path: string[]; message: string }>;
  return issues.find((issue) => issue.path.at(-1) === field)?.message ?? null;
}

/** The headline for a 429 from any service, with the wait it asked for: "… try again in 2 s." */
export function rateLimitedTitle(error: unknown): string | null {
  const { code, details } = asBridgeError(error);
  if (code !== 'rate_limited') return null;
  const seconds = Number(details?.retryAfterSeconds);
  return `The service is limiting requests; try again ${Number.isFinite(seconds) && seconds >= 0 ? `in ${seconds} s` : 'later'}.`;
}
