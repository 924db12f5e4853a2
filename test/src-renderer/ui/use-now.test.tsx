// Relative times stay true without a reload: the clock ticks at the interval asked for, and stops
// when the component goes away.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNow } from '../../../src-renderer/ui/use-now.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('useNow', () => {
  it('moves on every interval and stops ticking once unmounted', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00.000Z'));
    const { result, unmount } = renderHook(() => useNow(1000));
    const start = result.current;
    expect(start).toBe(Date.parse('2025-01-01T00:00:00.000Z'));

    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(start);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(start + 1000);

    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
