// The small forms and confirmations under the notebook's toolbar, one at a time: a file name for Save
// as or Rename, and the questions before Delete, before overwriting a file changed on disk, and before
// unsaved text is replaced.
import { useState } from 'react';
import { fileNameProblem } from '../../../../src-shared/contract/notebook.ts';
import { Field } from '../../../ui/field.tsx';
import { withSqlExtension } from './notebook-model.ts';

/** The small forms and confirmations under the toolbar, one at a time. */
export type Dialog =
  | { kind: 'save-as' | 'rename'; name: string }
  | { kind: 'delete' }
  | { kind: 'conflict'; message: string }
  | { kind: 'discard'; proceed: () => void; message?: string; confirm?: string };

export function NotebookDialog({
  dialog,
  file,
  onCancel,
  onSaveAs,
  onRename,
  onDelete,
  onOverwrite,
}: {
  dialog: Dialog | null;
  file: string | null;
  onCancel: () => void;
  onSaveAs: (name: string) => void;
  onRename: (name: string) => void;
  onDelete: () => void;
  onOverwrite: () => void;
}) {
  if (!dialog) return null;
  if (dialog.kind === 'save-as' || dialog.kind === 'rename') {
    return (
      <NameForm
        key={dialog.kind}
        dialog={dialog}
        onCancel={onCancel}
        onDone={dialog.kind === 'save-as' ? onSaveAs : onRename}
      />
    );
  }
  const ask = dialog.kind === 'discard' ? dialog : null;
  const [message, confirm, act] =
    dialog.kind === 'delete'
      ? [`Delete ${file} from the folder?`, 'Delete', onDelete]
      : dialog.kind === 'conflict'
        ? [`${dialog.message} Overwrite it with yours?`, 'Overwrite', onOverwrite]
        : [
            ask?.message ?? 'This query has unsaved changes. Discard them?',
            ask?.confirm ?? 'Discard',
            () => {
              onCancel();
              ask?.proceed();
            },
          ];
  return (
    <div className="notebook-confirm">
      <span>{message}</span>{' '}
      <button type="button" onClick={act}>
        {confirm}
      </button>{' '}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

function NameForm({
  dialog,
  onCancel,
  onDone,
}: {
  dialog: { kind: 'save-as' | 'rename'; name: string };
  onCancel: () => void;
  onDone: (name: string) => void;
}) {
  const [name, setName] = useState(dialog.name);
  // A name typed without ".sql" gets it (said under the field), rather than a disabled button.
  const file = withSqlExtension(name);
  const problem = fileNameProblem(file);
  return (
    <form
      className="notebook-name-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) onDone(file);
      }}
    >
      <Field
        label={dialog.kind === 'save-as' ? 'Save as file' : 'New file name'}
        error={name === dialog.name ? null : problem}
        hint={
          file !== name.trim() && !problem ? `${dialog.kind === 'save-as' ? 'Saved as' : 'Renamed to'} ${file}` : null
        }
      >
        <input type="text" value={name} onChange={(e) => setName(e.target.value)} spellCheck={false} />
      </Field>
      <button type="submit" disabled={problem !== null}>
        {dialog.kind === 'save-as' ? 'Save file' : 'Rename'}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
