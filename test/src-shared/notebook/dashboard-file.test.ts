// The dashboard file (docs/notebook.md, "Dashboards"): a colleague's hand-edited dashboard.json
// opens with what is readable, says what is not and where, and is never overwritten when it is not
// a dashboard at all.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileNameProblem } from '../../../src-shared/contract/notebook.ts';
import {
  DASHBOARD_LIMITS,
  type Dashboard,
  nextPanelId,
  parseDashboard,
  readQueryRef,
  writeDashboard,
} from '../../../src-shared/notebook/dashboard-file.ts';

const DASH: Dashboard = {
  title: 'Desk',
  panels: [
    {
      id: 'p1',
      query: { kind: 'file', file: 'large outflows.sql' },
      view: 'chart',
      params: { min: '1000', from: '2026-01-01T00:00:00Z' },
    },
    { id: 'p2', query: { kind: 'builtin', id: 'top-counterparties' }, view: 'table', params: {}, title: 'Top' },
    {
      id: 'p3',
      query: { kind: 'builtin', id: 'monthly-net-flow' },
      view: 'chart',
      params: {},
      scope: { kind: 'portfolio', name: 'Treasury' },
    },
  ],
};

describe('dashboard file', () => {
  it('reads back what it writes, keys in one order', () => {
    const text = writeDashboard(DASH);
    expect(parseDashboard(text)).toEqual({ dashboard: DASH, problems: [], readable: true });
    expect(text.indexOf('"from"')).toBeLessThan(text.indexOf('"min"'));
  });

  it('any dashboard it writes reads back the same', () => {
    const panel = fc.record({
      query: fc.oneof(
        fc
          .stringMatching(/^[a-z0-9 _-]{1,30}$/)
          .map((n) => `${n}.sql`)
          .filter((file) => fileNameProblem(file) === null)
          .map((file) => ({ kind: 'file' as const, file })),
        fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/).map((id) => ({ kind: 'builtin' as const, id })),
      ),
      view: fc.constantFrom('chart' as const, 'table' as const),
      params: fc.dictionary(
        fc.stringMatching(/^[a-z_][a-z0-9_]{0,10}$/),
        fc.string({ maxLength: 40 }).filter((s) => !s.includes('\0')),
      ),
    });
    fc.assert(
      fc.property(fc.array(panel, { maxLength: 8 }), (panels) => {
        const dashboard: Dashboard = { title: 'T', panels: panels.map((p, i) => ({ id: `p${i + 1}`, ...p })) };
        expect(parseDashboard(writeDashboard(dashboard)).dashboard).toEqual(dashboard);
      }),
    );
  });

  it('a file that is not a dashboard is unreadable (so the app will not save over it), with the reason', () => {
    expect(parseDashboard('{"version": 1, "panels": [').readable).toBe(false);
    expect(parseDashboard('{"version": 1, "panels": [').problems[0]).toMatch(/^not JSON/);
    expect(parseDashboard('[]')).toMatchObject({ readable: false, problems: ['not a JSON object'] });
    expect(parseDashboard('{"version": 2}').problems[0]).toMatch(/"version" must be 1/);
    expect(parseDashboard('x'.repeat(DASHBOARD_LIMITS.fileChars + 1)).problems[0]).toMatch(/over 256,000 characters/);
  });

  it('a bad panel is left out and named by its place; the good ones stay', () => {
    const read = parseDashboard(
      JSON.stringify({
        version: 1,
        panels: [
          { id: 'p1', query: '../../etc/passwd.sql', view: 'chart' },
          { id: 'p2', query: 'ok.sql', view: 'pie', params: { 'x y': '1', min: 5 } },
          { id: 'p2', query: 'again.sql' },
          'nope',
        ],
      }),
    );
    expect(read.readable).toBe(true);
    expect(read.dashboard.panels).toEqual([
      { id: 'p2', query: { kind: 'file', file: 'ok.sql' }, view: 'table', params: {} },
    ]);
    expect(read.problems).toEqual([
      'panels[0].query: a .sql file of the folder or builtin:<id>; the panel is left out',
      'panels[1].view: "chart" or "table"; shown as a table',
      'panels[1].params: "x y" is not a parameter name; ignored',
      'panels[1].params.min: text without NUL, at most 10,000 characters; ignored',
      'panels[2].id: "p2" is used by an earlier panel; this one is left out',
      'panels[3]: not an object; left out',
    ]);
  });

  it('a query reference is a plain .sql file of the folder or a built-in id', () => {
    expect(readQueryRef('a.sql')).toEqual({ kind: 'file', file: 'a.sql' });
    expect(readQueryRef('builtin:largest-legs')).toEqual({ kind: 'builtin', id: 'largest-legs' });
    for (const bad of [
      'sub/a.sql',
      'a\\b.sql',
      '.hidden.sql',
      'a .sql',
      'a.txt',
      'builtin:../x',
      'builtin:',
      'CON:.sql',
      'CON.sql',
      'a\u0001b.sql',
    ])
      expect(readQueryRef(bad), bad).toBeNull();
  });

  it('a panel keeps the parties it was pinned with; one naming parties it cannot read is left out, not run over everyone', () => {
    const file = (scope: unknown) =>
      JSON.stringify({ version: 1, panels: [{ id: 'p1', query: 'builtin:largest-legs', scope }] });
    const set = { kind: 'parties', parties: [`alice::1220${'ab'.repeat(32)}`, `bob::1220${'cd'.repeat(32)}`] };
    expect(parseDashboard(file(set)).dashboard.panels[0].scope).toEqual(set);
    // "all" is what no scope means: not written back.
    expect(parseDashboard(file({ kind: 'all' })).dashboard.panels[0].scope).toBeUndefined();
    for (const bad of [{ kind: 'everyone' }, { kind: 'party', party: "x' OR 1=1" }, { kind: 'parties', parties: [] }]) {
      const read = parseDashboard(file(bad));
      expect(read.dashboard.panels).toEqual([]);
      expect(read.problems).toEqual([expect.stringMatching(/^panels\[0\]\.scope: .*the panel is left out$/)]);
    }
  });

  it('a new panel gets the first free id', () => {
    expect(nextPanelId({ title: 'T', panels: [] })).toBe('p1');
    expect(nextPanelId(DASH)).toBe('p4');
  });
});
