// The notebook's toolbar: an example to start from, the parties the query reads (its scope), and the
// open query's file actions (file-actions.ts; Rename and Delete only for a file, Save not for a built-in).
import type { SqlScope } from '../../../../src-shared/contract/party-scope.ts';
import { ScopePicker } from '../scope/scope-picker.tsx';
import type { Dialog } from './notebook-dialog.tsx';
import { fileNameFor } from './notebook-model.ts';
import { SQL_EXAMPLES } from './sql-examples.ts';
import type { Origin } from './use-query-document.ts';

interface NotebookToolbarProps {
  profileId: string;
  scope: SqlScope;
  onScope: (scope: SqlScope) => void;
  origin: Origin;
  /** The header's name: what Save as offers as the file's name. */
  queryName: string;
  /** An example chosen: its SQL. */
  onExample: (sql: string) => void;
  onSave: () => Promise<void>;
  onDuplicate: () => void;
  onDialog: (dialog: Dialog) => void;
}

export function NotebookToolbar(props: NotebookToolbarProps) {
  const { profileId, scope, onScope, origin, queryName, onExample, onSave, onDuplicate, onDialog } = props;
  return (
    <div className="sql-toolbar">
      <ExamplePicker onExample={onExample} />
      <ScopePicker profileId={profileId} value={scope} onChange={onScope} />
      <button type="button" onClick={() => void onSave()} disabled={origin.kind === 'builtin'}>
        Save
      </button>
      <button type="button" onClick={() => onDialog({ kind: 'save-as', name: fileNameFor(queryName || 'query') })}>
        Save as…
      </button>
      <button type="button" onClick={onDuplicate}>
        Duplicate
      </button>
      {origin.kind === 'file' && (
        <>
          <button type="button" onClick={() => onDialog({ kind: 'rename', name: origin.file })}>
            Rename…
          </button>
          <button type="button" onClick={() => onDialog({ kind: 'delete' })}>
            Delete…
          </button>
        </>
      )}
    </div>
  );
}

/** The examples (sql-examples.ts): a choice loads one, and the list shows "Choose…" again. */
function ExamplePicker({ onExample }: { onExample: (sql: string) => void }) {
  return (
    <label>
      Example{' '}
      <select
        aria-label="Example query"
        value=""
        onChange={(e) => {
          const example = SQL_EXAMPLES.find((x) => x.title === e.target.value);
          if (example) onExample(example.sql);
        }}
      >
        <option value="">Choose…</option>
        {SQL_EXAMPLES.map((x) => (
          <option key={x.title} value={x.title}>
            {x.title}
          </option>
        ))}
      </select>
    </label>
  );
}
