// The notebook's list of queries: the built-in library (read-only; Duplicate copies one into the
// folder) and "My queries", the `.sql` files of the profile's folder, with the folder's path and
// "Open folder…" (the desktop app's dialog; the browser version, which has none, takes a typed path).
import { useMemo, useState } from 'react';
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import type { NotebookListing } from '../../../../src-shared/contract/notebook.ts';
import { BUILT_IN_QUERIES } from '../../../../src-shared/notebook/library.ts';
import { parseQueryFile } from '../../../../src-shared/notebook/query-file.ts';
import { Field } from '../../../ui/field.tsx';

export type OpenTarget = { kind: 'builtin'; id: string } | { kind: 'file'; file: string };

export interface QueryListProps {
  listing: NotebookListing | undefined;
  listingError: string | null;
  /** What is open, to mark it. */
  current: OpenTarget | null;
  onOpen: (target: OpenTarget) => void;
  onNew: () => void;
  /** Opens a folder: null asks with the dialog; a path is checked by main; '' goes back to the default. */
  onOpenFolder: (path: string | null) => Promise<unknown>;
}

export function QueryList({ listing, listingError, current, onOpen, onNew, onOpenFolder }: QueryListProps) {
  const builtIns = useMemo(
    () => BUILT_IN_QUERIES.map((q) => ({ id: q.id, name: parseQueryFile(q.text).header.name || q.id })),
    [],
  );
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
  const isCurrent = (t: OpenTarget) =>
    t.kind === 'builtin'
      ? current?.kind === 'builtin' && current.id === t.id
      : current?.kind === 'file' && current.file === t.file;
  return (
    <nav className="notebook-list" aria-label="Queries">
      <h3>Built-in</h3>
      <ul>
        {builtIns.map((q) => (
          <li key={q.id}>
            <button
              type="button"
              className="notebook-item"
              aria-current={isCurrent({ kind: 'builtin', id: q.id }) ? 'true' : undefined}
              onClick={() => onOpen({ kind: 'builtin', id: q.id })}
            >
              {q.name}
            </button>
          </li>
        ))}
      </ul>
      <h3>My queries</h3>
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
      {listingError && <p className="field-error">{listingError}</p>}
      {listing?.error && <p className="field-error">{listing.error}</p>}
      {listing && listing.files.length === 0 && !listing.error && (
        <p className="muted">No .sql files here yet: Save as or Duplicate puts one here.</p>
      )}
      <ul aria-label="My queries">
        {listing?.files.map((f) => (
          <li key={f.file}>
            <button
              type="button"
              className="notebook-item"
              aria-current={isCurrent({ kind: 'file', file: f.file }) ? 'true' : undefined}
              onClick={() => onOpen({ kind: 'file', file: f.file })}
              title={f.description || undefined}
            >
              {f.name || f.file}
            </button>
            <span className="muted notebook-file-name">
              {f.file}
              {f.problem
                ? ` · ${f.problem}`
                : f.problems > 0
                  ? ` · ${f.problems} problem${f.problems === 1 ? '' : 's'}`
                  : ''}
            </span>
          </li>
        ))}
      </ul>
      {listing && listing.more > 0 && (
        <p className="muted">{listing.more.toLocaleString('en-US')} more .sql files are not listed (at most 2,000).</p>
      )}
    </nav>
  );
}
