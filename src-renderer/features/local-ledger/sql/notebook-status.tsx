// What the notebook says under its toolbar (use-notebook-status.ts): the open file changed on disk
// under unsaved edits (Reload or Keep mine), else the last notice; and an action's error.
import type { NotebookFile } from '../../../../src-shared/contract/notebook.ts';

interface NotebookStatusProps {
  onDisk: NotebookFile | null;
  notice: string | null;
  actionError: string | null;
  onReload: (file: NotebookFile) => void;
  onKeep: () => void;
}

export function NotebookStatus({ onDisk, notice, actionError, onReload, onKeep }: NotebookStatusProps) {
  return (
    <>
      {onDisk && (
        <div className="notebook-banner" role="status">
          {onDisk.file} changed on disk while you have unsaved edits.{' '}
          <button type="button" onClick={() => onReload(onDisk)}>
            Reload
          </button>{' '}
          <button type="button" onClick={onKeep}>
            Keep mine
          </button>
        </div>
      )}
      {notice && !onDisk && (
        <p className="notebook-notice" role="status">
          {notice}
        </p>
      )}
      {actionError && (
        <p className="field-error" role="alert">
          {actionError}
        </p>
      )}
    </>
  );
}
