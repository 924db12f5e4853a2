// The saved-query file (docs/notebook.md): a header of `-- key: value` lines above plain SQL. A
// colleague's file opens even when its header is wrong, with each problem at its line.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHART_KINDS,
  parseQueryFile,
  QUERY_FILE_LIMITS,
  type QueryHeader,
  writeQueryFile,
} from '../../../src-shared/notebook/query-file.ts';
import { bindQuery, PARAM_TYPES } from '../../../src-shared/notebook/query-params.ts';

const PARTY = `alice::1220${'ab'.repeat(32)}`;

const EXAMPLE = `-- name: Large outflows
-- description: Outgoing legs above a threshold,
-- description: per counterparty.
-- param: min number label="Minimum amount" default=1000
-- param: note text label="Say \\"why\\""
-- chart: stacked x=day x_type=time y=total series=counterparty

-- What we send out, biggest first ({{not_a_param}} in a comment).
SELECT counterparty, sum(amount_units) AS total
FROM legs
WHERE party = {{party}} AND amount_units >= {{min}} AND status <> '{{literal}}'
GROUP BY counterparty;
`;

describe('parseQueryFile', () => {
  it('reads every header field and keeps the SQL after the blank line as written', () => {
    const file = parseQueryFile(EXAMPLE);
    expect(file.problems).toEqual([]);
    expect(file.header).toEqual({
      name: 'Large outflows',
      description: 'Outgoing legs above a threshold,\nper counterparty.',
      parameters: [
        { name: 'min', type: 'number', label: 'Minimum amount', default: '1000' },
        { name: 'note', type: 'text', label: 'Say "why"' },
      ],
      chart: { kind: 'stacked', x: 'day', xType: 'time', y: 'total', series: 'counterparty' },
    });
    expect(file.sql).toBe(EXAMPLE.slice(EXAMPLE.indexOf('-- What we send')));
  });

  it('keeps a hand-written SQL byte for byte: CRLF, blank lines, comments, trailing spaces', () => {
    const sql = '\r\n  -- first\r\nSELECT 1   \r\n\r\n/* x */ FROM legs\t\r\n\r\n';
    const file = parseQueryFile(`-- name: Hand made\r\n\r\n${sql}`);
    expect(file.problems).toEqual([]);
    expect(file.header.name).toBe('Hand made');
    expect(file.sql).toBe(sql);
    // Saved again, the SQL is the same bytes.
    expect(parseQueryFile(writeQueryFile(file.header, file.sql)).sql).toBe(sql);
  });

  it('opens a query with a malformed header: each problem names its line, the valid fields and the SQL are kept', () => {
    const text = [
      '-- name: Broken',
      '-- param: 2x number',
      '-- param: min float',
      '-- colour: red',
      '-- param: when time default="yesterday"',
      '-- chart: pie x=a y=b',
      '-- param: amount number label="Amount"',
      '-- just a remark',
      '',
      'SELECT {{amount}}, {{nope}}',
      'FROM legs',
    ].join('\n');
    const file = parseQueryFile(text);
    expect(file.header.name).toBe('Broken');
    expect(file.header.parameters).toEqual([{ name: 'amount', type: 'number', label: 'Amount' }]);
    expect(file.header.chart).toBeUndefined();
    expect(file.sql).toBe('SELECT {{amount}}, {{nope}}\nFROM legs');
    expect(file.problems.map((p) => p.line)).toEqual([2, 3, 4, 5, 6, 8, 10]);
    const at = (line: number) => file.problems.find((p) => p.line === line)?.message;
    expect(at(2)).toMatch(/"2x" is not a parameter name/);
    expect(at(3)).toMatch(/"float" is not a type; the types are party, time, instrument, text, number/);
    expect(at(4)).toMatch(/"colour" is not a header field/);
    expect(at(5)).toMatch(/the default "yesterday" is not a time/);
    expect(at(6)).toMatch(/"pie" is not a chart; the charts are bar, line, area, stacked/);
    expect(at(8)).toMatch(/not a header field/);
    expect(at(10)).toMatch(/\{\{nope\}\} is not declared/);
  });

  it('says a built-in parameter keeps its type, and a name or chart given twice is a problem', () => {
    const file = parseQueryFile(
      [
        '-- name: One',
        '-- name: Two',
        '-- param: from number',
        '-- param: party party label="Whose"',
        '-- chart: bar x=a y=b',
        '-- chart: line x=a y=b',
        '',
        'SELECT 1',
      ].join('\n'),
    );
    expect(file.header.name).toBe('One');
    expect(file.header.parameters).toEqual([{ name: 'party', type: 'party', label: 'Whose' }]);
    expect(file.header.chart).toEqual({ kind: 'bar', x: 'a', xType: 'category', y: 'b' });
    expect(file.problems).toEqual([
      { line: 2, message: 'a second "name": a query has one name' },
      { line: 3, message: 'param from is built in as a time, not a number' },
      { line: 6, message: 'a second "chart": a query has one chart' },
    ]);
  });

  it('checks a default with the type’s own reader: a party id, a time, an exact decimal', () => {
    const file = parseQueryFile(
      [
        '-- name: Defaults',
        `-- param: who party default=${PARTY}`,
        '-- param: bad_who party default=alice',
        '-- param: since time default="2026-10-30 14:30"',
        '-- param: min number default=1e3',
        '',
        'SELECT 1',
      ].join('\n'),
    );
    expect(file.header.parameters.map((p) => p.name)).toEqual(['who', 'since']);
    expect(file.problems.map((p) => [p.line, p.message])).toEqual([
      [3, expect.stringMatching(/default "alice" is not a party: a party id looks like name::1220…/)],
      [5, expect.stringMatching(/default "1e3" is not a number: a plain decimal number/)],
    ]);
  });

  it('reads a plain .sql file as all SQL, and says it has no name', () => {
    const text = '-- Monthly totals\nSELECT {{party}} AS p';
    const file = parseQueryFile(text);
    expect(file.sql).toBe(text);
    expect(file.problems).toEqual([{ line: 1, message: 'the header has no "-- name: …" line' }]);
  });

  it('ignores placeholders in strings, quoted identifiers, comments and dollar-quoted strings', () => {
    const file = parseQueryFile(
      [
        '-- name: Quoted',
        '',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: {{name}} is the notebook's placeholder, not a template
        "SELECT '{{a}}', 'it''s {{b}}', E'\\' {{c}}', \"{{d}}\", $${{e}}$$, $t${{f}}$t$ /* {{g}} /* {{h}} */ {{i}} */ -- {{j}}",
        'FROM legs WHERE party = {{party}} AND x = {{k}}',
      ].join('\n'),
    );
    expect(file.problems).toEqual([{ line: 4, message: expect.stringMatching(/^\{\{k\}\} is not declared/) }]);
  });

  it('refuses a file over 1 MB, and a header with absurd counts, with a message', () => {
    const big = parseQueryFile(`-- name: Big\n\nSELECT '${'x'.repeat(QUERY_FILE_LIMITS.fileChars)}'`);
    expect(big.sql).toBe('');
    expect(big.problems).toEqual([
      { line: 1, message: expect.stringMatching(/at most 1,000,000 \(about 1 MB\): it was not opened/) },
    ]);

    const manyLines = [
      '-- name: Long',
      ...Array.from({ length: 300 }, (_, i) => `-- description: ${i}`),
      '',
      'SELECT 1',
    ];
    const long = parseQueryFile(manyLines.join('\n'));
    expect(long.header.description).toBe('');
    expect(long.sql).toBe('SELECT 1');
    expect(long.problems).toEqual([
      { line: 201, message: 'the header has 301 lines; at most 200: the header was not read' },
    ]);

    const params = ['-- name: Many', ...Array.from({ length: 60 }, (_, i) => `-- param: p${i} text`), '', 'SELECT 1'];
    const many = parseQueryFile(params.join('\n'));
    expect(many.header.parameters).toHaveLength(50);
    expect(many.problems).toHaveLength(10);
    expect(many.problems[0]).toEqual({ line: 52, message: 'over 50 parameters' });
  });
});

