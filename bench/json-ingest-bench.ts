// Where the engine's write path could go (issue 38, "sync share of the fetch+parse floor"): the same
// page bytes stored two ways, CPU a leg, in one process on the store's DuckDB options.
// - `js`: today's path. The engine reads the page as main would (parseTransferPage: strict UTF-8,
//   JSON.parse, the spec's zod schema, the known fields) and appends the legs column by column
//   (store/leg-rows.ts appendLegs, which derives the time, the exact units and the sort key).
// - `sql`: DuckDB reads the page's text itself (the json extension is linked into the core build):
//   one INSERT … SELECT over from_json with the spec's leg shape, the derived columns as SQL. Its
//   checks and derivations are NOT the app's yet (a time with an offset, a fraction past the
//   decimals, a 39-digit amount, a wrong type): this measures what the write path would cost if they
//   were written in SQL, so the next step is priced before it is built (docs/performance.md, "The
//   sync's bound"). Both write the same row count; the bench says whether the sums agree.
// - `sql-parse-only`: DuckDB's JSON reading alone (the 12 fields into a plain table): what the `sql`
//   path spends before any derivation.
// `node bench/json-ingest-bench.ts [legs=200000]`
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { parseTransferPage } from '../src-main/services/ledger/transfer-page.ts';
import { DUCKDB_OPTIONS } from '../src-main/services/local-ledger/store/ledger-store.ts';
import { appendLegs } from '../src-main/services/local-ledger/store/leg-rows.ts';
import { SCHEMA_SQL } from '../src-main/services/local-ledger/store/store-schema.ts';
import { SYNTHETIC_PARTY, syntheticLeg } from './synthetic-legs.ts';

const N = Number(process.argv[2] ?? 200_000);
const PAGE = 1000;
const BATCH_PAGES = 10;
const party = SYNTHETIC_PARTY;

/** The pages as the sandbox serves them: the spec's list shape, as UTF-8 bytes. */
const encoder = new TextEncoder();
const pages: Uint8Array[] = [];
for (let first = 0; first < N; first += PAGE) {
  const transfers = Array.from({ length: Math.min(PAGE, N - first) }, (_, i) => syntheticLeg(first + i));
  const last = first + PAGE >= N;
  pages.push(
    encoder.encode(
      JSON.stringify({
        party,
        transfers,
        count: transfers.length,
        hasNextPage: !last,
        nextPageUrl: last ? null : `/v0/tokenTransfers?cursor=${first + PAGE}`,
      }),
    ),
  );
}

const LEG_SHAPE = JSON.stringify({
  transfers: [
    {
      updateId: 'VARCHAR',
      effectiveAt: 'VARCHAR',
      instrumentAdmin: 'VARCHAR',
      instrumentId: 'VARCHAR',
      symbol: 'VARCHAR',
      decimals: 'INTEGER',
      amount: 'VARCHAR',
      senderParty: 'VARCHAR',
      receiverParty: 'VARCHAR',
      counterparty: 'VARCHAR',
      isIncoming: 'BOOLEAN',
      status: 'VARCHAR',
    },
  ],
});

// The derivations of leg-rows.ts as SQL, for the common case only (see the opening comment).
const INSERT_SQL = `
INSERT INTO leg_store
WITH page AS (SELECT unnest(from_json($1::VARCHAR, '${LEG_SHAPE}').transfers) AS l),
legs AS (
  SELECT row_number() OVER () AS k, l.*,
    regexp_matches(l.amount, '^-?[0-9]+(\\.[0-9]+)?$') AS plain,
    coalesce(l.decimals, 18) AS scale
  FROM page
),
units AS (
  SELECT *,
    CASE WHEN plain AND length(split_part(amount, '.', 2)) <= scale
      THEN (split_part(amount, '.', 1) || rpad(split_part(amount, '.', 2), scale, '0'))::HUGEINT END AS u
  FROM legs
)
SELECT 1, $2::VARCHAR, updateId, effectiveAt,
  try_cast(effectiveAt AS TIMESTAMPTZ)::TIMESTAMP,
  instrumentAdmin, instrumentId, symbol, decimals, amount,
  u, CASE WHEN u IS NULL THEN NULL ELSE scale END, amount IS NULL OR u IS NOT NULL,
  CASE WHEN u IS NULL THEN NULL ELSE (u - ((u % ('1' || repeat('0', scale))::HUGEINT) + ('1' || repeat('0', scale))::HUGEINT) % ('1' || repeat('0', scale))::HUGEINT) // ('1' || repeat('0', scale))::HUGEINT END,
  CASE WHEN u IS NULL THEN NULL ELSE ((u % ('1' || repeat('0', scale))::HUGEINT) + ('1' || repeat('0', scale))::HUGEINT) % ('1' || repeat('0', scale))::HUGEINT * ('1' || repeat('0', 38 - scale))::HUGEINT END,
  senderParty, receiverParty, counterparty, isIncoming, status,
  $3::BIGINT + k - 1
FROM units`;

// DuckDB's parse alone: the page's legs out of the JSON into a table of the 12 fields, nothing derived.
const PARSE_ONLY_SQL = `
INSERT INTO parsed_legs SELECT unnest(from_json($1::VARCHAR, '${LEG_SHAPE}').transfers, recursive := true)`;
const PARSED_LEGS = `CREATE TABLE parsed_legs (updateId VARCHAR, effectiveAt VARCHAR, instrumentAdmin VARCHAR,
  instrumentId VARCHAR, symbol VARCHAR, decimals INTEGER, amount VARCHAR, senderParty VARCHAR,
  receiverParty VARCHAR, counterparty VARCHAR, isIncoming BOOLEAN, status VARCHAR)`;

