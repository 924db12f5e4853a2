// report:save through main's dispatch on real services and the in-process sandbox: the HTML file
// says what a support case needs (profile name, party and label, filters, node, query time, exact
// amounts, totals, the node comparison), holds no secret of any profile, and is refused when a
// value on screen is a saved secret. PDF: the browser host cannot print; a printing host's bytes
// are written as the file.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CaseReportSaved } from '../../../../src-shared/contract/case-report.ts';
import type { NodeComparison } from '../../../../src-shared/contract/node-compare.ts';
import { addDecimal, decimalToString, parseDecimal, ZERO } from '../../../../src-shared/decimal.ts';
import { parseViewLink } from '../../../../src-shared/links/view-link.ts';
import { filtersFor, firstPage, ok, type ReportRig, reportRequest, startReportRig } from './case-report-fixture.ts';

let rig: ReportRig;
beforeAll(async () => {
  rig = await startReportRig();
}, 60_000);
afterAll(() => rig?.services.close());

const BIG = '123456789012345678901234567890.000000000000000001';

function comparisonFor(party: string, leg: NodeComparison['differences'][number]['leg']): NodeComparison {
  return {
    profileId: 'sandbox',
    filters: filtersFor(party, { nodeId: null }),
    ranAt: '2026-11-24T09:31:00.000Z',
    nodes: [
      {
        nodeId: 'validator-1',
        state: 'reachable',
        detail: null,
        legs: 120,
        truncated: false,
        newestEffectiveAt: '2026-11-24T09:00:00Z',
        elapsedMs: 41,
      },
      {
        nodeId: 'validator-2',
        state: 'reachable',
        detail: null,
        legs: 117,
        truncated: false,
        newestEffectiveAt: '2026-11-23T18:00:00Z',
        elapsedMs: 38,
      },
      {
        nodeId: 'validator-3',
        state: 'quarantined',
        detail: 'node quarantined: replaying',
        legs: null,
        truncated: false,
        newestEffectiveAt: null,
        elapsedMs: 5,
      },
    ],
    differences: [{ leg, presentOn: ['validator-1'], missingOn: ['validator-2'] }],
    differenceCount: 3,
    legCap: 20_000,
  };
}

