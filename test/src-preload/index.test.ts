// The preload, tested with Electron's modules replaced (no Electron binary can exist here;
// importing the real package would try to download one).
import { describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  exposed: [] as Array<[string, unknown]>,
  invoked: [] as Array<[string, unknown[]]>,
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.push([key, api]) },
  ipcRenderer: {
    invoke: async (channel: string, ...args: unknown[]) => {
      electron.invoked.push([channel, args]);
      return { ok: true, value: `answer of ${channel}` };
    },
  },
}));

describe('preload', () => {
  it('exposes exactly one object, window.ledger, that forwards each method to its domain:verb channel', async () => {
    await import('../../src-preload/index.ts');
    expect(electron.exposed.map(([key]) => key)).toEqual(['ledger']);
    const api = electron.exposed[0][1] as { chains: { list: (id: string) => Promise<unknown> } };
    expect(await api.chains.list('sandbox')).toBe('answer of chains:list');
    expect(electron.invoked).toEqual([['chains:list', ['sandbox']]]);
    expect(Object.keys(api)).toEqual([
      'app',
      'settings',
      'secrets',
      'chains',
      'transfers',
      'export',
      'rpc',
      'abi',
      'views',
      'report',
      'workspace',
      'local',
      'notebook',
    ]);
    expect('invoke' in api || 'send' in api || 'ipcRenderer' in api).toBe(false);
  });
});
