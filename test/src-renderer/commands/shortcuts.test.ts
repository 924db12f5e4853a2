// The shortcuts sheet lists every accelerator of the desktop app's menu (written there as
// CmdOrCtrl, here as Mod), on every platform's menu.
import { describe, expect, it } from 'vitest';
import { leafEntries, menuTemplate } from '../../../src-main/services/desktop/menu-template.ts';
import { keyLabel, SHORTCUT_GROUPS } from '../../../src-renderer/commands/shortcuts.ts';

const listed = SHORTCUT_GROUPS.flatMap((g) =>
  g.shortcuts.flatMap((s) => s.keys.map((key) => ({ key, group: g.title }))),
);

describe('shortcuts sheet', () => {
  it('lists every accelerator of the menu, on macOS and elsewhere', () => {
    for (const platform of ['darwin', 'linux', 'win32']) {
      const accelerators = leafEntries(menuTemplate({ platform, dev: false, appName: 'Ledger Explorer' })).flatMap(
        (e) => ('accelerator' in e && e.accelerator ? [e.accelerator.replace('CmdOrCtrl+', 'Mod+')] : []),
      );
      expect(accelerators.length).toBeGreaterThan(5);
      for (const key of accelerators)
        expect(
          listed.map((l) => l.key),
          `${platform}: ${key}`,
        ).toContain(key);
    }
  });

  it('lists each group once (two parts of the app once both added the menu group)', () => {
    const titles = SHORTCUT_GROUPS.map((g) => g.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('writes Mod as Ctrl, or as ⌘ on macOS', () => {
    expect(keyLabel('Mod+Shift+E', false)).toBe('Ctrl+Shift+E');
    expect(keyLabel('Mod+Shift+E', true)).toBe('⌘⇧E');
    expect(keyLabel('Alt+Up', false)).toBe('Alt+↑');
  });
});
