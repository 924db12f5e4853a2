// About (Help menu, the palette; docs/desktop.md): the app's version and the Electron, Chromium and
// Node it runs on, the platform, and where settings and logs live: what a support case asks first.
import { ModalDialog } from '../commands/modal-dialog.tsx';
import { useAppInfo } from '../data/app.ts';
import { RevealFolders } from '../ui/reveal-folders.tsx';
import { useUiStore } from '../ui-store.ts';
import '../commands/commands.css';
import './about.css';

export function AboutDialog() {
  const open = useUiStore((s) => s.dialog === 'about');
  return open ? <AboutContent /> : null;
}

function AboutContent() {
  const close = useUiStore((s) => s.closeDialog);
  const info = useAppInfo().data;
  const versions = info?.versions;
  const desktopOnly = '— (the browser version)';
  const rows: Array<[string, string]> = [
    ['Version', versions?.app ?? '…'],
    ['Electron', versions ? (versions.electron ?? desktopOnly) : '…'],
    ['Chromium', versions ? (versions.chromium ?? desktopOnly) : '…'],
    ['Node', versions?.node ?? '…'],
    ['Platform', info?.platform ?? '…'],
    ['Runs as', info ? (info.transport === 'electron' ? 'Desktop app' : 'Browser version') : '…'],
  ];
  return (
    <ModalDialog
      label="About Ledger Explorer"
      heading="Ledger Explorer"
      className="app-sheet about-dialog"
      onClose={close}
    >
      <dl className="about-versions">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <RevealFolders />
    </ModalDialog>
  );
}
