// The browser version's address: a link given after `open=` is read whether the app wrote it
// (percent-encoded) or a person pasted it raw, and a bridge key around it stays the address's.
import { describe, expect, it } from 'vitest';
import { openedLink } from '../../../src-renderer/web/bridge-key.ts';

const KEY = 'ab'.repeat(16);
const LINK = 'ledger-explorer://transfers?profile=sandbox&party=alice%3A%3A1220ab&asset=coin&order=asc';

describe('openedLink', () => {
  it('reads a percent-encoded link, as the app writes it', () => {
    expect(openedLink(`bridge=${KEY}&open=${encodeURIComponent(LINK)}`)).toBe(LINK);
  });

  it('reads a link pasted raw: its "&" pairs are the link\'s, not the address\'s', () => {
    expect(openedLink(`bridge=${KEY}&open=${LINK}`)).toBe(LINK);
    // A bridge key the address carries after it is not part of the link.
    expect(openedLink(`open=${LINK}&bridge=${KEY}`)).toBe(LINK);
  });

  it('is null without open=, and reads an empty one as empty', () => {
    expect(openedLink(`bridge=${KEY}`)).toBeNull();
    expect(openedLink('reopen=x')).toBeNull();
    expect(openedLink('open=')).toBe('');
  });
});
