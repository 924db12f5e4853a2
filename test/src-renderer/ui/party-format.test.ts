import { describe, expect, it } from 'vitest';
import { shortenParty } from '../../../src-renderer/ui/party-format.ts';

const fingerprint = `1220ab${'0'.repeat(54)}cdef`;

describe('shortenParty', () => {
  it('keeps the hint and both ends of the fingerprint', () => {
    expect(shortenParty(`alice::${fingerprint}`)).toBe('alice::1220ab…cdef');
  });

  it('shortens a very long hint too, but never to nothing', () => {
    const short = shortenParty(`${'a'.repeat(100)}::${fingerprint}`);
    expect(short).toBe(`${'a'.repeat(23)}…::1220ab…cdef`);
  });

  it('splits at the last "::" (hints may contain colons)', () => {
    expect(shortenParty(`org::desk-1::${fingerprint}`)).toBe('org::desk-1::1220ab…cdef');
  });

  it('leaves short ids alone and shortens other long strings from both ends', () => {
    expect(shortenParty('bob::1220')).toBe('bob::1220');
    expect(shortenParty('x'.repeat(40))).toBe(`${'x'.repeat(12)}…${'x'.repeat(6)}`);
  });
});
