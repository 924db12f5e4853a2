// Test aid (`npm run sandbox -- --long-party-id`, the CLI's `--sandbox-long-party-id`, tests'
// `longPartyId`): one party's id is the longest the party id pattern allows, a hint of 185
// characters, colons and all, as an independent ledger sent one (issue 37). A colon is the
// character a Hive-escaped folder name grows most by (`%3A`), so this is the id that broke a lake's
// folder names past the 255-byte limit of a file name. The ledger is otherwise the same.
import type { SandboxParties } from './parties.ts';

/** The party whose id is made long: the third (custodian-a), among the first a test syncs. */
export const LONG_PARTY_INDEX = 2;
/** The hint's length: the most the pattern allows (`[A-Za-z0-9_-][A-Za-z0-9_:-]{0,184}`). */
export const LONGEST_HINT = 185;

export function withLongPartyId(parties: SandboxParties): SandboxParties {
  return {
    ...parties,
    ids: parties.ids.map((id, i) => {
      if (i !== LONG_PARTY_INDEX) return id;
      const at = id.lastIndexOf('::');
      const hint = id.slice(0, at);
      // "custodian-a:a:a:…:a", 185 characters, ending in a letter (a colon there would make ":::").
      const long = `${hint}${':a'.repeat(LONGEST_HINT)}`.slice(0, LONGEST_HINT).replace(/:$/, 'a');
      return `${long}${id.slice(at)}`;
    }),
  };
}
