// The bridge factory shared by the preload and the browser test bridge: one method per channel,
// envelopes turned back into values or typed errors.
import { describe, expect, it } from 'vitest';
import { createBridge } from '../../../src-shared/bridge/create-bridge.ts';
import { CHANNELS } from '../../../src-shared/contract/channels.ts';

describe('createBridge (the preload API)', () => {
  it('exposes one method per channel, typed from the contract', () => {
    const api = createBridge(async () => ({ ok: true, value: null })) as unknown as Record<
      string,
      Record<string, unknown>
    >;
    for (const { domain, verb } of CHANNELS) expect(typeof api[domain][verb]).toBe('function');
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('returns the value of an ok envelope and throws the typed error of a failed one', async () => {
    const api = createBridge(async (channel, args) =>
      channel === 'app:info'
        ? { ok: true, value: { echoed: args } }
        : {
            ok: false,
            error: { code: 'forbidden', message: 'HTTP 403 — cannot read party', details: { status: 403 } },
          },
    );
    expect(await api.app.info()).toEqual({ echoed: [] });
    await expect(api.chains.list('sandbox')).rejects.toEqual({
      name: 'BridgeError',
      code: 'forbidden',
      message: 'HTTP 403 — cannot read party',
      details: { status: 403 },
    });
  });

  it('turns a broken transport into a typed internal error', async () => {
    const api = createBridge(async () => {
      throw new Error('socket closed');
    });
    await expect(api.settings.get()).rejects.toMatchObject({
      name: 'BridgeError',
      code: 'internal',
      message: expect.stringMatching(/settings:get: socket closed/),
    });
  });
});
