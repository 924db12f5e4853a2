// The inbox between the shell (OS links, menu commands) and the renderer's long poll.
import { describe, expect, it } from 'vitest';
import { INBOX_LIMIT, ShellInbox } from '../../../../src-main/services/links/shell-inbox.ts';
import type { ShellEvent } from '../../../../src-shared/contract/shell-events.ts';

const link = (n: number): ShellEvent => ({ kind: 'link', url: `ledger-explorer://chain?profile=p&chain=c${n}` });

describe('ShellInbox', () => {
  it('keeps at most the newest 100 events while nobody pulls, in order', async () => {
    const inbox = new ShellInbox();
    for (let n = 0; n < INBOX_LIMIT + 5; n++) inbox.push(link(n));
    const got: Array<ShellEvent | null> = [];
    for (let n = 0; n < INBOX_LIMIT; n++) got.push(await inbox.next(0));
    expect(got[0]).toEqual(link(5));
    expect(got.at(-1)).toEqual(link(INBOX_LIMIT + 4));
    expect(await inbox.next(0)).toBeNull();
  });

  it('answers a waiting poll at once when an event arrives, and null when it waited long enough', async () => {
    const inbox = new ShellInbox();
    const waiting = inbox.next(60_000);
    inbox.push({ kind: 'command', command: 'about' });
    expect(await waiting).toEqual({ kind: 'command', command: 'about' });
    expect(await inbox.next(1)).toBeNull();
    // A poll that timed out does not swallow the next event.
    inbox.push(link(1));
    expect(await inbox.next(0)).toEqual(link(1));
  });

  it('hands the next event to the newest poll and answers an older one (a reloaded page) with null', async () => {
    const inbox = new ShellInbox();
    const deadPage = inbox.next(60_000);
    const livePage = inbox.next(60_000);
    expect(await deadPage).toBeNull();
    inbox.push(link(3));
    expect(await livePage).toEqual(link(3));
  });

  it('on close answers every waiting poll with null, then answers no poll and takes nothing more', async () => {
    const inbox = new ShellInbox();
    const polls = [inbox.next(60_000), inbox.next(60_000)];
    inbox.close();
    expect(await Promise.all(polls)).toEqual([null, null]);
    inbox.push(link(2));
    // A poll after close is never answered (an answer would only make the renderer ask again at once).
    const after = await Promise.race([inbox.next(0), Promise.resolve('unanswered')]);
    expect(after).toBe('unanswered');
  });
});
