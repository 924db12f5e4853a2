// The application menu as data: every item does something, no shortcut is taken twice, the platforms
// differ where their conventions do, and the shortcuts sheet lists every key the menu adds.
import { describe, expect, it } from 'vitest';
import {
  leafEntries,
  type MenuEntry,
  type MenuRole,
  menuTemplate,
  ROLE_ACCELERATORS,
} from '../../../../src-main/services/desktop/menu-template.ts';
import { SHORTCUT_GROUPS } from '../../../../src-renderer/commands/shortcuts.ts';
import { SHELL_COMMANDS } from '../../../../src-shared/contract/shell-events.ts';

const PLATFORMS = ['darwin', 'win32', 'linux'];
const build = (platform: string, dev = false) => menuTemplate({ platform, dev, appName: 'Ledger Explorer' });

/** Every accelerator the menu answers, ours and the roles', normalised for the platform. */
function accelerators(entries: MenuEntry[], mac: boolean): string[] {
  const keys = leafEntries(entries).flatMap((e) => {
    if ('accelerator' in e && e.accelerator) return [e.accelerator];
    if ('role' in e && e.role) return (ROLE_ACCELERATORS[e.role as MenuRole] ?? []).slice(0, 1);
    return [];
  });
  return keys.map((k) =>
    k
      .replace('CmdOrCtrl', mac ? 'Cmd' : 'Ctrl')
      .split('+')
      .sort()
      .join('+'),
  );
}

describe('menu template', () => {
  it.each(PLATFORMS)('on %s every item is a separator, a standard role, a ShellCommand or a folder to reveal', (p) => {
    for (const entry of leafEntries(build(p, true))) {
      if ('type' in entry) continue;
      if ('command' in entry) expect(SHELL_COMMANDS).toContain(entry.command);
      else if ('action' in entry) expect(['reveal-settings', 'reveal-logs']).toContain(entry.action);
      else expect(entry).toHaveProperty('role');
    }
  });

  it.each(PLATFORMS)('on %s no accelerator is used twice (ours against each other and the roles)', (p) => {
    const keys = accelerators(build(p, true), p === 'darwin');
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('puts every ShellCommand somewhere in the menu', () => {
    const commands = new Set(leafEntries(build('linux')).flatMap((e) => ('command' in e ? [e.command] : [])));
    expect([...SHELL_COMMANDS].filter((c) => !commands.has(c))).toEqual([]);
  });

  it('gives our main commands the documented accelerators', () => {
    const byCommand = new Map(
      leafEntries(build('linux')).flatMap((e) => ('command' in e && e.accelerator ? [[e.command, e.accelerator]] : [])),
    );
    expect(byCommand.get('palette')).toBe('CmdOrCtrl+K');
    expect(byCommand.get('recent')).toBe('CmdOrCtrl+E');
    expect(byCommand.get('export')).toBe('CmdOrCtrl+Shift+E');
    expect(byCommand.get('show-transfers')).toBe('CmdOrCtrl+1');
    expect(byCommand.get('show-rpc')).toBe('CmdOrCtrl+4');
  });

  it('has the macOS app menu (About, Settings, Services, Hide, Quit) only on macOS', () => {
    const mac = build('darwin');
    expect(mac[0]).toMatchObject({ label: 'Ledger Explorer' });
    const appItems = leafEntries([mac[0]]);
    expect(appItems).toContainEqual({ label: 'About Ledger Explorer', command: 'about' });
    for (const role of ['services', 'hide', 'hideOthers', 'unhide', 'quit']) expect(appItems).toContainEqual({ role });
    const linux = build('linux');
    expect(linux.map((m) => ('label' in m ? m.label : ''))).toEqual([
      'File',
      'Edit',
      'View',
      'Actions',
      'Window',
      'Help',
    ]);
    // Elsewhere: Quit ends File and About ends Help.
    expect(leafEntries([linux[0]]).at(-1)).toEqual({ role: 'quit' });
    expect(leafEntries([linux[5]]).at(-1)).toEqual({ label: 'About Ledger Explorer', command: 'about' });
  });

  it('offers reload and the developer tools only in development', () => {
    for (const p of PLATFORMS) {
      const roles = (dev: boolean) => leafEntries(build(p, dev)).flatMap((e) => ('role' in e ? [e.role] : []));
      expect(roles(false)).not.toContain('toggleDevTools');
      expect(roles(false)).not.toContain('reload');
      expect(roles(true)).toEqual(expect.arrayContaining(['toggleDevTools', 'reload', 'forceReload']));
    }
  });

  it('has the standard edit, zoom and window roles everywhere', () => {
    for (const p of PLATFORMS) {
      const roles = leafEntries(build(p)).flatMap((e) => ('role' in e ? [e.role] : []));
      expect(roles).toEqual(
        expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'resetZoom', 'zoomIn', 'zoomOut']),
      );
      expect(roles).toEqual(expect.arrayContaining(['togglefullscreen', 'minimize', 'close', 'quit']));
    }
  });

  it('lists every accelerator of ours in the shortcuts sheet', () => {
    const sheet = new Set(SHORTCUT_GROUPS.flatMap((g) => g.shortcuts.flatMap((s) => s.keys)));
    const ours = leafEntries(build('linux')).flatMap((e) =>
      'accelerator' in e && e.accelerator ? [e.accelerator] : [],
    );
    expect(ours.map((k) => k.replace('CmdOrCtrl+', 'Mod+')).filter((k) => !sheet.has(k))).toEqual([]);
  });
});
