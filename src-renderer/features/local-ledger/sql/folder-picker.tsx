// The notebook's folder, above "My queries": its path, "Open folder…" (the desktop app's dialog; the
// browser version, which has none, takes a typed path), back to the default folder, and New query.
import { useState } from 'react';
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import type { NotebookListing } from '../../../../src-shared/contract/notebook.ts';
import { Field } from '../../../ui/field.tsx';

interface FolderPickerProps {
  listing: NotebookListing | undefined;
  onNew: () => void;
  /** Opens a folder: null asks with the dialog; a path is checked by main; '' goes back to the default. */
  onOpenFolder: (path: string | null) => Promise<unknown>;
}

export function FolderPicker({ listing, onNew, onOpenFolder }: FolderPickerProps) {
  // The browser version has no folder dialog: main says so, and a path field takes its place.
  const [typing, setTyping] = useState(false);
  const [path, setPath] = useState('');
  const [folderError, setFolderError] = useState<string | null>(null);
  const openFolder = async (value: string | null) => {
    setFolderError(null);
    try {
      await onOpenFolder(value);
      setTyping(false);
    } catch (error) {
      const e = asBridgeError(error);
      if (e.code === 'unsupported' && value === null) setTyping(true);
      else setFolderError(e.message);
    }
  };
  return (
    <>
      <p className="notebook-folder muted" title={listing?.folder}>
        {listing ? listing.folder : 'Reading the folder…'}
      </p>
      <div className="notebook-folder-actions">
        <button type="button" onClick={() => void openFolder(null)}>
          Open folder…
        </button>
        {listing && !listing.isDefault && (
          <button type="button" onClick={() => void openFolder('')}>
            Default folder
          </button>
        )}
        <button type="button" onClick={onNew}>
          New query
        </button>
      </div>
      {typing && (
        <form
          className="notebook-folder-form"
          onSubmit={(e) => {
            e.preventDefault();
            void openFolder(path);
          }}
        >
          <Field
            label="Folder path"
            error={folderError}
            hint="The browser version has no folder dialog: type the full path of a folder in your home folder."
          >
            <input type="text" value={path} onChange={(e) => setPath(e.target.value)} spellCheck={false} />
          </Field>
          <button type="submit">Open</button>
          <button type="button" onClick={() => setTyping(false)}>
            Cancel
          </button>
        </form>
      )}
      {!typing && folderError && (
        <p className="field-error" role="alert">
          {folderError}
        </p>
      )}
    </>
  );
}
