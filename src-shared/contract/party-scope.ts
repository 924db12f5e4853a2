// Which parties a local query reads (docs/notebook.md, "Parties, sets and portfolios"): one party,
// a chosen set, every synced party (the default) or a portfolio, a named set of the user's own
// parties whose transfers among themselves are internal. The parties are data: main hands them to
// the SQL process, which binds them as values, never as SQL text.
import { z } from 'zod';
import { PartyId, ProfileIdText } from './transfers.ts';

/** At most this many parties in a set or a portfolio (a token naming more is synced whole, but a set is picked). */
export const SCOPE_MAX_PARTIES = 1000;

/** A portfolio's name: shown, typed and matched as is (trimmed), so plain and short. */
export const PortfolioName = z
  .string()
  .trim()
  .min(1, 'name the portfolio')
  .max(80, 'a portfolio name is at most 80 characters')
  .refine((s) => !/\p{Cc}/u.test(s), 'no control characters');

const PartySet = z
  .array(PartyId)
  .min(1, 'choose at least one party')
  .max(SCOPE_MAX_PARTIES, `at most ${SCOPE_MAX_PARTIES} parties`);

export const SqlScope = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all') }),
  z.strictObject({ kind: z.literal('party'), party: PartyId }),
  z.strictObject({ kind: z.literal('parties'), parties: PartySet }),
  z.strictObject({ kind: z.literal('portfolio'), name: PortfolioName }),
]);
export type SqlScope = z.infer<typeof SqlScope>;

export interface Portfolio {
  name: string;
  /** Distinct party ids, in the order the user gave them. */
  parties: string[];
}

export const PortfolioSave = z.strictObject({
  profileId: ProfileIdText,
  /** The name it had (a rename or an edit); null: a new portfolio. */
  previousName: PortfolioName.nullable(),
  name: PortfolioName,
  parties: PartySet.refine((p) => new Set(p.map((s) => s.trim())).size === p.length, 'a party is listed twice'),
});
export type PortfolioSave = z.input<typeof PortfolioSave>;

export const PortfolioDelete = z.strictObject({ profileId: ProfileIdText, name: PortfolioName });
export type PortfolioDelete = z.input<typeof PortfolioDelete>;
