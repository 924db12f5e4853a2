// The open query's heading: its name (the file's name when the header has none; a query of no file
// says it is not saved), the unsaved mark, where it lives, and the header's description.
import type { QueryFile } from '../../../../src-shared/notebook/query-file.ts';
import type { Origin } from './use-query-document.ts';

export function QueryHead({ origin, parsed, dirty }: { origin: Origin; parsed: QueryFile; dirty: boolean }) {
  const title =
    origin.kind === 'file' ? parsed.header.name || origin.file : parsed.header.name || 'Untitled query (not saved)';
  return (
    <header className="notebook-head">
      <h3>
        {title}
        {dirty && (
          <span className="notebook-dirty" title="Unsaved changes">
            {' '}
            ● unsaved
          </span>
        )}
      </h3>
      {origin.kind === 'file' && <span className="muted">{origin.file}</span>}
      {origin.kind === 'builtin' && <span className="muted">Built in, read-only: Duplicate to edit a copy.</span>}
      {parsed.header.description && <p className="notebook-description">{parsed.header.description}</p>}
    </header>
  );
}
