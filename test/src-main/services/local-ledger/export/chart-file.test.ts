// local:saveChart in main: a PNG must carry the PNG signature, an SVG must be a plain drawing (an
// allowlist of elements and attributes); the file is written whole where the host says, and the
// browser version may then offer it for download. Cancelled: nothing written.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chartFileName,
  checkPng,
  checkSvg,
  saveChartFile,
} from '../../../../../src-main/services/local-ledger/export/chart-file.ts';
import { DownloadRegistry } from '../../../../../src-main/services/local-ledger/export/download-registry.ts';
import type { ServiceContext } from '../../../../../src-main/services/service-context.ts';

const SVG = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${inner}</svg>\n`;
// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function context(dir: string | null) {
  const downloads = new DownloadRegistry();
  const ctx = {
    host: { chooseSavePath: async (name: string) => (dir ? join(dir, name) : null) },
    downloads,
  } as unknown as ServiceContext;
  return { ctx, downloads };
}

describe('checkSvg', () => {
  it('accepts a plain drawing with escaped text', () => {
    const svg = SVG(
      '<title>a &amp; b &lt;c&gt;</title><rect x="1" y="1" width="2" height="2" fill="#fff"/><text x="1" y="2"><tspan x="1" dy="0">on click="x"</tspan></text>',
    );
    expect(checkSvg(svg)).toBe(svg);
  });

  it.each([
    ['a script', SVG('<script>alert(1)</script>'), /<script> element/],
    ['a foreignObject', SVG('<foreignObject><div/></foreignObject>'), /<foreignObject> element/],
    ['an event attribute', SVG('<rect onload="alert(1)"/>'), /onload attribute/],
    ['an upper-case event attribute', SVG('<rect ONCLICK="alert(1)"/>'), /ONCLICK attribute/],
    ['an external href', SVG('<image href="https://evil.example/x.png"/>'), /<image> element/],
    ['an xlink:href on an allowed element', SVG('<rect xlink:href="#x"/>'), /xlink:href attribute/],
    ['a url() in a fill', SVG('<rect fill="url(https://evil.example/#g)"/>'), /reference in an attribute/],
    ['a style element', SVG('<style>@import url(x)</style>'), /<style> element/],
    ['a style attribute', SVG('<rect style="fill:red"/>'), /style attribute/],
    ['a DOCTYPE with an entity', `<!DOCTYPE svg [<!ENTITY x "y">]>${SVG('')}`, /one <svg> element/],
    ['a comment', SVG('<!-- x -->'), /not a plain element/],
    ['a CDATA section', SVG('<text><![CDATA[<script>]]></text>'), /not a plain element/],
    ['an unknown entity', SVG('<text>&xxe;</text>'), /unknown entity/],
    ['a second root', `${SVG('')}${SVG('')}`, /after its <svg> element/],
    ['an unclosed element', '<svg xmlns="http://www.w3.org/2000/svg"><g></svg>', /closes <svg>/],
    ['HTML', '<html><body onload="x()"></body></html>', /Not an SVG chart/],
  ])('refuses %s', (_what, svg, message) => {
    expect(() => checkSvg(svg)).toThrow(message);
  });

  it('refuses an SVG over 8 MB', () => {
    expect(() => checkSvg(SVG(' '.repeat(8 * 1024 * 1024)))).toThrow(/at most 8 MB/);
  });
});

describe('checkPng', () => {
  it('accepts a PNG and refuses anything without its signature or not base64', () => {
    expect(checkPng(PNG).subarray(1, 4).toString()).toBe('PNG');
    expect(() => checkPng(Buffer.from('GIF89a-not-a-png'.repeat(10)).toString('base64'))).toThrow(/PNG signature/);
    expect(() => checkPng('iVBORw0KGgo$$$')).toThrow(/not base64/);
  });
});

describe('saveChartFile', () => {
  it('writes the SVG whole where the host says, names it after the title, and offers it for download', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chart-file-'));
    const { ctx, downloads } = context(dir);
    const svg = SVG('<rect x="0" y="0" width="1" height="1"/>');
    const saved = await saveChartFile(ctx, { title: '../../Large outflows: by day', format: 'svg', data: svg });
    expect(saved?.path.startsWith(dir)).toBe(true);
    expect(saved?.path).toMatch(/\/Large-outflows-by-day-\d{8}-\d{6}\.svg$/);
    expect(readFileSync(saved?.path ?? '', 'utf8')).toBe(svg);
    expect(readdirSync(dir)).toHaveLength(1); // no temp file left
    const offer = await downloads.offer(saved?.path ?? '');
    expect(offer.fileName).toMatch(/\.svg$/);
  });

  it('writes the PNG bytes, and nothing at all when the user cancels', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chart-file-'));
    const saved = await saveChartFile(context(dir).ctx, { title: 'x', format: 'png', data: PNG });
    expect(readFileSync(saved?.path ?? '').equals(Buffer.from(PNG, 'base64'))).toBe(true);
    expect(saved?.bytes).toBe(Buffer.from(PNG, 'base64').byteLength);
    expect(await saveChartFile(context(null).ctx, { title: 'x', format: 'png', data: PNG })).toBeNull();
  });

  it('refuses a hostile SVG before asking where to save it', async () => {
    let asked = false;
    const ctx = {
      host: {
        chooseSavePath: async () => {
          asked = true;
          return '/tmp/never.svg';
        },
      },
    } as unknown as ServiceContext;
    await expect(saveChartFile(ctx, { title: 'x', format: 'svg', data: SVG('<script/>') })).rejects.toThrow(/script/);
    expect(asked).toBe(false);
  });

  it('names a file without a usable title "chart"', () => {
    expect(chartFileName('///', 'png', new Date('2026-10-30T14:30:00Z'))).toBe('chart-20261030-143000.png');
  });
});
