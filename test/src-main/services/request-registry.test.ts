// Abandoned requests stop in main, including when the cancel overtakes the request itself.
import { describe, expect, it } from 'vitest';
import { RequestRegistry } from '../../../src-main/services/request-registry.ts';

/** Work that finishes only when its signal aborts, and says whether it was aborted at the start. */
const untilAborted = (signal: AbortSignal) =>
  new Promise<string>((resolve) => {
    if (signal.aborted) resolve('aborted before it began');
    else signal.addEventListener('abort', () => resolve('aborted while running'));
  });

describe('RequestRegistry', () => {
  it('cancel aborts a running request and says it was running', async () => {
    const registry = new RequestRegistry();
    const result = registry.run('a', untilAborted);
    expect(registry.cancel('a')).toBe(true);
    await expect(result).resolves.toBe('aborted while running');
    expect(registry.size).toBe(0);
  });

  it('a cancel that arrives before its request starts still stops it', async () => {
    const registry = new RequestRegistry();
    expect(registry.cancel('early')).toBe(false);
    await expect(registry.run('early', untilAborted)).resolves.toBe('aborted before it began');
    // Remembered once: the same id used again later runs normally.
    const again = registry.run('early', async (signal) => signal.aborted);
    await expect(again).resolves.toBe(false);
  });

  it('remembers only the newest 256 early cancels', async () => {
    const registry = new RequestRegistry();
    for (let i = 0; i < 300; i++) registry.cancel(`id-${i}`);
    await expect(registry.run('id-0', async (signal) => signal.aborted)).resolves.toBe(false);
    await expect(registry.run('id-299', async (signal) => signal.aborted)).resolves.toBe(true);
  });

  it('a second request with the same id aborts the first', async () => {
    const registry = new RequestRegistry();
    const first = registry.run('same', untilAborted);
    const second = registry.run('same', async () => 'second done');
    await expect(first).resolves.toBe('aborted while running');
    await expect(second).resolves.toBe('second done');
  });
});
