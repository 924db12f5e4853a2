// The SVG export: a plain, well-formed drawing of the same marks as the canvas, with hostile column
// names and values escaped, and main's check accepting exactly what the writer produces.
import { describe, expect, it } from 'vitest';
import { checkSvg } from '../../../../src-main/services/local-ledger/export/chart-file.ts';
import { barRects, lineRuns } from '../../../../src-renderer/ui/result-chart/chart-geometry.ts';
import { buildChart, type ChartModel } from '../../../../src-renderer/ui/result-chart/chart-model.ts';
import { chartSvg, escapeXml } from '../../../../src-renderer/ui/result-chart/chart-svg.ts';
import type { SqlCell } from '../../../../src-shared/contract/local-ledger.ts';
import type { ChartKind } from '../../../../src-shared/notebook/query-file.ts';

const HOSTILE = '<script>alert(1)</script>" onload="x()\' &amp; ]]> \u0001';

function model(kind: ChartKind, rows: SqlCell[][]): ChartModel {
  const built = buildChart(
    {
      columns: [
        { name: HOSTILE, type: 'VARCHAR' },
        { name: 'who', type: 'VARCHAR' },
        { name: 'v', type: 'DECIMAL(10,2)' },
      ],
      rows,
      truncated: false,
      elapsedMs: 1,
    },
    { kind, x: HOSTILE, xType: 'category', y: 'v', series: 'who' },
  );
  if (!built.ok) throw new Error(built.message);
  return built.model;
}

const ROWS: SqlCell[][] = [
  ['a', HOSTILE, '1.50'],
  ['a', 'bob', '2.00'],
  [HOSTILE, 'bob', '-3.25'],
];

describe('escapeXml', () => {
  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml('<a href="x">&\'\u0001\uD800')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
  });
});

describe('chartSvg', () => {
  for (const kind of ['bar', 'line', 'area', 'stacked'] as const) {
    it(`writes a plain ${kind} chart that main accepts, every hostile text escaped`, () => {
      const svg = chartSvg(model(kind, ROWS), kind, { title: HOSTILE });
      expect(() => checkSvg(svg)).not.toThrow();
      expect(svg).not.toContain('<script');
      expect(svg).not.toContain('\u0001');
      expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot; onload=&quot;x()&apos; &amp;amp;');
      // Text and attribute values hold no raw markup: every & starts an entity, no < outside a tag.
      expect(svg.replace(/&(amp|lt|gt|quot|apos);/g, '')).not.toMatch(/&/);
      for (const text of svg.match(/>[^<]*</g) ?? []) expect(text.slice(1, -1)).not.toMatch(/[<>]/);
      expect(svg.match(/<svg /g)).toHaveLength(1);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    });
  }

  it('draws one rect per bar, at the same geometry as the canvas', () => {
    const m = model('bar', ROWS);
    const svg = chartSvg(m, 'bar', { title: 't', width: 800, height: 360 });
    const rects = barRects(
      m,
      'bar',
      (x) => x,
      (y) => y,
    );
    // The background plus one per legend entry plus one per bar.
    expect(svg.match(/<rect /g)?.length).toBe(1 + m.series.length + rects.length);
    expect(rects).toHaveLength(3);
    const lines = chartSvg(model('line', ROWS), 'line', { title: 't' });
    const runs = m.series.reduce(
      (n, _, i) =>
        n +
        lineRuns(
          m,
          i,
          (x) => x,
          (y) => y,
        ).length,
      0,
    );
    expect(lines.match(/<polyline /g)?.length).toBe(runs);
  });

  it('names the y axis with its unit and, when the result holds several instruments, the one drawn', () => {
    const built = buildChart(
      {
        columns: [
          { name: 'month', type: 'DATE' },
          { name: 'symbol', type: 'VARCHAR' },
          { name: 'amount_scale', type: 'INTEGER' },
          { name: 'net_units', type: 'HUGEINT' },
        ],
        rows: [
          ['2026-09-01', 'USDX', 6, '500000000000'],
          ['2026-10-01', 'USDX', 6, '1000000000000'],
          ['2026-10-01', `${HOSTILE}`, 2, '5'],
        ],
        truncated: false,
        elapsedMs: 1,
      },
      { kind: 'bar', x: 'month', xType: 'time', y: 'net_units' },
    );
    if (!built.ok) throw new Error(built.message);
    const svg = chartSvg(built.model, 'bar', { title: 'Monthly net flow' });
    expect(() => checkSvg(svg)).not.toThrow();
    expect(svg).toMatch(/<text [^>]*transform="rotate\(-90 [^"]*\)">net \(USDX\)<\/text>/);
    expect(svg).toContain('>USDX · scale 6</text>');
    expect(svg).toContain('>1M</text>');
    expect(svg).not.toMatch(/>1T<\/text>/);
  });
});
