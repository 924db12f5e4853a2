// Secrets inside text, one home for the app's three uses: an error's words with each credential
// taken out (services/errors.ts, withoutSecrets), an RPC history entry with its key replaced by a
// placeholder (rpc/rpc-history-store.ts, scrub), and a saved link, report or export found to hold a
// saved secret before it is written (credentials/saved-secrets.ts, secretIn). A secret appears in
// text as itself and, inside JSON, escaped: once in a JSON string, twice in JSON held in a JSON
// string (an RPC request's `text`).

/** The forms a secret takes inside a string: itself, and JSON-escaped once and twice. */
export function secretForms(secret: string): string[] {
  if (!secret) return [];
  const once = JSON.stringify(secret).slice(1, -1);
  return [...new Set([secret, once, JSON.stringify(once).slice(1, -1)])];
}

/**
 * `text` with every form in each replacement written as its `by`, the longest form first, so a
 * longer secret is not cut up by a shorter one inside it. Empty forms are ignored.
 */
export function replaceSecrets(
  text: string,
  replacements: ReadonlyArray<{ forms: readonly string[]; by: string }>,
): string {
  const all = replacements
    .flatMap(({ forms, by }) => forms.filter((form) => form !== '').map((form) => ({ form, by })))
    .sort((a, b) => b.form.length - a.form.length);
  let out = text;
  for (const { form, by } of all) out = out.split(form).join(by);
  return out;
}
