// report:dashboard through main's dispatch on real services: a dashboard saved as a case report is
// one HTML file with each panel's query, values, time and rows exactly as sent (hostile text shown
// as text), refused when a value is a saved secret, and its request checked in full.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardReportRequest, DashboardReportSaved } from '../../../../src-shared/contract/dashboard-report.ts';
import { ok, type ReportRig, startReportRig } from './case-report-fixture.ts';

let rig: ReportRig;
beforeAll(async () => {
  rig = await startReportRig();
}, 60_000);
afterAll(() => rig?.services.close());

const BIG = '123456789012345678901234567890.000000000000000001';

function request(over: Partial<DashboardReportRequest> = {}): DashboardReportRequest {
  return {
    profileId: 'sandbox',
    title: 'Desk <b>overview</b>',
    panels: [
      {
        title: 'Top counterparties',
        queryName: 'Top counterparties per instrument',
        queryRef: 'builtin:top-counterparties',
        params: [{ name: 'from', value: '2026-01-01T00:00:00Z' }],
        state: 'ok',
        error: null,
        ranAt: '2026-12-02T09:00:00Z',
        columns: [
          { name: 'counterparty', type: 'VARCHAR' },
          { name: 'volume', type: 'VARCHAR' },
          { name: 'legs', type: 'BIGINT' },
        ],
        rows: [
          ['<img src=x onerror=alert(1)>', BIG, 3],
          ['bob', null, 1],
        ],
        rowCount: 2,
        truncated: false,
        chart: null,
        svg: null,
      },
      {
        title: 'Broken',
        queryName: 'Broken',
        queryRef: 'broken.sql',
        params: [],
        state: 'error',
        error: 'Binder Error: column "nope" not found',
        ranAt: '2026-12-02T09:00:01Z',
        columns: [],
        rows: [],
        rowCount: 0,
        truncated: false,
        chart: null,
        svg: null,
      },
    ],
    ...over,
  };
}

describe('report:dashboard', () => {
  it('names a panel still running as running, never "not run"', async () => {
    const base = request().panels[0];
    const running = { ...base, title: 'first-run.sql', state: 'running' as const, ranAt: null, rows: [], rowCount: 0 };
    const saved = await ok<DashboardReportSaved>(rig.services, 'report:dashboard', request({ panels: [running] }));
    const html = await readFile(saved.path, 'utf8');
    expect(html).toContain('still running when this report was written');
    expect(html).toContain('Still running when this report was written: its rows are not in it.');
    expect(html).not.toMatch(/not run/i);
  });

  it('writes one HTML file with every panel as sent: exact values, errors named, hostile text as text', async () => {
    const saved = await ok<DashboardReportSaved>(rig.services, 'report:dashboard', request());
    expect(saved.panels).toBe(2);
    expect(saved.path.startsWith(rig.saveDir)).toBe(true);
    const html = await readFile(saved.path, 'utf8');
    expect(html).toContain('<h1>Dashboard: Desk &lt;b&gt;overview&lt;/b&gt;</h1>');
    expect(html).toContain(BIG);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).toContain('<code>builtin:top-counterparties</code>');
    expect(html).toContain('<code>2026-01-01T00:00:00Z</code>');
    expect(html).toContain('Binder Error: column &quot;nope&quot; not found');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("default-src 'none'");
  });

  it("draws a panel's chart from the SVG the renderer sent, and refuses one that is not a plain drawing", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect x="0" y="0" width="5" height="5" fill="#2f8f5b"/><text x="1" y="9">Net &lt;in&gt;</text></svg>';
    const drawn = request();
    drawn.panels[0].chart = { kind: 'bar', x: 'counterparty', xType: 'category', y: 'legs' };
    drawn.panels[0].svg = svg;
    const saved = await ok<DashboardReportSaved>(rig.services, 'report:dashboard', drawn);
    expect(await readFile(saved.path, 'utf8')).toContain(`<figure>${svg}</figure>`);
    const before = await rig.savedFiles();
    const hostile = request();
    hostile.panels[0].svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const answer = await rig.services.dispatch('report:dashboard', [hostile]);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.message).toMatch(/holds a <script> element/);
    expect(await rig.savedFiles()).toEqual(before);
  });

  it('is refused, and nothing written, when a value on screen is a saved secret', async () => {
    const before = await rig.savedFiles();
    const leaky = request();
    leaky.panels[0].rows = [[rig.remoteSecrets[0], '1', 1]];
    const answer = await rig.services.dispatch('report:dashboard', [leaky]);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.message).toMatch(/would hold the API key .*Nothing was written/);
    expect(await rig.savedFiles()).toEqual(before);
  });

  it('checks the request in full: the field that is wrong is named', async () => {
    const bad = request();
    (bad.panels[0] as { rows: unknown }).rows = Array.from({ length: 1_001 }, () => ['x']);
    const answer = await rig.services.dispatch('report:dashboard', [bad]);
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.error.code).toBe('invalid_argument');
      expect(answer.error.message).toMatch(/^0\.panels\.0\.rows/);
    }
  });

  it('a cancelled save dialog writes nothing and answers null', async () => {
    const host = rig.host as { chooseSavePath: (name: string) => Promise<string | null> };
    const choose = host.chooseSavePath;
    host.chooseSavePath = async () => null;
    try {
      const before = await rig.savedFiles();
      expect(await ok(rig.services, 'report:dashboard', request())).toBeNull();
      expect(await rig.savedFiles()).toEqual(before);
    } finally {
      host.chooseSavePath = choose;
    }
  });
});
