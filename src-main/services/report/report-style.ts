// The report's one stylesheet, inline. Its hash goes in the page's CSP, so no other style (and no
// script, image, font or connection at all) can run or load in the saved file.
import { createHash } from 'node:crypto';
import { esc } from './html-text.ts';

export const REPORT_CSS = `
:root { color-scheme: light; font: 13px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2430; }
body { margin: 24px auto; max-width: 1200px; padding: 0 16px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 28px 0 8px; border-bottom: 1px solid #d5dae1; padding-bottom: 4px; }
h3 { font-size: 14px; margin: 16px 0 4px; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 8px 0; }
dl.facts dt { font-weight: 600; color: #4a5565; } dl.facts dd { margin: 0; }
table { border-collapse: collapse; width: 100%; margin: 8px 0; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { border: 1px solid #d5dae1; padding: 3px 6px; text-align: left; vertical-align: top; }
thead th { background: #eef1f5; }
td.num, td.amount { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
code, .party-id { font: 11px/1.3 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; word-break: break-all; }
.label { font-weight: 600; } .muted { color: #6b7685; } small { color: #4a5565; }
.warning { background: #fff4d6; border: 1px solid #e3c46b; padding: 6px 10px; }
figure { margin: 12px 0; }
.chart { display: block; max-width: 100%; height: auto; background: #fafbfc; border: 1px solid #d5dae1; }
.chart .axis { stroke: #8a94a3; stroke-width: 1; } .chart .bar-in { fill: #2f8f5b; } .chart .bar-out { fill: #c2463b; }
.chart .tick { font: 10px ui-monospace, monospace; fill: #4a5565; }
table.legs { font-size: 12px; }
footer { margin-top: 32px; color: #6b7685; font-size: 12px; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } tr { break-inside: avoid; } }
`;

/** The CSP for the saved file: nothing may load or run but the stylesheet above. */
export function reportCsp(css: string = REPORT_CSS): string {
  const hash = createHash('sha256').update(css, 'utf8').digest('base64');
  return `default-src 'none'; style-src 'sha256-${hash}'; img-src 'none'; script-src 'none'; base-uri 'none'; form-action 'none'`;
}

/** A report's facts: terms escaped here, each value already HTML. */
export function factsList(rows: ReadonlyArray<[string, string]>): string {
  return `<dl class="facts">${rows.map(([term, html]) => `<dt>${esc(term)}</dt><dd>${html}</dd>`).join('')}</dl>`;
}

/**
 * A whole report: one self-contained document, its stylesheet allowed by hash and nothing else
 * (the CSP above), the title escaped, the facts under it, then `body` (HTML) and the footer's text.
 */
export function reportDocument(page: {
  title: string;
  facts: ReadonlyArray<[string, string]>;
  body: string;
  footer: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${reportCsp()}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(page.title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header><h1>${esc(page.title)}</h1>${factsList(page.facts)}</header>
${page.body}
<footer>${esc(page.footer)}</footer>
</body>
</html>
`;
}
