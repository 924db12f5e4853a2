// The two files that touch Electron's IPC, tested with Electron's modules replaced (no Electron
// binary can exist here; importing the real package would try to download one).
import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  exposed: [] as Array<[string, unknown]>,
  invoked: [] as Array<[string, unknown[]]>,
  handlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.push([key, api]) },
  ipcRenderer: {
    invoke: async (channel: string, ...args: unknown[]) => {
      electron.invoked.push([channel, args]);
      return { ok: true, value: `answer of ${channel}` };
    },
  },
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) =>
      electron.handlers.set(channel, fn),
  },
}));

describe('preload', () => {
  it('exposes exactly one object, window.ledger, that forwards each method to its domain:verb channel', async () => {
    await import('../src-preload/index.ts');
    expect(electron.exposed.map(([key]) => key)).toEqual(['ledger']);
    const api = electron.exposed[0][1] as { chains: { list: (id: string) => Promise<unknown> } };
    expect(await api.chains.list('sandbox')).toBe('answer of chains:list');
    expect(electron.invoked).toEqual([['chains:list', ['sandbox']]]);
    expect(Object.keys(api)).toEqual(['app', 'settings', 'secrets', 'chains', 'transfers', 'export', 'rpc']);
    expect('invoke' in api || 'send' in api || 'ipcRenderer' in api).toBe(false);
  });
});

describe('main IPC registration', () => {
  const appOrigin = 'app://renderer';
  const mainFrame = { url: 'app://renderer/index.html' };
  const webContents = { mainFrame };
  const window = { webContents, isDestroyed: () => false };
  const event = (over: Record<string, unknown> = {}) => ({ sender: webContents, senderFrame: mainFrame, ...over });

  beforeEach(async () => {
    electron.handlers.clear();
    const { registerIpc } = await import('../src-main/shell/ipc.ts');
    registerIpc(
      async (channel, args) => ({ ok: true, value: { channel, args } }),
      () => window as never,
      appOrigin,
    );
  });

  it('registers one handler per contract channel and dispatches the app window’s calls', async () => {
    const { CHANNELS } = await import('../src-shared/contract/channels.ts');
    expect([...electron.handlers.keys()].sort()).toEqual(CHANNELS.map((c) => c.name).sort());
    const handler = electron.handlers.get('secrets:status');
    expect(await handler?.(event(), 'sandbox')).toEqual({
      ok: true,
      value: { channel: 'secrets:status', args: ['sandbox'] },
    });
  });

  it.each([
    ['another webContents', { sender: { mainFrame } }],
    ['a subframe of the window', { senderFrame: { url: 'app://renderer/index.html' } }],
    ['a frame that is gone', { senderFrame: null }],
  ])('refuses a message from %s', async (_label, over) => {
    const handler = electron.handlers.get('secrets:status');
    expect(await handler?.(event(over), 'sandbox')).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('refuses the main frame once it has navigated to a foreign origin', async () => {
    const navigated = { url: 'https://evil.example/page' };
    const foreignWindow = { webContents: { mainFrame: navigated }, isDestroyed: () => false };
    electron.handlers.clear();
    const { registerIpc } = await import('../src-main/shell/ipc.ts');
    registerIpc(
      async () => ({ ok: true, value: null }),
      () => foreignWindow as never,
      appOrigin,
    );
    const handler = electron.handlers.get('app:info');
    expect(await handler?.({ sender: foreignWindow.webContents, senderFrame: navigated })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' },
    });
  });
});