// DuckDB's file reader instead: the page written to a file, read with read_json (its own scanner,
// not a function over one VARCHAR value).
const LEG_STRUCT = `STRUCT(${Object.entries(JSON.parse(LEG_SHAPE).transfers[0] as Record<string, string>)
  .map(([name, type]) => `"${name}" ${type}`)
  .join(', ')})[]`;
const readJsonSql = (path: string) => `
INSERT INTO parsed_legs SELECT unnest(transfers, recursive := true)
FROM read_json('${path}', format = 'unstructured', columns = {'party': 'VARCHAR', 'transfers': '${LEG_STRUCT}'}, maximum_object_size = 16777216)`;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function storeWith(
  name: string,
  write: (connection: DuckDBConnection, page: Uint8Array, firstSeq: bigint) => Promise<void>,
) {
  const dir = mkdtempSync(join(tmpdir(), 'json-ingest-bench-'));
  try {
    const instance = await DuckDBInstance.create(join(dir, 'store.duckdb'), DUCKDB_OPTIONS);
    const connection = await instance.connect();
    await connection.run("SET TimeZone = 'UTC'");
    for (const sql of SCHEMA_SQL) await connection.run(sql);
    await connection.run(PARSED_LEGS);
    const c0 = cpuMs();
    const t0 = performance.now();
    for (let p = 0; p < pages.length; p += BATCH_PAGES) {
      await connection.run('BEGIN TRANSACTION');
      for (let q = p; q < Math.min(p + BATCH_PAGES, pages.length); q++) {
        await write(connection, pages[q], BigInt(q * PAGE + 1));
      }
      await connection.run('COMMIT');
    }
    await connection.run('CHECKPOINT');
    const wallMs = performance.now() - t0;
    const usedMs = cpuMs() - c0;
    const check = await connection.runAndReadAll(
      'SELECT count(*), sum(amount_units)::VARCHAR, sum(hash(amount_whole, amount_frac, amount_scale, amount_exact))::VARCHAR, sum(hash(effective_ts, seq, party, update_id, is_incoming))::VARCHAR FROM leg_store',
    );
    connection.closeSync();
    instance.closeSync();
    return {
      path: name,
      cpuUsPerLeg: Number(((usedMs * 1000) / N).toFixed(2)),
      wallUsPerLeg: Number(((wallMs * 1000) / N).toFixed(2)),
      legsPerS: Math.round(N / (wallMs / 1000)),
      check: check.getRows()[0].map(String),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const body = (bytes: Uint8Array) => ({
  bytes,
  url: 'http://127.0.0.1:1/v0/tokenTransfers',
  nodeId: null,
  elapsedMs: 0,
  status: 200,
  contentType: 'application/json',
  declaredBytes: bytes.byteLength,
});

const runs = Number(process.env.RUNS ?? 3);
const decoder = new TextDecoder('utf-8', { fatal: true });
const results: Array<Awaited<ReturnType<typeof storeWith>>> = [];
for (let r = 0; r < runs; r++) {
  results.push(
    await storeWith('js', async (connection, page, firstSeq) => {
      const parsed = parseTransferPage(body(page));
      await appendLegs(connection, 1n, party, parsed.legs, firstSeq);
    }),
  );
  results.push(
    await storeWith('sql', async (connection, page, firstSeq) => {
      await connection.run(INSERT_SQL, [decoder.decode(page), party, firstSeq]);
    }),
  );
}
for (let r = 0; r < runs; r++) {
  results.push(
    await storeWith('sql-parse-only', async (connection, page) => {
      await connection.run(PARSE_ONLY_SQL, [decoder.decode(page)]);
    }),
  );
}
const pageFile = join(mkdtempSync(join(tmpdir(), 'json-ingest-page-')), 'page.json');
for (let r = 0; r < runs; r++) {
  results.push(
    await storeWith('sql-read-json', async (connection, page) => {
      writeFileSync(pageFile, page);
      await connection.run(readJsonSql(pageFile));
    }),
  );
}
rmSync(dirname(pageFile), { recursive: true, force: true });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const of = (path: string) => results.filter((r) => r.path === path);
const summary = (path: string) => ({
  path,
  cpuUsPerLeg: median(of(path).map((r) => r.cpuUsPerLeg)),
  wallUsPerLeg: median(of(path).map((r) => r.wallUsPerLeg)),
  legsPerS: median(of(path).map((r) => r.legsPerS)),
  check: of(path)[0].check,
});
const js = summary('js');
const sql = summary('sql');
const { check: _, ...parseOnly } = summary('sql-parse-only');
const { check: __, ...readJson } = summary('sql-read-json');
console.log(
  JSON.stringify({
    legs: N,
    runs,
    js,
    sql,
    parseOnly,
    readJson,
    cpuRatio: Number((sql.cpuUsPerLeg / js.cpuUsPerLeg).toFixed(2)),
  }),
);
console.log(`same rows and sums: ${JSON.stringify(js.check) === JSON.stringify(sql.check)}`);
