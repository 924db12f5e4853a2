// The shell-event pump: after failed polls it waits longer each time (capped at 30 s) and keeps
// asking, so links and menu commands work again once main answers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setShellRetryWait, shellRetryMs, useShellEvents } from '../../../src-renderer/data/views.ts';
import type { ShellEvent } from '../../../src-shared/contract/shell-events.ts';
import { bridgeError, createFakeBridge } from '../../fixtures/fake-bridge.ts';
import { renderHookWithApp } from '../support/render-hook-with-app.tsx';

afterEach(() => setShellRetryWait(null));

describe('useShellEvents', () => {
  it('waits 1, 2, 5, 10, 20 then 30 s between failed polls, and never gives up', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(shellRetryMs)).toEqual([
      1_000, 2_000, 5_000, 10_000, 20_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('hands over the event main answers after seven failed polls in a row', async () => {
    const waits: number[] = [];
    setShellRetryWait(async (ms) => {
      waits.push(ms);
    });
    const event: ShellEvent = { kind: 'command', command: 'about' };
    let calls = 0;
    const bridge = createFakeBridge({
      app: {
        nextEvent: () => {
          calls++;
          if (calls <= 7) return Promise.reject(bridgeError('internal', 'main is restarting'));
          return calls === 8 ? Promise.resolve(event) : new Promise(() => {});
        },
      },
    });
    const seen: ShellEvent[] = [];
    const { unmount } = renderHookWithApp(() => useShellEvents((e) => seen.push(e)), { bridge });
    await vi.waitFor(() => expect(seen).toEqual([event]));
    expect(waits).toEqual([1_000, 2_000, 5_000, 10_000, 20_000, 30_000, 30_000]);
    unmount();
  });
});
