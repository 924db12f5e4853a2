// The address book's CSV: RFC 4180 quoting both ways, every bad row reported by the line it starts
// on while good rows are kept, CSV injection neutralised on export, and (fast-check) any address
// book written and read back is the same address book.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAddressBook,
  IMPORT_MAX_ROWS,
  parseAddressBook,
} from '../../../../src-main/services/settings/address-book-csv.ts';
import { PARTY_COLOURS, type SavedParty } from '../../../../src-shared/contract/schemas.ts';

const id = (name: string, digit = '0') => `${name}::1220${digit.repeat(64)}`;
const ACME = id('acme');
const NORTH = id('north', 'a');

describe('address book CSV', () => {
  it('writes the header, CRLF rows, and quotes commas, quotes and line breaks', () => {
    const csv = formatAddressBook([
      { party: ACME, label: 'Acme, Treasury', colour: 'blue', note: 'said "call first"\nafter 9' },
      { party: NORTH, label: 'North', colour: 'none', note: '' },
    ]);
    expect(csv).toBe(
      `party,label,colour,note\r\n${ACME},"Acme, Treasury",blue,"said ""call first""\nafter 9"\r\n${NORTH},North,none,\r\n`,
    );
  });

  it("exports a cell a spreadsheet would run as a formula with a leading ' and reads it back as it was", () => {
    const parties: SavedParty[] = [
      { party: ACME, label: '=HYPERLINK("http://evil","x")', colour: 'red', note: '+1 555' },
      { party: NORTH, label: '@SUM(A1)', colour: 'none', note: "'-already quoted" },
    ];
    const csv = formatAddressBook(parties);
    const lines = csv.split('\r\n');
    expect(lines[1]).toBe(`${ACME},"'=HYPERLINK(""http://evil"",""x"")",red,"'+1 555"`);
    expect(lines[2]).toBe(`${NORTH},"'@SUM(A1)",none,"''-already quoted"`);
    const { rows, problems } = parseAddressBook(csv);
    expect(problems).toEqual([]);
    expect(rows.map(({ line: _, ...p }) => p)).toEqual(parties);
  });

  it('reports each bad row by the line it starts on and keeps the good rows', () => {
    const text = [
      'party,label,colour,note',
      `${ACME},Acme,blue,"two`, // a quoted note over two lines: the next row starts on line 4
      `lines"`,
      'not-a-party,Nope,red,',
      `${NORTH},North,pink,`,
      '',
      `${id('gamma', 'b')},Gamma`,
      `${id('delta', 'c')},Delta,GREEN,ok`,
      `${ACME},Acme again,red,`,
      `${id('eps', 'd')},"Bad\tlabel",,`,
    ].join('\r\n');
    const { rows, problems } = parseAddressBook(text);
    expect(rows.map((r) => [r.line, r.party, r.label, r.colour, r.note])).toEqual([
      [2, ACME, 'Acme', 'blue', 'two\r\nlines'],
      [8, id('delta', 'c'), 'Delta', 'green', 'ok'],
    ]);
    expect(problems).toEqual([
      { line: 4, message: 'party: a party id looks like name::1220… (the "::" is missing)' },
      { line: 5, message: `colour (one of ${PARTY_COLOURS.join(', ')}): "pink" is not a colour` },
      { line: 7, message: 'expected 4 cells (party,label,colour,note), found 2' },
      { line: 9, message: 'the same party as line 2 (that row is the one kept)' },
      { line: 10, message: 'label: a label cannot contain control characters (a tab or line break?)' },
    ]);
  });

  it('takes the columns in any order, colour and note optional (left undefined: the entry keeps its own)', () => {
    const { rows, problems } = parseAddressBook(`\uFEFFLabel,Party\n"North desk",${NORTH}\n`);
    expect(problems).toEqual([]);
    expect(rows).toEqual([{ line: 2, party: NORTH, label: 'North desk', colour: undefined, note: undefined }]);
  });

  it('refuses a file that is not an address book at line 1, and an unclosed quote where it starts', () => {
    expect(parseAddressBook('').problems).toEqual([{ line: 1, message: expect.stringMatching(/^the file is empty/) }]);
    expect(parseAddressBook('update_id,sender,receiver,amount\n1,a,b,3\n')).toEqual({
      rows: [],
      problems: [{ line: 1, message: 'the header has no party column (expected party,label,colour,note)' }],
    });
    expect(parseAddressBook('party,label,amount\n').problems[0].message).toMatch(/^unknown column "amount"/);
    expect(parseAddressBook(`party,label\n${ACME},"Acme\n${NORTH},North\n`)).toEqual({
      rows: [],
      problems: [{ line: 2, message: expect.stringMatching(/never closed/) }],
    });
  });

  it(`reads at most ${IMPORT_MAX_ROWS} rows and says where it stopped`, () => {
    const lines = Array.from({ length: IMPORT_MAX_ROWS + 3 }, (_, i) => `${id(`p${i}`)},L${i}`);
    const { rows, problems } = parseAddressBook(['party,label', ...lines].join('\n'));
    expect(rows).toHaveLength(IMPORT_MAX_ROWS);
    expect(problems).toEqual([{ line: IMPORT_MAX_ROWS + 2, message: expect.stringMatching(/this row and the rest/) }]);
  });

  it('round-trips any address book exactly (fast-check)', () => {
    const printable = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', "'", '=', '+', '-', '@', 'é', '€') });
    const party = fc
      .tuple(fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9_:-]{0,20}$/), fc.stringMatching(/^[0-9a-f]{64}$/))
      .map(([hint, print]) => `${hint}::1220${print}`);
    const entry = fc.record({
      party,
      label: printable.map((s) => s.trim().slice(0, 80)),
      colour: fc.constantFrom(...PARTY_COLOURS),
      note: fc
        .string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r\n', "'", '=', '@') })
        .map((s) => s.slice(0, 500)),
    });
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: (p) => p.party, maxLength: 20 }), (parties) => {
        const { rows, problems } = parseAddressBook(formatAddressBook(parties));
        expect(problems).toEqual([]);
        expect(rows.map(({ line: _, ...p }) => p)).toEqual(parties);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on hostile text (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('party', 'label', ',', '"', '\n', '\r', 'x', '\u0000', ACME) }),
        (text) => {
          const { problems } = parseAddressBook(`party,label\n${text}`);
          for (const p of problems) expect(p.line).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });
});
