// The notebook's list of queries: the built-in library (read-only; Duplicate copies one into the
// folder) and "My queries", the `.sql` files of the profile's folder, below the folder's path and its
// actions (folder-picker.tsx).
import { useMemo } from 'react';
import type { NotebookListing } from '../../../../src-shared/contract/notebook.ts';
import { BUILT_IN_QUERIES } from '../../../../src-shared/notebook/library.ts';
import { parseQueryFile } from '../../../../src-shared/notebook/query-file.ts';
import { FolderPicker } from './folder-picker.tsx';

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

/** What a list marks and opens; `isCurrent` says which one is open. */
interface ListPart {
  isCurrent: (target: OpenTarget) => boolean;
  onOpen: (target: OpenTarget) => void;
}

export function QueryList({ listing, listingError, current, onOpen, onNew, onOpenFolder }: QueryListProps) {
  const isCurrent = (t: OpenTarget) =>
    t.kind === 'builtin'
      ? current?.kind === 'builtin' && current.id === t.id
      : current?.kind === 'file' && current.file === t.file;
  return (
    <nav className="notebook-list" aria-label="Queries">
      <h3>Built-in</h3>
      <BuiltInQueries isCurrent={isCurrent} onOpen={onOpen} />
      <h3>My queries</h3>
      <FolderPicker listing={listing} onNew={onNew} onOpenFolder={onOpenFolder} />
      <FolderQueries listing={listing} listingError={listingError} isCurrent={isCurrent} onOpen={onOpen} />
    </nav>
  );
}

function BuiltInQueries({ isCurrent, onOpen }: ListPart) {
  const builtIns = useMemo(
    () => BUILT_IN_QUERIES.map((q) => ({ id: q.id, name: parseQueryFile(q.text).header.name || q.id })),
    [],
  );
  return (
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
  );
}

/** The folder's files: each one's name (its header's, else the file's) and file name with its problems. */
function FolderQueries({
  listing,
  listingError,
  isCurrent,
  onOpen,
}: ListPart & { listing: NotebookListing | undefined; listingError: string | null }) {
  return (
    <>
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
    </>
  );
}
