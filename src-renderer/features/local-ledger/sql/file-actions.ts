// The notebook's folder actions on the open query: Save (a file changed on disk since it was read is a
// conflict until Overwrite), Save as, Duplicate, Rename and Delete. Each says what it did, or its
// error, under the toolbar; what it writes is the editor's text as it is now.
import type { NotebookFile } from '../../../../src-shared/contract/notebook.ts';
import type { useNotebookActions } from '../../../data/notebook.ts';
import { fileNameFor } from './notebook-model.ts';
import type { NotebookStatus } from './use-notebook-status.ts';
import type { Origin, QueryDocument } from './use-query-document.ts';

interface FileInputs {
  actions: ReturnType<typeof useNotebookActions>;
  doc: QueryDocument;
  status: NotebookStatus;
  load: (text: string, from: Origin) => void;
  /** Asks before unsaved text is replaced (use-open-query.ts). */
  guard: (then: () => void) => void;
  /** The header's name: what Save as and Duplicate name a file of a query that is none yet. */
  queryName: string;
}

export function fileActions({ actions, doc, status, load, guard, queryName }: FileInputs) {
  const { origin, textRef, setOrigin, setSavedText } = doc;
  const { attempt, setDialog, setNotice } = status;
  const saved = (file: NotebookFile, message: string) => {
    load(file.text, { kind: 'file', file: file.file, version: file.version });
    setNotice(message);
  };
  const save = (overwrite = false) =>
    attempt(async () => {
      if (origin.kind !== 'file') {
        setDialog({ kind: 'save-as', name: fileNameFor(queryName || 'query') });
        return;
      }
      const current = textRef.current;
      const answer = await actions.save({ file: origin.file, text: current, expect: origin.version, overwrite });
      if (answer.ok) saved(answer.file, `Saved ${answer.file.file}.`);
      else setDialog({ kind: 'conflict', message: answer.message });
    });
  const overwrite = () => {
    setDialog(null);
    void save(true);
  };
  const saveAs = (name: string) =>
    attempt(async () => {
      const file = await actions.create({ file: name, text: textRef.current });
      saved(file, `Saved as ${file.file}.`);
    });
  const duplicate = () =>
    guard(() =>
      attempt(async () => {
        const stem =
          origin.kind === 'file'
            ? `${origin.file.slice(0, -4)} copy`
            : origin.kind === 'builtin'
              ? origin.id
              : fileNameFor(queryName || 'query').slice(0, -4);
        const file = await actions.create({ file: `${stem}.sql`, text: textRef.current });
        saved(file, `Duplicated as ${file.file}.`);
      }),
    );
  const rename = (name: string) =>
    attempt(async () => {
      if (origin.kind !== 'file') return;
      const file = await actions.rename({ file: origin.file, to: name });
      setOrigin({ kind: 'file', file: file.file, version: file.version });
      setDialog(null);
      setNotice(`Renamed to ${file.file}.`);
    });
  const remove = () =>
    attempt(async () => {
      if (origin.kind !== 'file') return;
      await actions.remove(origin.file);
      const gone = origin.file;
      // The text stays in the editor (nothing typed is lost), no longer a file: unsaved until Save as.
      setOrigin({ kind: 'scratch' });
      setSavedText('');
      setDialog(null);
      setNotice(`Deleted ${gone}. Its text is still here: Save as to keep it.`);
    });
  return { save, overwrite, saveAs, duplicate, rename, remove };
}
