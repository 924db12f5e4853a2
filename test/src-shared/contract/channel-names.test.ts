// The zod-free names list (bundled by the preload) and the schema contract (used by main) must
// name exactly the same channels, or the bridge would offer a method main cannot answer.
import { describe, expect, it } from 'vitest';
import { BRIDGE_GLOBAL, CHANNEL_IDS, CHANNEL_NAMES } from '../../../src-shared/contract/channel-names.ts';
import { CHANNELS, contract } from '../../../src-shared/contract/channels.ts';

describe('channel names', () => {
  it('list exactly the channels of the schema contract, domain by domain and in the same order', () => {
    expect(Object.keys(CHANNEL_NAMES)).toEqual(Object.keys(contract));
    for (const [domain, verbs] of Object.entries(contract)) {
      expect(CHANNEL_NAMES[domain as keyof typeof CHANNEL_NAMES], domain).toEqual(Object.keys(verbs));
    }
    expect(CHANNEL_IDS).toEqual(CHANNELS.map(({ domain, verb, name }) => ({ domain, verb, name })));
  });

  it('names every channel domain:verb, once', () => {
    for (const { domain, verb, name } of CHANNEL_IDS) expect(name).toBe(`${domain}:${verb}`);
    expect(new Set(CHANNEL_IDS.map((c) => c.name)).size).toBe(CHANNEL_IDS.length);
  });

  it('exposes the bridge as window.ledger', () => {
    expect(BRIDGE_GLOBAL).toBe('ledger');
  });
});
