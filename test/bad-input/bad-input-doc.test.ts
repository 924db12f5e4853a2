// docs/bad-input.md is generated from the bad-input tables, never written by hand: the committed
// file must be exactly what scripts/bad-input-doc.ts renders from them now.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DOC_PATH, renderBadInputDoc, showMessage, showValue } from '../../scripts/bad-input-doc.ts';
import { BAD_INPUT_TABLES } from './cases/all-tables.ts';

describe('docs/bad-input.md', () => {
  it('is what the tables render (else run: npm run docs:bad-input)', async () => {
    const committed = await readFile(DOC_PATH, 'utf8');
    const rendered = renderBadInputDoc();
    expect(committed === rendered, 'docs/bad-input.md is out of date: run npm run docs:bad-input').toBe(true);
  });

  it('lists every row of every table, with the total', () => {
    const doc = renderBadInputDoc();
    const total = BAD_INPUT_TABLES.reduce((n, t) => n + t.rows.length, 0);
    expect(total).toBeGreaterThanOrEqual(300);
    expect(doc).toContain(`| **${total}** |`);
    // One table line per row, plus a header and a separator per field group.
    const rowLines = doc.split('\n').filter((line) => /^\| (?!Input \||---|Table \||Tier \||\*\*All|\[)/.test(line));
    expect(rowLines.length).toBe(total + 6); // the "Where it is tested" table's rows
  });

  it('shows values readably: long text shortened with its length, invisible characters escaped', () => {
    expect(showValue('a'.repeat(100))).toBe(`"${'a'.repeat(56)}… (100 characters)"`);
    expect(showValue('ali\u202ece')).toBe('"ali\\u202ece"');
    expect(showValue({ pageSize: 25n, n: Number.NaN })).toBe('{"pageSize":"25n","n":"NaN"}');
    expect(showMessage(/^enter a party id$/)).toBe('enter a party id');
    expect(showMessage(/expected one of "full"\|"archive"/)).toBe('expected one of "full"|"archive"');
    expect(showMessage(/JSON|at most/)).toBe('`/JSON|at most/`');
  });
});
