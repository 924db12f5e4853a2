// The report's parts that need no services: the PDF printing policy (the Electron side cannot run
// here, so what it applies is held as data and tested), the chart and the file name.
import { describe, expect, it } from 'vitest';
import {
  looksLikePdf,
  PDF_PRINT_OPTIONS,
  PDF_WINDOW_PREFERENCES,
  pdfRequestAllowed,
} from '../../../../src-main/services/report/pdf-policy.ts';
import { flowChartSvg } from '../../../../src-main/services/report/report-chart.ts';
import { summarize } from '../../../../src-main/services/report/report-summary.ts';
import { reportFileName } from '../../../../src-main/services/report/save-case-report.ts';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';

const leg = (effectiveAt: string, amount: string, isIncoming: boolean): TransferLeg => ({
  updateId: `u-${effectiveAt}`,
  effectiveAt,
  instrumentAdmin: 'dso::1220aa',
  instrumentId: 'Amulet',
  symbol: 'CC',
  decimals: 10,
  amount,
  senderParty: 'a::1220bb',
  receiverParty: 'b::1220cc',
  counterparty: 'b::1220cc',
  isIncoming,
  status: 'completed',
});

describe('PDF policy', () => {
  it('prints in a window that runs no script and has no Node, preload or webview', () => {
    expect(PDF_WINDOW_PREFERENCES).toMatchObject({
      javascript: false,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webviewTag: false,
    });
    expect(PDF_WINDOW_PREFERENCES).not.toHaveProperty('preload');
    expect(PDF_PRINT_OPTIONS).toMatchObject({ landscape: true, printBackground: true });
  });

  it('lets the printing window load its own report file and nothing else', () => {
    const own = 'file:///tmp/ledger-report-ab12/report.html';
    expect(pdfRequestAllowed(own, own)).toBe(true);
    for (const other of [
      'file:///etc/passwd',
      'https://evil.example.com/x.png',
      'data:text/html,<script>1</script>',
      `${own}?x=1`,
      'app://renderer/index.html',
    ]) {
      expect(pdfRequestAllowed(other, own)).toBe(false);
    }
  });

  it('accepts only bytes that start as a PDF', () => {
    expect(looksLikePdf(new TextEncoder().encode('%PDF-1.7\n%%EOF'))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode('<html></html>'))).toBe(false);
    expect(looksLikePdf(new Uint8Array())).toBe(false);
  });
});

describe('report summary and chart', () => {
  it('sums exactly per UTC day and draws one bar per day with the exact net in its title', () => {
    const legs = [
      leg('2026-03-01T23:30:00-02:00', '0.1', true), // 2026-03-02 in UTC
      leg('2026-03-02T10:00:00Z', '0.2', true),
      leg('2026-03-03T10:00:00Z', '99999999999999999999.000000000000000001', false),
    ];
    const [cc] = summarize(legs).instruments;
    expect(cc).toMatchObject({ legs: 3, totalIn: '0.3', totalOut: '99999999999999999999.000000000000000001' });
    expect(cc.net).toBe('-99999999999999999998.700000000000000001');
    expect(cc.days.map((d) => [d.day, d.value])).toEqual([
      ['2026-03-02', '0.3'],
      ['2026-03-03', '-99999999999999999999.000000000000000001'],
    ]);
    const svg = flowChartSvg(cc, 'CC');
    expect(svg.match(/<rect /g)).toHaveLength(2);
    expect(svg).toContain('<title>2026-03-02: net 0.3</title>');
    expect(svg).toContain('class="bar-out"');
  });

  it('names the file after the party hint, file-name safe', () => {
    expect(reportFileName('al/ice..<x>::1220ab', 'pdf')).toMatch(/^case-al_ice___x_-\d{8}-\d{6}\.pdf$/);
  });
});
