// The dashboard tab over the fake bridge's in-memory folder: panels from dashboard.json, each run
// with its pinned values (bound as $n, never in the text) and showing its own state; Remove and the
// Chart/Table choice written back to the file; a file that is not a dashboard shown, never saved
// over; Save as report sending each panel as it is on screen.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardView } from '../../../../src-renderer/features/local-ledger/dashboard/dashboard-view.tsx';
import {
  DASHBOARD_REPORT_CHAR_BUDGET,
  type DashboardReportRequest,
  reportChars,
} from '../../../../src-shared/contract/dashboard-report.ts';
import type { SqlQuery, SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import { parseDashboard, writeDashboard } from '../../../../src-shared/notebook/dashboard-file.ts';
import { createFakeBridge, fakeNotebook } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const PARTY = `alice::1220${'ab'.repeat(32)}`;
const QUERY = `-- name: Big legs
-- param: min number

SELECT update_id, amount FROM legs WHERE party = {{party}} AND amount_units >= {{min}}
`;
const RESULT: SqlResult = {
  columns: [
    { name: 'update_id', type: 'VARCHAR' },
    { name: 'amount', type: 'VARCHAR' },
  ],
  rows: [['u1', '123456789012345678901234567890.000000000000000001']],
  truncated: false,
  elapsedMs: 1,
};
const DASHBOARD = writeDashboard({
  title: 'Desk',
  panels: [
    { id: 'p1', query: { kind: 'file', file: 'big.sql' }, view: 'table', params: { min: '1000' } },
    { id: 'p2', query: { kind: 'file', file: 'gone.sql' }, view: 'table', params: {}, title: 'A query deleted since' },
  ],
});

function setup(dashboard = DASHBOARD) {
  const notebook = fakeNotebook();
  notebook.outside('big.sql', QUERY);
  notebook.outside('dashboard.json', dashboard);
  const sql = vi.fn(async (_query: SqlQuery) => RESULT);
  const reports: DashboardReportRequest[] = [];
  const bridge = createFakeBridge({
    notebook,
    local: { sql },
    report: {
      dashboard: async (request) => {
        reports.push(request);
        return { path: '/tmp/dashboard.html', bytes: 10, panels: request.panels.length };
      },
    },
  });
  const rendered = renderWithApp(<DashboardView profileId="sandbox" party={PARTY} />, { bridge });
  const fileText = async () => (await bridge.notebook.dashboard('sandbox')).text ?? '';
  return { ...rendered, sql, reports, fileText };
}

describe('the dashboard tab', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });

  it('runs each panel with its pinned values as parameters, each with its own state', async () => {
    const { sql } = setup();
    const panel = await screen.findByRole('article', { name: 'Big legs' });
    expect(await within(panel).findByText(/^Refreshed .* · 1 row$/)).toBeTruthy();
    expect(within(panel).getByText('123456789012345678901234567890.000000000000000001')).toBeTruthy();
    const call = sql.mock.calls[0][0];
    expect(call.sql).not.toContain('1000');
    expect(call.sql).toContain('$1');
    expect(call.params).toEqual([
      { type: 'VARCHAR', value: PARTY },
      { type: 'DECIMAL', units: '1000', width: 4, scale: 0 },
    ]);
    // The other panel's query is gone: it says so, and the first panel is unaffected.
    const gone = screen.getByRole('article', { name: 'A query deleted since' });
    expect((await within(gone).findByRole('alert')).textContent).toMatch(/gone\.sql is not in the folder/);
  });

  it('writes Remove and the Chart/Table choice back to dashboard.json', async () => {
    const { user, fileText } = setup();
    const panel = await screen.findByRole('article', { name: 'Big legs' });
    await user.click(within(panel).getByRole('button', { name: 'Chart' }));
    await waitFor(async () => expect(parseDashboard(await fileText()).dashboard.panels[0].view).toBe('chart'));
    await user.click(screen.getByRole('button', { name: 'Remove A query deleted since from the dashboard' }));
    await waitFor(async () =>
      expect(parseDashboard(await fileText()).dashboard.panels.map((p) => p.id)).toEqual(['p1']),
    );
    expect(screen.queryByRole('article', { name: 'A query deleted since' })).toBeNull();
  });

  it('shows a file that is not a dashboard and never saves over it', async () => {
    const broken = '{"version": 1, "panels": [';
    const { fileText } = setup(broken);
    expect((await screen.findByRole('alert')).textContent).toMatch(/is not a dashboard this app can read: not JSON/);
    expect(screen.queryByRole('article')).toBeNull();
    expect(await fileText()).toBe(broken);
  });

  it('will not change a file with parts it cannot read (it would drop them), and says why', async () => {
    const partly = DASHBOARD.replace(
      '"view": "table",\n      "params": {}',
      '"view": "table",\n      "params": { "x y": "1" }',
    );
    expect(partly).not.toBe(DASHBOARD);
    const { user, fileText } = setup(partly);
    const panel = await screen.findByRole('article', { name: 'Big legs' });
    expect(screen.getByRole('note').textContent).toMatch(/panels\[1\]\.params: "x y" is not a parameter name/);
    await user.click(within(panel).getByRole('button', { name: 'Chart' }));
    expect((await screen.findByText(/has parts this app cannot read/)).textContent).toMatch(/Nothing was changed\.$/);
    expect(await fileText()).toBe(partly);
  });

  it('saves as a report with every panel as it is on screen', async () => {
    const { user, reports } = setup();
    const panel = await screen.findByRole('article', { name: 'Big legs' });
    await within(panel).findByText(/^Refreshed/);
    await within(screen.getByRole('article', { name: 'A query deleted since' })).findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Save as report' }));
    expect(await screen.findByText('/tmp/dashboard.html')).toBeTruthy();
    expect(reports).toHaveLength(1);
    const [ok, failed] = reports[0].panels;
    expect(ok).toMatchObject({ title: 'Big legs', queryRef: 'big.sql', state: 'ok', rows: RESULT.rows, rowCount: 1 });
    expect(ok.params).toEqual([
      { name: 'party', value: PARTY },
      { name: 'min', value: '1000' },
    ]);
    expect(failed).toMatchObject({ title: 'A query deleted since', state: 'error' });
    expect(reportChars(reports[0].panels)).toBeLessThanOrEqual(DASHBOARD_REPORT_CHAR_BUDGET);
    expect(failed.error).toMatch(/gone\.sql is not in the folder/);
  });
});
