// The Electron shell's two security decisions, run in Node on their real code: who may call main
// over IPC (sender-check.ts) and where the window may go (navigation-policy.ts). Neither module
// imports electron; the objects below carry only the fields the checks read. What could not run
// here — Electron actually calling these from setWindowOpenHandler / will-navigate / ipcMain — is
// listed in docs/security.md.
import { describe, expect, it } from 'vitest';
import {
  decideNavigation,
  decideWindowOpen,
  externalLink,
  MAX_EXTERNAL_URL_LENGTH,
} from '../../src-main/shell/navigation-policy.ts';
import { isAppFrame } from '../../src-main/shell/sender-check.ts';

const APP = 'app://renderer';

function appWindow(url = 'app://renderer/index.html', destroyed = false) {
  const mainFrame = { url };
  const webContents = { mainFrame };
  return { window: { webContents, isDestroyed: () => destroyed }, webContents, mainFrame };
}

describe('IPC sender check', () => {
  it("accepts the app window's own top frame at the app origin", () => {
    const { window, webContents, mainFrame } = appWindow();
    expect(isAppFrame({ sender: webContents, senderFrame: mainFrame }, window, APP)).toBe(true);
  });

  it('refuses another window, a subframe, a vanished frame, a closed window and no window', () => {
    const { window, webContents, mainFrame } = appWindow();
    const other = appWindow();
    // Another window showing the very same app page: still not the app window.
    expect(isAppFrame({ sender: other.webContents, senderFrame: other.mainFrame }, window, APP)).toBe(false);
    // An iframe inside the app window, even one at the app's own origin.
    const iframe = { url: 'app://renderer/index.html' };
    expect(isAppFrame({ sender: webContents, senderFrame: iframe }, window, APP)).toBe(false);
    expect(isAppFrame({ sender: webContents, senderFrame: null }, window, APP)).toBe(false);
    expect(isAppFrame({ sender: webContents, senderFrame: undefined }, window, APP)).toBe(false);
    const closed = appWindow(undefined, true);
    expect(isAppFrame({ sender: closed.webContents, senderFrame: closed.mainFrame }, closed.window, APP)).toBe(false);
    expect(isAppFrame({ sender: webContents, senderFrame: mainFrame }, null, APP)).toBe(false);
  });

  it.each([
    'https://evil.example/',
    'http://127.0.0.1:5173/',
    'app://renderer.evil.example/index.html',
    'app://evil/index.html',
    'app://renderer@evil/index.html',
    'app://renderer:8080/index.html',
    'file:///work/main/out/renderer/index.html',
    'about:blank',
    'data:text/html,<script>1</script>',
    'blob:app://renderer/6a1f',
    'chrome-error://chromewebdata/',
    '',
    'not a url',
  ])('refuses the top frame once it shows %s', (url) => {
    const { window, webContents, mainFrame } = appWindow(url);
    expect(isAppFrame({ sender: webContents, senderFrame: mainFrame }, window, APP)).toBe(false);
  });

  it('in development, trusts the dev server origin and nothing else', () => {
    const dev = 'http://localhost:5173';
    const ok = appWindow('http://localhost:5173/index.html');
    expect(isAppFrame({ sender: ok.webContents, senderFrame: ok.mainFrame }, ok.window, dev)).toBe(true);
    const packaged = appWindow();
    expect(isAppFrame({ sender: packaged.webContents, senderFrame: packaged.mainFrame }, packaged.window, dev)).toBe(
      false,
    );
    const otherPort = appWindow('http://localhost:5174/');
    expect(isAppFrame({ sender: otherPort.webContents, senderFrame: otherPort.mainFrame }, otherPort.window, dev)).toBe(
      false,
    );
  });
});

describe('window.open and navigation', () => {
  it('never opens an app window; only https links go to the OS browser, normalised', () => {
    expect(decideWindowOpen('https://docs.example.com/a b?x=1#y')).toEqual({
      stayInApp: false,
      openExternally: 'https://docs.example.com/a%20b?x=1#y',
    });
    for (const url of [
      'http://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'app://renderer/index.html',
      'smb://fileserver/share',
      'ms-msdt:/id PCWDiagnostic',
      'vbscript:msgbox(1)',
      'https://user:pass@example.com/',
      'https://token@example.com/',
      'https://',
      'not a url',
      '',
      `https://example.com/${'a'.repeat(MAX_EXTERNAL_URL_LENGTH)}`,
    ]) {
      expect(decideWindowOpen(url), url).toEqual({ stayInApp: false, openExternally: null });
    }
  });

  it('lets the window move only within the app origin; foreign https goes to the OS browser', () => {
    expect(decideNavigation('app://renderer/index.html#/transfers', APP)).toEqual({
      stayInApp: true,
      openExternally: null,
    });
    expect(decideNavigation('https://evil.example/phish', APP)).toEqual({
      stayInApp: false,
      openExternally: 'https://evil.example/phish',
    });
    for (const url of [
      'http://127.0.0.1:8080/',
      'app://renderer.evil/',
      'app://evil/index.html',
      'file:///etc/passwd',
      'about:blank',
      'javascript:alert(1)',
      'https://user:pw@evil.example/',
    ]) {
      expect(decideNavigation(url, APP), url).toEqual({ stayInApp: false, openExternally: null });
    }
  });

  it('hands the OS browser exactly the string it checked', () => {
    // A backslash or tab trick is normalised by the URL parser before the check, not after.
    expect(externalLink('https://example.com\\@evil.example/')).toBe('https://example.com/@evil.example/');
    expect(externalLink('https://exa\tmple.com/')).toBe('https://example.com/');
    expect(externalLink(' https://example.com/ ')).toBe('https://example.com/');
  });
});
