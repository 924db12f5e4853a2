// The palette's ranking: a contiguous hit (an id fragment) beats letters found scattered, a
// misspelt word still finds its item (below any real match), and nothing else gets through.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paletteScore } from '../../../src-renderer/commands/palette-filter.ts';
import { editDistance } from '../../../src-shared/text/edit-distance.ts';

const PARTY = `acme-treasury::1220${'3f9c'.repeat(16)}`;
const OTHER = `exchange-north::1220${'0d17a2b4'.repeat(8)}`;

describe('paletteScore', () => {
  it('shows everything for an empty search', () => {
    expect(paletteScore('party:x', '   ', ['Acme'])).toBe(1);
  });

  it('ranks a fingerprint fragment held contiguously above one only found scattered', () => {
    const held = paletteScore('party:a', '9c3f', ['Acme treasury', PARTY]);
    const scattered = paletteScore('party:b', '9c3f', ['North exchange', OTHER]);
    expect(held).toBeGreaterThan(0.9);
    expect(scattered).toBeLessThan(held);
  });

  it('matches a label fragment in any case, a word start first, then the other words it is found by', () => {
    expect(paletteScore('x', 'TREAS', ['Acme treasury'])).toBeGreaterThan(0.9);
    expect(paletteScore('x', 'treas', ['Acme treasury'])).toBeGreaterThan(paletteScore('x', 'reas', ['Acme treasury']));
    expect(paletteScore('x', 'appearance', ['Settings: Appearance and time', 'settings'])).toBeGreaterThan(
      paletteScore('x', 'appearance', ['Switch to dark theme', 'appearance']),
    );
  });

  it('finds a misspelt chain or method, below every real match, and refuses unrelated words', () => {
    expect(paletteScore('chain:e', 'etherium', ['ethereum-mainnet', 'chain'])).toBeGreaterThan(0);
    expect(paletteScore('chain:e', 'ehtereum', ['ethereum-mainnet', 'chain'])).toBeGreaterThan(0);
    expect(paletteScore('m', 'getbalnce', ['eth_getBalance', 'rpc'])).toBeGreaterThan(0);
    expect(paletteScore('chain:e', 'etherium', ['ethereum-mainnet'])).toBeLessThan(
      paletteScore('chain:p', 'polygon', ['polygon-mainnet']),
    );
    expect(paletteScore('chain:e', 'bitcoin', ['ethereum-mainnet', 'chain'])).toBe(0);
    expect(paletteScore('x', 'xyz', ['Sync the local ledger'])).toBe(0);
  });

  it('scores by the keywords, not the internal id (whose hex would match fragments by chance)', () => {
    expect(paletteScore('request:c0000000000000ab', '00ab', ['Head block', 'eth_blockNumber'])).toBe(0);
  });
});

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit and stops past the cap', () => {
    expect(editDistance('ehtereum', 'ethereum', 2)).toBe(1);
    expect(editDistance('etherium', 'ethereum', 2)).toBe(1);
    expect(editDistance('abc', 'abcdef', 1)).toBe(2);
  });

  it('is symmetric and zero only for equal words', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), (a, b) => {
        const d = editDistance(a, b, 20);
        expect(d).toBe(editDistance(b, a, 20));
        expect(d === 0).toBe(a === b);
      }),
    );
  });
});
