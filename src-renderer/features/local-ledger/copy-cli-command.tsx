// "Copy CLI command": the sync of the party, node and range on screen as a command line
// (src-shared/cli/cli-command.ts), which is what a scheduled job runs to keep this view fresh.
// Once copied, the line says what it copied and shows the command itself, so it can be read
// before it is pasted into a crontab (and selected by hand where the clipboard is refused).
import { useState } from 'react';
import { syncCommand } from '../../../src-shared/cli/cli-command.ts';
import type { TimeRange } from '../../../src-shared/contract/local-ledger.ts';
import { useAppInfo } from '../../data/app.ts';

export interface CliView {
  profileId: string;
  party: string;
  nodeId: string | null;
}

export function CopyCliCommand({
  view,
  readRange,
}: {
  view: CliView;
  /** The range fields read as the next sync would read them; null when one is wrong (it says so at its field). */
  readRange: () => TimeRange | null;
}) {
  // The store this app reads: the job must sync into the same user-data folder.
  const userDataDir = useAppInfo().data?.folders.settings ?? null;
  const [copied, setCopied] = useState<{ command: string; state: 'copied' | 'failed' } | null>(null);
  const copy = () => {
    const range = readRange();
    if (!range) {
      setCopied(null);
      return;
    }
    const command = syncCommand({ ...view, after: range.after, before: range.before, userDataDir });
    void navigator.clipboard.writeText(command).then(
      () => setCopied({ command, state: 'copied' }),
      () => setCopied({ command, state: 'failed' }),
    );
  };
  return (
    <>
      <button type="button" onClick={copy}>
        Copy CLI command
      </button>
      <p className="local-cli-command" role="status">
        {copied && (
          <>
            {copied.state === 'copied'
              ? 'Copied the sync of this party, node and range: what a scheduled job runs to keep this view fresh (run it in the Ledger Explorer folder; the JWT comes from the keychain or LEDGER_EXPLORER_LEDGER_JWT).'
              : 'The clipboard refused: select the command below.'}{' '}
            <code>{copied.command}</code>
          </>
        )}
      </p>
    </>
  );
}
