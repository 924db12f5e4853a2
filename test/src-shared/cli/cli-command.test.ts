// The CLI command the Local ledger copies: what it says for the view on screen, and that no party
// id, node id or folder, however hostile, changes the words a shell hands the CLI. Read back by
// the shells a scheduler uses: dash (Debian's /bin/sh, what cron runs) and bash.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../src-main/cli/cli-args.ts';
import {
  CLI_PREFIX,
  cliTime,
  commandLine,
  exportArguments,
  exportCommand,
  type SyncCommandInput,
  syncArguments,
  syncCommand,
} from '../../../src-shared/cli/cli-command.ts';
import { posixWord } from '../../../src-shared/text/shell-quote.ts';

const run = promisify(execFile);
const PARTY = `exchange-north::1220${'ab'.repeat(32)}`;
const SHELLS = ['dash', 'bash'] as const;

/** The words `shell` hands a program for `line`, with the CLI prefix replaced by printf. */
async function wordsOf(shell: (typeof SHELLS)[number], lines: string[]): Promise<string[][]> {
  const prefix = `${commandLine(CLI_PREFIX)} `;
  const script = lines
    .map((line) => {
      expect(line.startsWith(prefix)).toBe(true);
      // One record per line: each word ends in NUL, the line in a NUL-then-newline the words cannot hold.
      return `printf '%s\\0' ${line.slice(prefix.length)}; printf '\\001\\n'`;
    })
    .join('\n');
  const { stdout } = await run(shell, ['-c', script], { maxBuffer: 64 * 1024 * 1024 });
  return stdout
    .split('\u0001\n')
    .slice(0, -1)
    .map((record) => record.split('\0').slice(0, -1));
}

/** Mostly what ends a shell word or starts a command, plus any Unicode (no NUL: no argument holds one). */
const hostile = fc
  .oneof(
    fc.string({
      unit: fc.constantFrom(
        "'",
        '"',
        '$',
        '`',
        '\\',
        '\n',
        '\t',
        ' ',
        ';',
        '|',
        '&',
        '(',
        ')',
        '*',
        '#',
        '~',
        '-',
        'a',
      ),
    }),
    fc.string({ unit: 'binary' }),
  )
  .filter((text) => text.isWellFormed() && !text.includes('\0'));

describe('syncCommand: the sync for the party, node and range on screen', () => {
  it('names the profile and party; node and range only when chosen', () => {
    expect(syncCommand({ profileId: 'sandbox', party: PARTY, nodeId: null, after: null, before: null })).toBe(
      `npm run --silent cli -- sync --profile sandbox --party ${PARTY}`,
    );
    expect(
      syncCommand({
        profileId: 'sandbox',
        party: PARTY,
        nodeId: 'validator-1',
        after: '2025-06-01T00:00:00Z',
        before: '2026-01-01T12:30:00Z',
        userDataDir: '/home/ana/.config/ledger-explorer',
      }),
    ).toBe(
      `npm run --silent cli -- sync --profile sandbox --party ${PARTY} --node validator-1 --after 2025-06-01 ` +
        '--before 2026-01-01T12:30:00Z --user-data-dir /home/ana/.config/ledger-explorer',
    );
  });

  it('writes a UTC midnight as a date and any other time as RFC 3339 in UTC, to the microsecond', () => {
    expect(cliTime('2026-10-30T00:00:00Z')).toBe('2026-10-30');
    expect(cliTime('2026-10-30T02:00:00+02:00')).toBe('2026-10-30');
    expect(cliTime('2026-10-30T14:30:00Z')).toBe('2026-10-30T14:30:00Z');
    expect(cliTime('2026-10-30T14:30:00.250Z')).toBe('2026-10-30T14:30:00.25Z');
    expect(cliTime('2026-10-30T00:00:00.000001Z')).toBe('2026-10-30T00:00:00.000001Z');
    // Not a time: passed on for the CLI to refuse by name.
    expect(cliTime('yesterday')).toBe('yesterday');
  });

  it('gives a value that starts with a dash as --name=value, so no parser takes it for an option', () => {
    const party = `-desk::1220${'0'.repeat(64)}`;
    expect(syncArguments({ profileId: 'p', party, nodeId: '-n', after: null, before: null })).toEqual([
      'sync',
      '--profile',
      'p',
      `--party=${party}`,
      '--node=-n',
    ]);
  });

  it('holds no secret: fields it does not name add nothing to the line', () => {
    const view = {
      profileId: 'sandbox',
      party: PARTY,
      nodeId: null,
      after: null,
      before: null,
      jwt: 'eyJhbGciOiJIUzI1NiJ9.secret.signature',
      apiKey: 'sk-live-123456',
    } as SyncCommandInput;
    const line = syncCommand(view);
    expect(line).not.toContain('secret');
    expect(line).not.toContain('sk-live');
    expect(line).toBe(`npm run --silent cli -- sync --profile sandbox --party ${PARTY}`);
  });
});

