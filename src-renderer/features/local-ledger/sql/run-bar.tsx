// Under the editor: Run (or Ctrl/Cmd+Enter), Cancel while it runs, and once it has answered, Pin to
// dashboard (a file or built-in only: pin-action.ts) and an export of every row the query reads.
import type { BridgeErrorShape } from '../../../../src-shared/contract/errors.ts';
import type { useSqlQuery } from '../../../data/local-sql.ts';
import { LocalExportMenu } from '../export/local-export-menu.tsx';
import type { Ran } from './use-query-run.ts';

interface RunBarProps {
  profileId: string;
  query: ReturnType<typeof useSqlQuery>;
  /** The last run's error, if it failed (or was cancelled). */
  failure: BridgeErrorShape | null;
  ran: Ran | null;
  /** Whether the open query can be a dashboard panel (it is a file or a built-in). */
  pinnable: boolean;
  onRun: () => void;
  onPin: () => Promise<void>;
}

export function RunBar({ profileId, query, failure, ran, pinnable, onRun, onPin }: RunBarProps) {
  return (
    <div className="sql-actions">
      <button type="button" onClick={() => onRun()} disabled={query.isPending}>
        {query.isPending ? 'Running…' : 'Run'}
      </button>
      <span className="muted">Ctrl/Cmd+Enter</span>
      {query.isPending && (
        <button type="button" onClick={query.cancel}>
          Cancel
        </button>
      )}
      {failure?.code === 'cancelled' && (
        <span className="muted" role="status">
          Cancelled.
        </span>
      )}
      {query.isSuccess && pinnable && (
        <button type="button" onClick={() => void onPin()}>
          Pin to dashboard
        </button>
      )}
      {ran !== null && query.isSuccess && (
        <LocalExportMenu
          profileId={profileId}
          source={{
            kind: 'sql',
            sql: ran.sql,
            ...(ran.params.length > 0 ? { params: ran.params } : {}),
            ...(ran.scope ? { scope: ran.scope } : {}),
          }}
          label="Export all rows"
        />
      )}
    </div>
  );
}
