// A scope in words (src-shared/text/scope-text.ts), one wording for the pickers, a dashboard panel
// and its report, and the export's `scope` column: with a lake open, "all" is the lake's parties.
import { describe, expect, it } from 'vitest';
import { scopeColumn, scopeText, scopeTitle } from '../../../src-shared/text/scope-text.ts';

const id = (i: number) => `p${i}::1220${'ab'.repeat(32)}`;

describe('a scope in words', () => {
  it('says whose parties "all" are: the synced ones, or the lake\'s with a lake open', () => {
    expect(scopeTitle({ kind: 'all' }, 'store')).toBe('All synced parties');
    expect(scopeTitle({ kind: 'all' }, 'lake')).toBe("All the lake's parties");
    expect(scopeText({ kind: 'all' }, 'lake')).toBe("All the lake's parties");
    expect(scopeColumn({ kind: 'all' }, 'store')).toBe('all synced parties');
    expect(scopeColumn({ kind: 'all' }, 'lake')).toBe("all the lake's parties");
  });

  it('names a portfolio and counts a set by its distinct parties, the same in every place', () => {
    const set = { kind: 'parties' as const, parties: [id(1), id(2), id(1)] };
    expect(scopeTitle(set, 'store')).toBe('2 parties');
    expect(scopeColumn(set, 'lake')).toBe('2 parties');
    expect(scopeTitle({ kind: 'portfolio', name: 'Treasury' }, 'store')).toBe('Portfolio Treasury');
    expect(scopeText({ kind: 'portfolio', name: 'Treasury' }, 'store')).toBe('Portfolio Treasury');
    // The export's sums over a portfolio are of its external legs only: the column says so.
    expect(scopeColumn({ kind: 'portfolio', name: 'Treasury' }, 'store')).toBe('portfolio Treasury (external)');
    expect(scopeColumn({ kind: 'party', party: id(1) }, 'store')).toBe('party');
    expect(scopeColumn(undefined, 'lake')).toBe('party');
  });

  it("names a set's parties, and a large set by its count and first ids, within a report value's 10,000 characters", () => {
    expect(scopeText({ kind: 'parties', parties: [id(1), id(2)] }, 'store')).toBe(`${id(1)}, ${id(2)}`);
    const large = scopeText({ kind: 'parties', parties: Array.from({ length: 1000 }, (_, i) => id(i)) }, 'lake');
    expect(large.startsWith(`1,000 parties: ${id(0)}, `)).toBe(true);
    expect(large.length).toBeLessThanOrEqual(10_000);
    expect(scopeText({ kind: 'party', party: id(3) }, 'store')).toBe(id(3));
  });
});