describe("the CLI's own parser reads the copied line back as the view on screen", () => {
  it.each([
    ['no node, no range', { nodeId: null, after: null, before: null }],
    [
      'a node and a range of a date and a time',
      { nodeId: 'validator-2', after: '2025-06-01T00:00:00Z', before: '2026-01-01T12:30:15.25Z' },
    ],
    ['a node id and a party that start with a dash', { nodeId: '-n1', after: null, before: '2026-01-01T00:00:00Z' }],
  ])('%s', async (_what, view) => {
    const party = view.nodeId === '-n1' ? `-desk::1220${'0'.repeat(64)}` : PARTY;
    const input = { profileId: 'sandbox', party, userDataDir: '/home/ana/Ledger data', ...view };
    const [words] = await wordsOf('dash', [syncCommand(input)]);
    const parsed = parseCliArgs(words);
    expect(parsed).toMatchObject({
      command: 'sync',
      profile: 'sandbox',
      party,
      node: view.nodeId,
      userDataDir: '/home/ana/Ledger data',
    });
    const instant = (iso: string | null) => (iso === null ? null : Date.parse(iso));
    expect(parsed.command === 'sync' && [instant(parsed.after), instant(parsed.before)]).toEqual([
      instant(view.after),
      instant(view.before),
    ]);
  });
});

describe('exportCommand', () => {
  it('names the format and the file; a path with spaces and quotes stays one word', () => {
    expect(
      exportCommand({ profileId: 'sandbox', party: PARTY, format: 'parquet', out: "/tmp/Ana's legs/exchange.parquet" }),
    ).toBe(
      `npm run --silent cli -- export --profile sandbox --party ${PARTY} --format parquet --out '/tmp/Ana'\\''s legs/exchange.parquet'`,
    );
  });
});

describe('posixWord: hostile ids cannot break out of their word', () => {
  it('leaves plain words bare and quotes everything else', () => {
    expect(posixWord('validator-1')).toBe('validator-1');
    expect(posixWord(PARTY)).toBe(PARTY);
    expect(posixWord('')).toBe("''");
    expect(posixWord('a b')).toBe("'a b'");
    expect(posixWord("it's")).toBe("'it'\\''s'");
    expect(posixWord('$(touch /tmp/x)')).toBe("'$(touch /tmp/x)'");
  });

  it.each(SHELLS)('%s reads back every argument of hostile sync and export commands exactly', async (shell) => {
    const syncs = fc.sample(
      fc.record({
        profileId: hostile,
        party: hostile,
        nodeId: fc.option(hostile, { nil: null }),
        after: fc.option(hostile, { nil: null }),
        before: fc.constant(null),
        userDataDir: fc.option(hostile, { nil: null }),
      }),
      { numRuns: 150, seed: 24 },
    );
    const exports = fc.sample(
      fc.record({
        profileId: hostile,
        party: hostile,
        format: fc.constantFrom('parquet', 'parquet-by-month', 'csv', 'jsonl' as const),
        out: hostile,
      }),
      { numRuns: 50, seed: 24 },
    );
    const expected = [...syncs.map(syncArguments), ...exports.map(exportArguments)];
    const lines = [...syncs.map(syncCommand), ...exports.map(exportCommand)];
    expect(await wordsOf(shell, lines)).toEqual(expected);
  });

  it.each(SHELLS)('%s runs nothing a party or node id says', async (shell) => {
    const attempts = ["x'; echo pwned; '", '$(echo pwned)', '`echo pwned`', 'a\necho pwned', "'$'\\x41'"];
    const lines = attempts.map((text) =>
      syncCommand({ profileId: 'sandbox', party: text, nodeId: text, after: null, before: null }),
    );
    const read = await wordsOf(shell, lines);
    expect(read).toEqual(
      attempts.map((text) =>
        syncArguments({ profileId: 'sandbox', party: text, nodeId: text, after: null, before: null }),
      ),
    );
    expect(read.flat()).not.toContain('pwned');
  });
});
