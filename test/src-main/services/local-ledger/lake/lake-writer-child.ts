// A `lake sync` writer in a process of its own, for the kill and two-writer tests: it writes its
// store at one generation (lake-fixture.ts), takes the lake's lock, and writes the lake with the
// real writer, saying each step on stdout: `locked`, `commit <n>` just before each month's rename, `switched <n>` between its file's and its manifest's,
// `step <n> <move|switch|remove>` before each step of a move to format 2 (lake-migrate.ts), `done`.
import { DuckDBInstance } from '@duckdb/node-api';
import { LakeLock } from '../../../../../src-main/services/local-ledger/lake/lake-lock.ts';
import { writeLake } from '../../../../../src-main/services/local-ledger/lake/lake-writer.ts';
import { type FixtureShape, writeFixtureStore } from './lake-fixture.ts';

const { store, lake, shape, hold } = JSON.parse(process.argv[2]) as {
  store: string;
  lake: string;
  shape: FixtureShape;
  /** Keep the lock, writing nothing, until a line comes on stdin (the two-writer test's first writer). */
  hold?: boolean;
};
const out = (line: string) => process.stdout.write(`${line}\n`);

await writeFixtureStore(store, shape);
const lock = await LakeLock.acquire(lake, {
  program: `lake writer g${shape.generation}`,
  waitMs: 60_000,
  say: (l) => out(`say: ${l}`),
});
out('locked');
if (hold) await new Promise((go) => process.stdin.once('data', go));
const instance = await DuckDBInstance.create(store);
const connection = await instance.connect();
let commits = 0;
let steps = 0;
await writeLake(connection, {
  lake,
  parties: shape.parties,
  program: 'test',
  profile: 'p',
  say: () => {},
  beforeCommit: () => out(`commit ${++commits}`),
  afterSwitch: () => out(`switched ${commits}`),
  beforeMoveStep: (step) => out(`step ${++steps} ${step}`),
});
connection.closeSync();
instance.closeSync();
await lock.release();
out('done');
