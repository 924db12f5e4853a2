// A party by name (the CLI's --party): a full id as it is, a whole name in any case, never a prefix,
// an ambiguous name listing its candidates, an unknown one listing the names there are.
import { describe, expect, it } from 'vitest';
import { findParty, namedParties } from '../../src-shared/party-names.ts';

const id = (hint: string, digit: string) => `${hint}::1220${digit.repeat(64)}`;
const north = id('exchange-north', 'a');
const south = id('exchange-south', 'b');
const alice = id('alice', 'c');
const otherSouth = id('exchange-south', 'd');

describe('party names', () => {
  it('lists the address book first by label (its id part when unlabelled), then the profile’s own, each party once', () => {
    const parties = namedParties(
      [
        { party: alice, label: 'Treasury' },
        { party: otherSouth, label: '  ' },
      ],
      [
        { party: north, name: 'exchange-north' },
        { party: alice, name: 'alice' },
      ],
    );
    expect(parties).toEqual([
      { party: alice, name: 'Treasury', source: 'address book' },
      { party: otherSouth, name: 'exchange-south', source: 'address book' },
      { party: north, name: 'exchange-north', source: 'profile' },
    ]);
  });

  it('finds a party by its whole name or its id part, in any case; a full id is taken as it is', () => {
    const parties = namedParties([{ party: alice, label: 'Treasury' }], [{ party: north, name: 'exchange-north' }]);
    expect(findParty('Exchange-NORTH', parties, 'here')).toEqual({ ok: true, party: north });
    expect(findParty(' treasury ', parties, 'here')).toEqual({ ok: true, party: alice });
    expect(findParty('alice', parties, 'here')).toEqual({ ok: true, party: alice });
    expect(findParty(south, parties, 'here')).toEqual({ ok: true, party: south });
    // Never a prefix: a scheduled job must not pick another party the day a similar name appears.
    expect(findParty('exchange', parties, 'here')).toMatchObject({ ok: false });
  });

  it('an ambiguous name lists its candidates; an unknown one lists the names there are', () => {
    const parties = namedParties([{ party: otherSouth, label: '' }], [{ party: south, name: 'exchange-south' }]);
    const ambiguous = findParty('exchange-south', parties, 'profile "p"');
    expect(ambiguous).toEqual({
      ok: false,
      message: `"exchange-south" names 2 parties in profile "p": give the full id of one of\n  exchange-south  ${otherSouth}  (address book)\n  exchange-south  ${south}`,
    });
    expect(findParty('zelda', parties, 'profile "p"')).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^no party is named "zelda" in profile "p"; the names it knows:\n {2}exchange-south/,
      ),
    });
    expect(findParty('zelda', [], 'profile "p"')).toMatchObject({
      ok: false,
      message: expect.stringContaining('it knows no names: give a full party id'),
    });
  });

  it('a long list is cut with a count of the rest', () => {
    const many = namedParties(
      [],
      Array.from({ length: 20 }, (_, i) => ({ party: id(`p${i}`, 'e'), name: `p${i}` })),
    );
    const answer = findParty('nobody', many, 'here');
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.message.split('\n')).toHaveLength(14);
      expect(answer.message).toMatch(/… and 8 more$/);
    }
  });
});