describe('writeQueryFile', () => {
  const DEFAULTS: Record<string, string> = {
    party: PARTY,
    time: '2026-10-30 14:30',
    instrument: 'Amulet "CC"',
    number: '-12.50',
  };
  const text = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/[^\P{Cc}\t\n]/u.test(s));
  const oneLine = text.map((s) => s.replace(/[\r\n]/g, ' ').trim()).filter((s) => s !== '');
  const column = fc.oneof(fc.constantFrom('day', 'total', 'counterparty'), oneLine);
  const header: fc.Arbitrary<QueryHeader> = fc.record(
    {
      name: oneLine,
      description: fc.array(oneLine, { maxLength: 3 }).map((lines) => lines.join('\n')),
      parameters: fc.uniqueArray(
        fc
          .record(
            {
              name: fc
                .stringMatching(/^[a-z_][a-z0-9_]{0,10}$/)
                .filter((n) => !['party', 'from', 'to', 'instrument'].includes(n)),
              type: fc.constantFrom(...PARAM_TYPES),
              label: text,
              default: text,
            },
            { requiredKeys: ['name', 'type'] },
          )
          // A default must be of its type: any text for text, one valid value for the others.
          .map((p) => (p.default === undefined || p.type === 'text' ? p : { ...p, default: DEFAULTS[p.type] })),
        { selector: (p) => p.name, maxLength: 5 },
      ),
      chart: fc.record(
        {
          kind: fc.constantFrom(...CHART_KINDS),
          x: column,
          xType: fc.constantFrom('time' as const, 'category' as const),
          y: column,
          series: column,
        },
        { requiredKeys: ['kind', 'x', 'xType', 'y'] },
      ),
    },
    { requiredKeys: ['name', 'description', 'parameters'] },
  );

  it('round-trips: what it writes reads back as the same header and the same SQL', () => {
    fc.assert(
      fc.property(header, fc.string({ maxLength: 80 }), (h, sql) => {
        const back = parseQueryFile(writeQueryFile(h, sql));
        expect(back.header).toEqual(h);
        expect(back.sql).toBe(sql);
        expect(back.problems.filter((p) => p.line === 1 && /name/.test(p.message))).toEqual([]);
      }),
    );
  });

  it('writes every type and a chart in the documented form', () => {
    const h: QueryHeader = {
      name: 'Example',
      description: 'Two\n\nparagraphs',
      parameters: PARAM_TYPES.map((type) => ({ name: `p_${type}`, type })),
      chart: { kind: 'line', x: 'the day', xType: 'time', y: 'total' },
    };
    expect(writeQueryFile(h, 'SELECT 1\n')).toBe(
      [
        '-- name: Example',
        '-- description: Two',
        '-- description:',
        '-- description: paragraphs',
        '-- param: p_party party',
        '-- param: p_time time',
        '-- param: p_instrument instrument',
        '-- param: p_text text',
        '-- param: p_number number',
        '-- param: p_integer integer',
        '-- chart: line x="the day" x_type=time y=total',
        '',
        'SELECT 1\n',
      ].join('\n'),
    );
  });

  it('refuses a header that would not read back as itself', () => {
    const base: QueryHeader = { name: 'Ok', description: '', parameters: [] };
    expect(() => writeQueryFile({ ...base, name: 'two\nlines' }, 'SELECT 1')).toThrow(/cannot be saved/);
    expect(() => writeQueryFile({ ...base, name: '' }, 'SELECT 1')).toThrow(/the name is empty/);
    expect(() =>
      writeQueryFile({ ...base, parameters: [{ name: 'x', type: 'number', default: 'ten' }] }, 'SELECT 1'),
    ).toThrow(/not a number/);
  });
});

describe('docs/notebook.md', () => {
  it('shows an example file that reads without a problem and binds', async () => {
    const doc = await readFile(join(import.meta.dirname, '../../../docs/notebook.md'), 'utf8');
    const example = /```sql\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const file = parseQueryFile(example);
    expect(file.problems).toEqual([]);
    expect(file.header.name).toBe('Large outflows by counterparty');
    expect(file.header.chart).toEqual({
      kind: 'stacked',
      x: 'day',
      xType: 'time',
      y: 'total_units',
      series: 'counterparty',
    });
    const bound = bindQuery(
      file.sql,
      file.header.parameters,
      { party: PARTY, from: '2026-10-01', to: '2026-11-01' },
      { zone: 'utc' },
    );
    expect(bound.ok && bound.names).toEqual(['party', 'from', 'to', 'min', 'status']);
  });
});
