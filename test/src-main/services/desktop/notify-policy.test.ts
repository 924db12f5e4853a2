// When a long export or sync ends while the user looks elsewhere, a notification says how it went.
import { describe, expect, it } from 'vitest';
import {
  NOTIFY_AFTER_MS,
  notificationFor,
  type TaskFinished,
} from '../../../../src-main/services/desktop/notify-policy.ts';

const task = (over: Partial<TaskFinished>): TaskFinished => ({
  kind: 'export',
  state: 'done',
  legs: 12_345,
  elapsedMs: 42_000,
  error: null,
  ...over,
});

describe('notificationFor', () => {
  it('says how many legs a long export or sync brought, when the window is not focused', () => {
    expect(notificationFor(task({}), false)).toEqual({
      title: 'Export finished: 12,345 legs',
      body: '12,345 legs written.',
    });
    expect(notificationFor(task({ kind: 'sync', legs: 1 }), false)).toEqual({
      title: 'Sync finished: 1 leg',
      body: '1 leg fetched.',
    });
  });

  it('says why a long task failed', () => {
    const failed = task({ kind: 'sync', state: 'failed', error: 'The ledger answered 503 (quarantined).' });
    expect(notificationFor(failed, false)).toEqual({
      title: 'Sync failed',
      body: 'The ledger answered 503 (quarantined).',
    });
  });

  it('stays quiet while the window is focused, for short tasks and for a cancel', () => {
    expect(notificationFor(task({}), true)).toBeNull();
    expect(notificationFor(task({ elapsedMs: NOTIFY_AFTER_MS - 1 }), false)).toBeNull();
    expect(notificationFor(task({ elapsedMs: NOTIFY_AFTER_MS }), false)).not.toBeNull();
    expect(notificationFor(task({ state: 'cancelled' }), false)).toBeNull();
  });
});
