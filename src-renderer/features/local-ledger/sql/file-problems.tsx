// The open file's problems (docs/notebook.md, "Problems"): said above the form, and the file still
// opens. A scratch query without a header is plain SQL: its missing name is no problem.
import type { QueryFile } from '../../../../src-shared/notebook/query-file.ts';
import type { Origin } from './use-query-document.ts';

export function FileProblems({ origin, parsed }: { origin: Origin; parsed: QueryFile }) {
  const problems =
    origin.kind === 'scratch' && parsed.header.name === ''
      ? parsed.problems.filter((p) => !p.message.startsWith('the header has no'))
      : parsed.problems;
  if (problems.length === 0) return null;
  return (
    <div className="notebook-problems">
      <p>The file has {problems.length === 1 ? 'a problem' : `${problems.length} problems`} (it still opens):</p>
      <ul aria-label="Problems in the file">
        {problems.map((p) => (
          <li key={`${p.line}:${p.message}`}>
            line {p.line}: {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
