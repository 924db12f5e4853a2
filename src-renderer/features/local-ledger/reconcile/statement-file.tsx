// Choosing the statement's CSV (the system file chooser, behind a button), and what is wrong with
// the file or its header when something is.
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { count } from '../../../ui/local-format.ts';
import type { Statement } from './use-statement.ts';

export function StatementFile({ statement }: { statement: Statement }) {
  const { fileInput, file, fileError, header, answer } = statement;
  return (
    <>
      <div className="inline-fields">
        <button type="button" onClick={() => fileInput.current?.click()}>
          Choose statement CSV…
        </button>
        {/* The system file chooser, opened by the button above. */}
        <input
          ref={fileInput}
          type="file"
          accept=".csv,.txt,.tsv,text/csv,text/plain"
          aria-label="Statement CSV file"
          hidden
          onChange={(e) => void statement.choose(e.target.files?.[0])}
        />
        {file && (
          <span role="status">
            {file.name}: {count(file.text.length)} characters
          </span>
        )}
      </div>
      {fileError && (
        <p className="field-error" role="alert">
          {fileError}
        </p>
      )}
      {header.error ? <ErrorMessage error={header.error} title="The file’s header could not be read." /> : null}
      {answer?.problems.map((p) => (
        <p key={p.line} className="field-error" role="alert">
          Line {p.line}: {p.message}
        </p>
      ))}
    </>
  );
}
