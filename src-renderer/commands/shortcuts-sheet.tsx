// The shortcuts sheet (`?`, the palette, the Help menu): every key the app answers, grouped by where
// it works (each under its heading: headings, not landmarks, so a screen reader lists them without
// a region per group), written the way this platform writes keys.
import { useUiStore } from '../ui-store.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { isMac, keyLabel, SHORTCUT_GROUPS } from './shortcuts.ts';
import './commands.css';

export function ShortcutsSheet() {
  const close = useUiStore((s) => s.closeDialog);
  const mac = isMac();
  return (
    <ModalDialog
      label="Keyboard shortcuts"
      heading="Keyboard shortcuts"
      className="app-sheet shortcuts-sheet"
      onClose={close}
    >
      {SHORTCUT_GROUPS.map((group) => (
        <div key={group.title} className="shortcut-group">
          <h3>{group.title}</h3>
          <dl className="shortcut-list">
            {group.shortcuts.map((s) => (
              <div key={`${group.title}:${s.does}`} className="shortcut">
                <dt>
                  {s.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 && ' '}
                      <kbd>{keyLabel(k, mac)}</kbd>
                    </span>
                  ))}
                </dt>
                <dd>{s.does}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </ModalDialog>
  );
}
