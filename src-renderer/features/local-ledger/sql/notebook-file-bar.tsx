// The open query's file, under its heading: the toolbar, the form or question its actions open
// (notebook-dialog.tsx) and what the last of them said (notebook-status.tsx).
import type { NotebookFile } from '../../../../src-shared/contract/notebook.ts';
import type { SqlScope } from '../../../../src-shared/contract/party-scope.ts';
import type { fileActions } from './file-actions.ts';
import { NotebookDialog } from './notebook-dialog.tsx';
import { NotebookStatus } from './notebook-status.tsx';
import { NotebookToolbar } from './notebook-toolbar.tsx';
import type { NotebookStatus as Status } from './use-notebook-status.ts';
import type { Origin } from './use-query-document.ts';

interface NotebookFileBarProps {
  profileId: string;
  scope: SqlScope;
  onScope: (scope: SqlScope) => void;
  origin: Origin;
  queryName: string;
  status: Status;
  files: ReturnType<typeof fileActions>;
  onExample: (sql: string) => void;
  onReload: (file: NotebookFile) => void;
}

export function NotebookFileBar(props: NotebookFileBarProps) {
  const { profileId, scope, onScope, origin, queryName, status, files, onExample, onReload } = props;
  return (
    <>
      <NotebookToolbar
        profileId={profileId}
        scope={scope}
        onScope={onScope}
        origin={origin}
        queryName={queryName}
        onExample={onExample}
        onSave={() => files.save()}
        onDuplicate={files.duplicate}
        onDialog={status.setDialog}
      />
      <NotebookDialog
        dialog={status.dialog}
        file={origin.kind === 'file' ? origin.file : null}
        onCancel={() => status.setDialog(null)}
        onSaveAs={files.saveAs}
        onRename={files.rename}
        onDelete={files.remove}
        onOverwrite={files.overwrite}
      />
      <NotebookStatus
        onDisk={status.onDisk}
        notice={status.notice}
        actionError={status.actionError}
        onReload={onReload}
        onKeep={() => status.setOnDisk(null)}
      />
    </>
  );
}