describe('case report (HTML)', () => {
  it('holds the profile name, party with label, filters, node, query time, exact amounts and totals, and the comparison', async () => {
    await ok(rig.services, 'settings:saveParty', { party: rig.party, label: 'Acme Treasury' });
    const legs = await firstPage(rig);
    expect(legs.length).toBeGreaterThan(3);
    legs[0] = { ...legs[0], amount: BIG, isIncoming: true };
    const saved = await ok<CaseReportSaved>(
      rig.services,
      'report:save',
      reportRequest(rig, legs, { legsShown: 250, comparison: comparisonFor(rig.party, legs[1]) }),
    );
    expect(saved).toMatchObject({ format: 'html', legs: legs.length });
    expect(saved.path.startsWith(join(rig.saveDir, 'case-'))).toBe(true);
    const html = await readFile(saved.path, 'utf8');
    expect(saved.bytes).toBe(Buffer.byteLength(html));

    expect(html).toContain('Local sandbox network');
    expect(html).toContain('<title>Case report: Acme Treasury</title>');
    expect(html).toContain(rig.party);
    expect(html).toContain('All assets');
    expect(html).toContain('Newest first');
    expect(html).toContain('<code>validator-2</code>');
    expect(html).toContain('2026-11-24T09:30:00Z');
    expect(html).toContain(`250 legs on page 1; the first ${legs.length} are listed below`);
    for (const leg of legs) expect(html).toContain(`<td class="amount">${leg.amount}</td>`);
    // Totals exact: the huge amount is summed without losing its last digit.
    for (const incoming of [true, false]) {
      const total = legs
        .filter(
          (l) => l.isIncoming === incoming && l.symbol === legs[0].symbol && l.instrumentId === legs[0].instrumentId,
        )
        .reduce((sum, l) => addDecimal(sum, parseDecimal(l.amount as string) ?? ZERO), ZERO);
      expect(html).toContain(`<td class="amount">${decimalToString(total)}</td>`);
    }
    expect(html).toMatch(/<svg class="chart" role="img"/);
    // The comparison: every node's state, the lagging node's newest time, the difference with its nodes.
    expect(html).toContain('Quarantined (503)');
    expect(html).toContain('node quarantined: replaying');
    expect(html).toContain('2026-11-23T18:00:00Z');
    expect(html).toContain('3 legs present on one node but not another (the first 1 listed)');
    expect(html).toContain(`<code>${legs[1].updateId}</code>`);
    // The view's link, for a colleague to reopen exactly this view: it parses back to these filters.
    const link = /<code class="view-link">([^<]+)<\/code>/.exec(html)?.[1].replaceAll('&amp;', '&');
    const parsed = parseViewLink(link ?? '');
    expect(parsed).toMatchObject({
      ok: true,
      target: { kind: 'transfers', profile: 'sandbox', source: 'live', filters: reportRequest(rig, legs).filters },
    });
  });

  it('writes its two times one way: canonical UTC text, a fraction without trailing zeros', async () => {
    // The clock at .500 s and a query read at .510 s: "….5Z" and "….51Z", never ".500Z" beside ".51Z".
    // Never behind the real clock (a Date set back before the sandbox's start is a time it never saw).
    const written = Math.ceil(Date.now() / 1000) * 1000 + 500;
    vi.useFakeTimers({ toFake: ['Date'], now: written });
    try {
      const saved = await ok<CaseReportSaved>(
        rig.services,
        'report:save',
        reportRequest(rig, await firstPage(rig), { queryTime: '2026-11-24T09:30:00.510Z' }),
      );
      const html = await readFile(saved.path, 'utf8');
      const seconds = new Date(written).toISOString().slice(0, 19);
      expect(html).toContain('<dt>Query time</dt><dd>2026-11-24T09:30:00.51Z ');
      expect(html).toContain(`<dt>Report written</dt><dd>${seconds}.5Z by Ledger Explorer`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is self-contained and holds no secret of any profile, nor a profile URL', async () => {
    const saved = await ok<CaseReportSaved>(rig.services, 'report:save', reportRequest(rig, await firstPage(rig)));
    const html = await readFile(saved.path, 'utf8');
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-/);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|src=|href=|@import|url\(/i);
    const sandbox = rig.services.sandbox?.credentials;
    const secrets = [...rig.remoteSecrets, sandbox?.apiKey, sandbox?.partnerToken, sandbox?.ledgerJwt];
    for (const secret of secrets) {
      expect(secret).toBeTruthy();
      expect(html).not.toContain(secret as string);
    }
    expect(html).not.toContain('internal.example.com');
    expect(html).not.toContain(rig.services.sandbox?.describe().baseUrl as string);
  });

  it('escapes hostile party labels, instrument ids and statuses', async () => {
    const [first] = await firstPage(rig);
    await ok(rig.services, 'settings:saveParty', { party: rig.party, label: '<img src=x onerror=alert(1)>' });
    const hostile = {
      ...first,
      instrumentId: '<script>alert(1)</script>',
      symbol: null,
      status: '"><svg onload=alert(2)>',
    };
    const saved = await ok<CaseReportSaved>(rig.services, 'report:save', reportRequest(rig, [hostile]));
    const html = await readFile(saved.path, 'utf8');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&gt;&lt;svg onload=alert(2)&gt;');
    expect(html).not.toMatch(/<script|<img|<svg onload/);
  });

  it('refuses, writing nothing, when a value on screen is a saved secret (as written or HTML-escaped)', async () => {
    const [first] = await firstPage(rig);
    const before = await rig.savedFiles();
    const jwt = rig.services.sandbox?.credentials.ledgerJwt as string;
    for (const [value, what] of [
      [`note ${rig.remoteSecrets[0]}`, /API key of "Production \(EU\)"/],
      [rig.remoteSecrets[1], /bearer token of "Production \(EU\)"/],
      [jwt, /ledger JWT of "Local sandbox network"/],
    ] as const) {
      const answer = await rig.services.dispatch('report:save', [
        reportRequest(rig, [{ ...first, instrumentId: value }]),
      ]);
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
      if (!answer.ok) expect(answer.error.message).toMatch(what);
    }
    expect(await rig.savedFiles()).toEqual(before);
  });

  it("refuses, writing nothing, when a node's detail or a value holds a profile's service address", async () => {
    const [first] = await firstPage(rig);
    const before = await rig.savedFiles();
    const unreachable = (detail: string) => {
      const comparison = comparisonFor(rig.party, first);
      comparison.nodes[2] = { ...comparison.nodes[2], state: 'unreachable', detail };
      return comparison;
    };
    for (const over of [
      { comparison: unreachable('Ledger: no answer from https://ledger.internal.example.com/api/v1 within 20 s') },
      { comparison: unreachable('the certificate of rpc.internal.example.com is not trusted') },
      { legs: [{ ...first, instrumentId: 'see https://partner.internal.example.com' }] },
    ]) {
      const answer = await rig.services.dispatch('report:save', [reportRequest(rig, [first], over)]);
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
      if (!answer.ok) expect(answer.error.message).toMatch(/holds no service address/);
    }
    expect(await rig.savedFiles()).toEqual(before);
  });

  it('answers null and writes nothing when the save dialog is cancelled', async () => {
    const before = await rig.savedFiles();
    const choose = rig.host.chooseSavePath;
    rig.host.chooseSavePath = async () => null;
    try {
      expect(await ok(rig.services, 'report:save', reportRequest(rig, await firstPage(rig)))).toBeNull();
    } finally {
      rig.host.chooseSavePath = choose;
    }
    expect(await rig.savedFiles()).toEqual(before);
  });
});

describe('case report (PDF)', () => {
  it('is refused as unsupported where no Electron prints (the browser version), nothing written', async () => {
    const before = await rig.savedFiles();
    const answer = await rig.services.dispatch('report:save', [reportRequest(rig, [], { format: 'pdf' })]);
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'unsupported', message: expect.stringMatching(/PDF needs the desktop app.*save HTML/) },
    });
    expect(await rig.savedFiles()).toEqual(before);
  });

  it("writes the printing host's PDF for the report's HTML, and refuses a print that is no PDF", async () => {
    const printed: string[] = [];
    rig.host.printToPdf = async (html) => {
      printed.push(html);
      return new TextEncoder().encode(printed.length === 1 ? '%PDF-1.7\nfake pdf body\n%%EOF' : '<html>oops');
    };
    try {
      const saved = await ok<CaseReportSaved>(
        rig.services,
        'report:save',
        reportRequest(rig, await firstPage(rig), { format: 'pdf' }),
      );
      expect(saved.path.endsWith('.pdf')).toBe(true);
      expect(await readFile(saved.path, 'utf8')).toBe('%PDF-1.7\nfake pdf body\n%%EOF');
      expect(printed[0]).toContain(rig.party);
      const bad = await rig.services.dispatch('report:save', [reportRequest(rig, [], { format: 'pdf' })]);
      expect(bad).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringMatching(/no PDF/) } });
    } finally {
      delete rig.host.printToPdf;
    }
  });
});
