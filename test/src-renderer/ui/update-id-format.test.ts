// An update id's short form: whole up to 24 characters; a longer one (Canton's 68) keeps its first
// 12 and last 8 around an ellipsis, which tells two ids apart at a glance.
import { describe, expect, it } from 'vitest';
import { shortUpdateId } from '../../../src-renderer/ui/update-id-format.ts';

describe('shortUpdateId', () => {
  it('keeps an id of up to 24 characters whole and shortens a longer one to its ends', () => {
    expect(shortUpdateId('u-9')).toBe('u-9');
    expect(shortUpdateId('a'.repeat(24))).toBe('a'.repeat(24));
    const id = `1220${'0123456789abcdef'.repeat(4)}`;
    expect(shortUpdateId(id)).toBe(`${id.slice(0, 12)}…${id.slice(-8)}`);
    expect(shortUpdateId(id)).toBe('122001234567…89abcdef');
  });
});
