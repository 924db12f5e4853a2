// IPC registration in main, tested with Electron's modules replaced (no Electron binary can exist
// here; importing the real package would try to download one).
import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
}));

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) =>
      electron.handlers.set(channel, fn),
  },
}));

describe('main IPC registration', () => {
  const appOrigin = 'app://renderer';
  const mainFrame = { url: 'app://renderer/index.html' };
  const webContents = { mainFrame };
  const window = { webContents, isDestroyed: () => false };
  const event = (over: Record<string, unknown> = {}) => ({ sender: webContents, senderFrame: mainFrame, ...over });

  beforeEach(async () => {
    electron.handlers.clear();
    const { registerIpc } = await import('../../../src-main/shell/ipc.ts');
    registerIpc(
      async (channel, args) => ({ ok: true, value: { channel, args } }),
      () => window as never,
      appOrigin,
    );
  });

  it('registers one handler per contract channel and dispatches the app window’s calls', async () => {
    const { CHANNELS } = await import('../../../src-shared/contract/channels.ts');
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
    const { registerIpc } = await import('../../../src-main/shell/ipc.ts');
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
