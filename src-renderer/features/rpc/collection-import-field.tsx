// Collections: a file to import (ours, or a Postman v2.1 collection's JSON-RPC requests). Too big a
// file is refused here, before it is read; main validates everything else.
import { type ChangeEvent, useState } from 'react';
import { MAX_IMPORT_CHARS } from '../../../src-shared/contract/rpc-workspace.ts';
import { useImportCollection } from '../../data/rpc-workspace.ts';
import type { PanelNotes } from './collection-notes.ts';

/** `id` comes from the panel: the file field's, its problem's is `${id}-problem`. */
export function CollectionImportField({ id, notes }: { id: string; notes: PanelNotes }) {
  const importFile = useImportCollection();
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setFileProblem(null);
    if (!file) return;
    if (file.size > MAX_IMPORT_CHARS) {
      setFileProblem(`${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; an import file is at most 5 MB`);
      return;
    }
    importFile.mutate(
      { fileName: file.name.slice(0, 255), text: await file.text() },
      { onSuccess: (result) => notes.show({ text: result.message }), onError: notes.failed('Not imported.') },
    );
  };

  return (
    <div className="field">
      <label htmlFor={id}>Import a collection (this app's JSON, or a Postman v2.1 collection)</label>
      <input
        id={id}
        type="file"
        accept=".json,application/json"
        onChange={onFile}
        aria-invalid={fileProblem ? true : undefined}
        aria-describedby={fileProblem ? `${id}-problem` : undefined}
      />
      {fileProblem && (
        <p id={`${id}-problem`} className="field-error">
          {fileProblem}
        </p>
      )}
    </div>
  );
}
