// The shape of one bad-input row, shared by the tables in this folder, the test that runs them
// (../bad-input.test.ts) and the generator that lists them in docs/bad-input.md
// (scripts/bad-input-doc.ts). The tables are plain data: no app code is imported here, so the
// generator runs under plain `node` and the list in the docs is the list the test runs.

/** What happens to the input. */
export type Outcome =
  /** Refused where it was typed (or sent), with a message matching `message`; nothing goes out. */
  | 'refused'
  /** Taken, as the exact value the spec allows (forgiving spaces, a trailing slash...). */
  | 'accepted';

export interface BadInput<V> {
  /** The field as the user sees it, or the argument's path for a bridge channel. */
  field: string;
  /** What was tried, in words. */
  input: string;
  /** The value itself. */
  value: V;
  outcome: Outcome;
  /** The message that must appear at the field (refused), or what is sent instead (accepted). */
  message: RegExp;
  /** How the value is shown in the docs when printing it would not help (huge, invisible, cyclic). */
  shown?: string;
  /** Accepted rows: what the value becomes (compared with toMatchObject). */
  becomes?: unknown;
}

export interface BadInputTable<V> {
  /** Stable id, also the heading's anchor. */
  id: string;
  title: string;
  /** Where the message appears, in the user's words. */
  where: string;
  rows: ReadonlyArray<BadInput<V>>;
}

export const refused = <V>(field: string, input: string, value: V, message: RegExp, shown?: string): BadInput<V> => ({
  field,
  input,
  value,
  outcome: 'refused',
  message,
  ...(shown === undefined ? {} : { shown }),
});

export const accepted = <V>(
  field: string,
  input: string,
  value: V,
  message: RegExp,
  becomes: unknown,
  shown?: string,
): BadInput<V> => ({
  field,
  input,
  value,
  outcome: 'accepted',
  message,
  becomes,
  ...(shown === undefined ? {} : { shown }),
});

/** A well-formed Canton party id, for rows where the party is not what is being tried. */
export const GOOD_PARTY = `alice::1220${'ab'.repeat(32)}`;
export const FINGERPRINT = `1220${'ab'.repeat(32)}`;
