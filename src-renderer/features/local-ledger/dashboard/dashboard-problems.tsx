// What is wrong with dashboard.json when the app cannot read all of it: the app then leaves the
// file as it is (writing it would lose what it could not read) until it is fixed by hand.
import type { DashboardRead } from '../../../../src-shared/notebook/dashboard-file.ts';

export function DashboardProblems({ read, path }: { read: DashboardRead; path: string }) {
  return (
    <>
      {!read.readable && (
        <p role="alert" className="sql-error">
          {path} is not a dashboard this app can read: {read.problems[0]} It is left as it is: fix it by hand or move it
          away, and the app will not save over it meanwhile.
        </p>
      )}
      {read.readable && read.problems.length > 0 && (
        <div role="note" className="dashboard-problems">
          <p>
            Some of dashboard.json could not be read and is not shown. The app will not change the file until these are
            fixed by hand (writing it would drop them):
          </p>
          <ul>
            {read.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
