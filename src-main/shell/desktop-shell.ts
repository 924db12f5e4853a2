// The desktop conventions of the Electron shell (docs/desktop.md), loaded by main.ts with import()
// so none of it weighs on main's start-up bundle: the application menu, the window's size and place
// across launches, native notifications when a long export or sync ends unseen, revealing the
// settings and logs folders, and main's log on disk. Each decision is plain data or a plain
// function in services/desktop/, tested in Node; this file only hands it to Electron.
import { app, type BrowserWindow, Menu, type MenuItemConstructorOptions, Notification, screen, shell } from 'electron';
import type { AppServices } from '../services/app-services.ts';
import { LogFile, logsFolderIn } from '../services/desktop/log-file.ts';
import { type MainAction, type MenuEntry, menuTemplate } from '../services/desktop/menu-template.ts';
import { notificationFor, type TaskFinished } from '../services/desktop/notify-policy.ts';
import { folderOf } from '../services/desktop/reveal.ts';
import {
  loadWindowState,
  restoreWindowState,
  type WindowState,
  WindowStateSaver,
} from '../services/desktop/window-state.ts';

export interface DesktopShell {
  /** main's log: the console, and logs/main.log. */
  log(line: string): void;
  /** The Host parts the services call (service-context.ts). */
  host: { revealPath(path: string): Promise<boolean>; taskFinished(event: TaskFinished): void };
  /** Once the window exists: its saved place, the menu, its state saved as it moves. */
  attach(window: BrowserWindow, inbox: AppServices['shellInbox']): void;
}

/** After app ready (the screen module needs it), before the window is created. */
export async function startDesktopShell(userDataDir: string): Promise<DesktopShell> {
  const logFile = new LogFile(logsFolderIn(userDataDir));
  const log = (line: string) => {
    console.error(`[main] ${line}`);
    logFile.append(line);
  };
  const saved = await loadWindowState(userDataDir);
  let window: BrowserWindow | null = null;

  const bringForward = () => {
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  // shell.openPath answers an error message, '' when the folder opened.
  const revealPath = async (path: string) => (await shell.openPath(path)) === '';

  const host: DesktopShell['host'] = {
    revealPath,
    taskFinished(event) {
      const focused = window !== null && !window.isDestroyed() && window.isFocused();
      const text = notificationFor(event, focused);
      if (!text || !Notification.isSupported()) return;
      const notification = new Notification({ title: text.title, body: text.body });
      notification.on('click', bringForward);
      notification.show();
    },
  };

  const attach: DesktopShell['attach'] = (win, inbox) => {
    window = win;
    placeWindow(win, saved);
    const onAction = (action: MainAction) => {
      void revealPath(folderOf(userDataDir, action === 'reveal-logs' ? 'logs' : 'settings'));
    };
    const template = menuTemplate({ platform: process.platform, dev: !app.isPackaged, appName: app.name });
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        toElectron(
          template,
          (command) => {
            inbox.push({ kind: 'command', command });
            bringForward();
          },
          onAction,
        ),
      ),
    );
    const saver = new WindowStateSaver(userDataDir, log);
    const current = (): WindowState => ({ ...win.getNormalBounds(), maximized: win.isMaximized() });
    for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) {
      win.on(event as 'resize', () => saver.schedule(current()));
    }
    // Written before the handler returns: the app may quit right after its last window closes.
    win.on('close', () => saver.saveOnClose(current()));
  };

  return { log, host, attach };
}

/** The saved size and place, clamped to the displays attached now (primary first). */
function placeWindow(win: BrowserWindow, saved: WindowState | null): void {
  const primary = screen.getPrimaryDisplay();
  const areas = [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)].map((d) => d.workArea);
  const state = restoreWindowState(saved, areas);
  if (state.x !== undefined && state.y !== undefined) {
    win.setBounds({ x: state.x, y: state.y, width: state.width, height: state.height });
  } else {
    win.setSize(state.width, state.height);
    win.center();
  }
  // After the first show: maximizing a hidden window would show it before its page is ready.
  if (state.maximized) win.once('ready-to-show', () => win.maximize());
}

function toElectron(
  entries: MenuEntry[],
  onCommand: (command: Extract<MenuEntry, { command: unknown }>['command']) => void,
  onAction: (action: MainAction) => void,
): MenuItemConstructorOptions[] {
  return entries.map((entry): MenuItemConstructorOptions => {
    if ('type' in entry) return { type: 'separator' };
    if ('submenu' in entry) {
      const submenu = toElectron(entry.submenu, onCommand, onAction);
      return entry.role ? { label: entry.label, role: entry.role, submenu } : { label: entry.label, submenu };
    }
    if ('command' in entry) {
      const { label, command, accelerator } = entry;
      return { label, accelerator, click: () => onCommand(command) };
    }
    if ('action' in entry) return { label: entry.label, click: () => onAction(entry.action) };
    return { role: entry.role };
  });
}
