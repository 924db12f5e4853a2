// Opening another query in the notebook: one of the list's, another folder, or the open file again
// when it changed on disk (main watches the folder: an edit made in another editor shows up here).
// Unsaved text is asked about first (`guard`), never dropped silently.
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import { BUILT_IN_QUERIES } from '../../../../src-shared/notebook/library.ts';
import { useAppInfo } from '../../../data/app.ts';
import { type useNotebookActions, useNotebookChanges } from '../../../data/notebook.ts';
import type { OpenTarget } from './query-list.tsx';
import type { NotebookStatus } from './use-notebook-status.ts';
import type { Origin, QueryDocument } from './use-query-document.ts';

interface OpenInputs {
  profileId: string;
  actions: ReturnType<typeof useNotebookActions>;
  doc: QueryDocument;
  status: NotebookStatus;
  /** Puts a text in the editor as opened (sql-view.tsx: the document's load and what it clears). */
  load: (text: string, from: Origin) => void;
}

export function useOpenQuery({ profileId, actions, doc, status, load }: OpenInputs) {
  const { loads, originRef, dirtyRef, setOrigin } = doc;
  const { setDialog, setNotice, setActionError, setOnDisk } = status;

  // Someone else changed the folder: the open file is read again; unchanged -> nothing to say.
  useNotebookChanges(profileId, () => {
    const open = originRef.current;
    if (open.kind !== 'file') return;
    const asked = loads.current;
    actions.read(open.file).then(
      (file) => {
        // Saved (or opened) since it was asked: its text may be older than the editor's.
        if (loads.current !== asked) return;
        if (originRef.current.kind !== 'file' || originRef.current.file !== file.file) return;
        if (file.version === (originRef.current as { version: string }).version) return;
        if (dirtyRef.current) {
          setOnDisk(file);
        } else {
          load(file.text, { kind: 'file', file: file.file, version: file.version });
          setNotice(`${file.file} changed on disk: reloaded.`);
        }
      },
      () => {
        const now = originRef.current;
        if (loads.current !== asked || now.kind !== 'file' || now.file !== open.file) return; // renamed here since
        setNotice(`${open.file} is no longer in the folder (deleted or renamed on disk). Save writes it again.`);
      },
    );
  });

  const guard = (then: () => void) => {
    if (dirtyRef.current) setDialog({ kind: 'discard', proceed: then });
    else then();
  };

  // "Open folder…" behind the same guard: the open file becomes a scratch query of no folder. The
  // browser's first click only asks main for its dialog (there is none: a path field opens), so it
  // does not ask. Cancel leaves the promise unsettled: the folder form stays as it was.
  const web = useAppInfo().data?.transport === 'web';
  const openFolder = (path: string | null) => {
    const work = async () => {
      const opened = await actions.openFolder(path);
      if (opened && originRef.current.kind === 'file') {
        setOrigin({ kind: 'scratch' });
        setNotice('Another folder is open: this query is no longer a file of it (Save as to keep it there).');
      }
      return opened;
    };
    if (!dirtyRef.current || (web && path === null)) return work();
    return new Promise<unknown>((resolve, reject) =>
      setDialog({
        kind: 'discard',
        message: 'This query has unsaved changes that stay here, in no folder (Save as keeps them). Open the folder?',
        confirm: 'Open folder',
        proceed: () => void work().then(resolve, reject),
      }),
    );
  };

  const open = (target: OpenTarget) =>
    guard(async () => {
      setNotice(null);
      if (target.kind === 'builtin') {
        const q = BUILT_IN_QUERIES.find((b) => b.id === target.id);
        if (q) load(q.text, { kind: 'builtin', id: q.id });
        return;
      }
      try {
        const file = await actions.read(target.file);
        load(file.text, { kind: 'file', file: file.file, version: file.version });
      } catch (error) {
        setActionError(asBridgeError(error).message);
      }
    });

  return { guard, openFolder, open };
}
