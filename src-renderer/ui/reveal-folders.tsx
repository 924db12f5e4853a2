// Where the app keeps its settings and main's logs, each with a Reveal button (docs/desktop.md):
// what support staff ask for first. Shown in About and in Settings.
import type { RevealTarget } from '../../src-shared/contract/schemas.ts';
import { useAppInfo } from '../data/app.ts';
import { useRevealFolder } from '../data/desktop.ts';
import { ErrorMessage } from './error-message.tsx';
import '../about/about.css';

const FOLDERS: Array<{ target: RevealTarget; label: string }> = [
  { target: 'settings', label: 'Settings folder' },
  { target: 'logs', label: 'Logs folder' },
];

export function RevealFolders() {
  const folders = useAppInfo().data?.folders;
  const reveal = useRevealFolder();
  const answer = reveal.data;
  return (
    <div className="reveal-folders">
      <dl>
        {FOLDERS.map(({ target, label }) => (
          <div key={target}>
            <dt>{label}</dt>
            <dd>
              <code>{folders?.[target] ?? '…'}</code>{' '}
              <button type="button" onClick={() => reveal.mutate(target)} disabled={reveal.isPending}>
                Reveal {label.toLowerCase()}
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <p role="status" className="muted">
        {answer &&
          (answer.opened
            ? `Opened ${answer.path} in the file manager.`
            : `This version cannot open a file manager: the folder is ${answer.path}`)}
      </p>
      {reveal.error && <ErrorMessage error={reveal.error} title="The folder could not be shown." />}
    </div>
  );
}
