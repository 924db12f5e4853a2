// What the notebook says of its file actions: a notice (saved, reloaded, pinned…), an action's error,
// the one form or confirmation open under the toolbar, and the open file as it now is on disk when it
// changed there under unsaved edits.
import { useState } from 'react';
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import type { NotebookFile } from '../../../../src-shared/contract/notebook.ts';
import type { Dialog } from './notebook-dialog.tsx';

export function useNotebookStatus() {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  /** The open file changed on disk while it had unsaved edits: the file as it is now. */
  const [onDisk, setOnDisk] = useState<NotebookFile | null>(null);

  /** A folder action: its error is said under the toolbar. */
  const attempt = async (work: () => Promise<void>) => {
    setActionError(null);
    try {
      await work();
    } catch (error) {
      setActionError(asBridgeError(error).message);
    }
  };
  /** Another text loaded: what was asked or said of the one before goes; a notice is its caller's to set. */
  const clear = () => {
    setOnDisk(null);
    setDialog(null);
    setActionError(null);
  };

  return { dialog, setDialog, notice, setNotice, actionError, setActionError, onDisk, setOnDisk, attempt, clear };
}

export type NotebookStatus = ReturnType<typeof useNotebookStatus>;
