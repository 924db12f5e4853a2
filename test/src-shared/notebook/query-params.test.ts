// Binding a saved query's parameters (docs/notebook.md): placeholders become $n, values travel
// beside the text, read by the app's own readers. The DuckDB side is in
// test/src-main/services/local-ledger/notebook-params.test.ts.
import { describe, expect, it } from 'vitest';
import {
  bindQuery,
  INTEGER_MESSAGE,
  MAX_VALUE_CHARS,
  scanPlaceholders,
} from '../../../src-shared/notebook/query-params.ts';

const PARTY = `alice::1220${'ab'.repeat(32)}`;

describe('scanPlaceholders', () => {
  it('finds {{name}} outside literals and comments, with its line', () => {
    const sql = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: {{name}} is the notebook's placeholder, not a template
      "SELECT '{{a}}', 'it''s {{b}}', E'\\' {{c}}', \"x\"\"{{d}}\", $${{e}}$$, $tag${{f}}$tag$",
      '/* {{g}} /* nested {{h}} */ still {{i}} */ -- {{j}}',
      'FROM legs WHERE party = {{ party }} AND a = {{x}}',
    ].join('\n');
    const scan = scanPlaceholders(sql);
    expect(scan.problems).toEqual([]);
    expect(scan.placeholders.map((p) => [p.name, p.line])).toEqual([
      ['party', 3],
      ['x', 3],
    ]);
  });

  it('says where the query has parameters of its own, and a {{ that is not one (not inside a string)', () => {
    const scan = scanPlaceholders("SELECT $1,\n ?, $name, a$1, '$1 ?', {{ 2x }}");
    expect(scan.problems).toEqual([
      { line: 1, message: "$1 is a parameter of the query's own: write {{name}} instead" },
      { line: 2, message: "? is a parameter of the query's own: write {{name}} instead" },
      { line: 2, message: "$name is a parameter of the query's own: write {{name}} instead" },
      { line: 2, message: expect.stringMatching(/^\{\{ does not start a parameter/) },
    ]);
  });
});

describe('scanPlaceholders on a hostile text', () => {
  it('lists at most 100 problems and says how many more there are', () => {
    const scan = scanPlaceholders(`SELECT\n${'{{ '.repeat(1000)}`);
    expect(scan.problems).toHaveLength(101);
    expect(scan.problems[100]).toEqual({ line: 2, message: 'and 900 more problems like these' });
  });

  it('tells an undeclared name once, at its first line', () => {
    const bound = bindQuery('SELECT {{a}},\n{{a}}, {{b}}', [], {}, { zone: 'utc' });
    expect(bound.ok || bound.problems.map((p) => [p.line, p.message.slice(0, 9)])).toEqual([
      [1, '{{a}} is '],
      [2, '{{b}} is '],
    ]);
  });
});

describe('bindQuery', () => {
  it('replaces each placeholder by $n (one n per name) and never puts a value in the text', () => {
    const bound = bindQuery(
      "SELECT * FROM legs WHERE party = {{party}} AND note <> '{{party}}' OR counterparty = {{party}} AND amount_units >= {{min}}",
      [{ name: 'min', type: 'number' }],
      { party: PARTY, min: '12.50' },
      { zone: 'utc' },
    );
    expect(bound).toEqual({
      ok: true,
      text: "SELECT * FROM legs WHERE party = $1 AND note <> '{{party}}' OR counterparty = $1 AND amount_units >= $2",
      params: [
        { type: 'VARCHAR', value: PARTY },
        { type: 'DECIMAL', units: 1250n, width: 4, scale: 2, text: '12.50' },
      ],
      names: ['party', 'min'],
    });
  });

  it('keeps a placeholder next to a word apart from it', () => {
    const bound = bindQuery('SELECT a{{t}}b', [{ name: 't', type: 'text' }], { t: 'v' }, { zone: 'utc' });
    expect(bound.ok && bound.text).toBe('SELECT a $1 b');
  });

  it('reads times with the one time reader, in the zone the form names', () => {
    const bound = bindQuery(
      'SELECT {{from}}, {{to}}',
      [],
      { from: '2026-10-30', to: '2026-10-30 14:30+02:00' },
      { zone: 'utc' },
    );
    expect(bound.ok && bound.params).toEqual([
      { type: 'TIMESTAMP', micros: 1_793_318_400_000_000n, iso: '2026-10-30T00:00:00Z' },
      { type: 'TIMESTAMP', micros: 1_793_363_400_000_000n, iso: '2026-10-30T12:30:00Z' },
    ]);
  });

  it('puts a message at each field whose value is not of its type, and takes a default for a field left out', () => {
    const bound = bindQuery(
      'SELECT {{party}}, {{from}}, {{instrument}}, {{n}}, {{t}}, {{d}}, {{missing}}',
      [
        { name: 'n', type: 'number' },
        { name: 't', type: 'text' },
        { name: 'd', type: 'number', default: '7' },
        { name: 'missing', type: 'time' },
      ],
      {
        party: "x' OR '1'='1",
        from: "2026-01-01'; DROP TABLE legs; --",
        instrument: 'Amulet\0',
        n: '1; SELECT 1',
        t: 'x'.repeat(MAX_VALUE_CHARS + 1),
      },
      { zone: 'utc' },
    );
    expect(bound).toEqual({
      ok: false,
      problems: [],
      fields: {
        party: expect.stringMatching(/^a party id has no spaces or line breaks: a space at character 3/),
        from: 'not a date or time: use 2026-10-30, 2026-10-30 14:30, or 2026-10-30T14:30:00Z',
        instrument: 'no control characters',
        n: 'a plain decimal number, like 1000 or 12.5 (no grouping, no exponent)',
        t: 'at most 10,000 characters',
        missing: 'enter a value',
      },
    });
  });

  it('says which placeholder is not declared, at its line', () => {
    const bound = bindQuery('SELECT 1\nWHERE a = {{amount}}', [], {}, { zone: 'utc' });
    expect(bound).toEqual({
      ok: false,
      fields: {},
      problems: [
        { line: 2, message: expect.stringMatching(/^\{\{amount\}\} is not declared: add "-- param: amount <type>"/) },
      ],
    });
  });

  it('refuses a number DuckDB could not hold exactly', () => {
    const bound = bindQuery('SELECT {{n}}', [{ name: 'n', type: 'number' }], { n: '1'.repeat(39) }, { zone: 'utc' });
    expect(bound).toEqual({
      ok: false,
      problems: [],
      fields: { n: "at most 38 digits (DuckDB's widest exact decimal)" },
    });
  });

  it('an integer is a whole number, bound as DECIMAL(width, 0); a fraction, even .0, is refused', () => {
    const bind = (n: string) => bindQuery('SELECT {{n}}', [{ name: 'n', type: 'integer' }], { n }, { zone: 'utc' });
    expect(bind('-120')).toMatchObject({ ok: true, params: [{ type: 'DECIMAL', units: -120n, width: 3, scale: 0 }] });
    for (const n of ['2.5', '5.0', '1e3', '1,000', 'five']) {
      expect(bind(n)).toEqual({ ok: false, problems: [], fields: { n: INTEGER_MESSAGE } });
    }
    expect(bind('1'.repeat(39))).toMatchObject({
      ok: false,
      fields: { n: expect.stringMatching(/at most 38 digits/) },
    });
  });
});
