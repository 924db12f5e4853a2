// The notebook's built-in library: query files (docs/notebook.md's format) the app ships. The
// notebook lists them beside the user's folder, read-only ("Duplicate" copies one into the folder).
// Each is tested against the sandbox with its answer computed independently from the service's legs
// (test/src-main/services/local-ledger/notebook-library.test.ts); docs/notebook.md, "The built-in
// library", lists them with their parameters and caveats.
//
// The rules every query here keeps:
// - one party at a time ({{party}}): a transfer between two synced parties is a leg of each, so a sum
//   over every party would count it twice;
// - a sum adds amount_units of ONE instrument (instrument_admin, instrument_id) at ONE amount_scale,
//   shown exact with decimal_text(sum(amount_units), amount_scale) beside the units themselves (a chart
//   draws units at their scale); legs kept as text only (amount_exact = false) are left out of sums;
// - times are UTC (the legs view's effective_at); a period is From (included) to To (excluded);
// - ORDER BY names tie-breakers down to the row, so the answer's order is the same on every run;
// - numbers compared with amounts stay exact: DECIMAL arithmetic (DuckDB refuses an overflow rather
//   than round) and a whole power of ten per leg, never pow() (a DOUBLE).
// Pure: no Node, no DOM (the renderer bundles it, main and the tests read it).

export interface BuiltInQuery {
  /** Stable, file-name-like (`top-counterparties`): the name its duplicate gets (`<id>.sql`). */
  id: string;
  /** The whole file: header and SQL, as parseQueryFile reads it. */
  text: string;
}

/** 10^amount_scale as an exact DECIMAL(38,0) (pow() would be a DOUBLE): one unit of the leg's instrument. */
const ONE_UNIT = "CAST('1' || repeat('0', amount_scale) AS DECIMAL(38,0))";

export const BUILT_IN_QUERIES: readonly BuiltInQuery[] = [
  {
    id: 'totals-per-instrument',
    text: `-- name: Totals per instrument (exact)
-- description: Exact totals per party, instrument and scale (the instrument_totals view). An instrument is its
-- description: administrator and id: the same symbol and id under two administrators are two rows.

SELECT party, symbol, instrument_id, amount_scale, legs, volume_in, volume_out, net, instrument_admin
FROM instrument_totals
ORDER BY party, symbol, instrument_id, instrument_admin, amount_scale
`,
  },
  {
    id: 'top-counterparties',
    text: `-- name: Top counterparties per instrument
-- description: The counterparties a party moved the most with, ranked within each instrument and scale
-- description: by volume (in + out) in a period; every status counts. Mints (no counterparty) are left out.
-- description: Legs kept as text only (amount_exact = false) are left out of the sums and the counts.
-- param: party party label="Party"
-- param: from time label="From (included)"
-- param: to time label="To (excluded)"
-- param: top integer label="Counterparties per instrument" default=5
-- chart: bar x=counterparty x_type=category y=volume_units

SELECT instrument_id, any_value(symbol) AS symbol, amount_scale, counterparty,
       count(*) AS legs,
       decimal_text(coalesce(sum(amount_units) FILTER (WHERE direction = 'in'), 0), amount_scale) AS volume_in,
       decimal_text(coalesce(sum(amount_units) FILTER (WHERE direction = 'out'), 0), amount_scale) AS volume_out,
       decimal_text(sum(amount_units), amount_scale) AS volume,
       sum(amount_units) AS volume_units,
       instrument_admin
FROM legs
WHERE party = {{party}} AND amount_exact AND counterparty IS NOT NULL
  AND effective_at >= {{from}} AND effective_at < {{to}}
GROUP BY instrument_admin, instrument_id, amount_scale, counterparty
QUALIFY row_number() OVER (
  PARTITION BY instrument_admin, instrument_id, amount_scale
  ORDER BY sum(amount_units) DESC, counterparty) <= {{top}}
ORDER BY instrument_id, instrument_admin, amount_scale, sum(amount_units) DESC, counterparty
`,
  },
  {
    id: 'monthly-net-flow',
    text: `-- name: Monthly net flow per instrument
-- description: Per UTC month, instrument and scale: what came in, what went out and the net (in − out),
-- description: counting legs of one status (completed by default) in a period.
-- description: Legs kept as text only (amount_exact = false) are left out of the sums and the counts.
-- param: party party label="Party"
-- param: from time label="From (included)"
-- param: to time label="To (excluded)"
-- param: status text label="Status counted" default=completed
-- chart: bar x=month x_type=time y=net_units

SELECT date_trunc('month', effective_at) AS month, instrument_id, any_value(symbol) AS symbol, amount_scale,
       count(*) AS legs,
       decimal_text(coalesce(sum(amount_units) FILTER (WHERE direction = 'in'), 0), amount_scale) AS inflow,
       decimal_text(coalesce(sum(amount_units) FILTER (WHERE direction = 'out'), 0), amount_scale) AS outflow,
       decimal_text(coalesce(sum(amount_units) FILTER (WHERE direction = 'in'), 0)
         - coalesce(sum(amount_units) FILTER (WHERE direction = 'out'), 0), amount_scale) AS net,
       coalesce(sum(amount_units) FILTER (WHERE direction = 'in'), 0)
         - coalesce(sum(amount_units) FILTER (WHERE direction = 'out'), 0) AS net_units,
       instrument_admin
FROM legs
WHERE party = {{party}} AND amount_exact AND status = {{status}}
  AND effective_at >= {{from}} AND effective_at < {{to}}
GROUP BY month, instrument_admin, instrument_id, amount_scale
ORDER BY month, instrument_id, instrument_admin, amount_scale
`,
  },
  {
    id: 'largest-legs',
    text: `-- name: Largest legs of an instrument
-- description: A party's largest legs of one instrument, in or out, any status, largest first
-- description: (ranked within each admin and scale of that instrument id: amounts at different scales are not compared).
-- description: Legs kept as text only (amount_exact = false) have no exact size and are left out.
-- param: party party label="Party"
-- param: instrument instrument label="Instrument id"
-- param: limit integer label="Legs" default=20
-- chart: bar x=effective_at x_type=time y=amount_units

-- The limit-th largest amount per admin and scale first (a top-N, not a sort of every leg), so only
-- the legs at or above it are ranked.
WITH cutoffs AS (
  SELECT instrument_admin, amount_scale, max(amount_units, CAST(ceil({{limit}}) AS BIGINT))[-1] AS cutoff
  FROM legs
  WHERE party = {{party}} AND instrument_id = {{instrument}} AND amount_exact AND amount_units IS NOT NULL
    AND {{limit}} >= 1
  GROUP BY instrument_admin, amount_scale
)
SELECT l.effective_at, l.update_id, l.direction, l.counterparty, l.instrument_id, l.symbol, l.amount, l.amount_units,
       l.amount_scale, l.status, l.instrument_admin
FROM legs l JOIN cutoffs c
  ON c.instrument_admin IS NOT DISTINCT FROM l.instrument_admin AND c.amount_scale = l.amount_scale
WHERE l.party = {{party}} AND l.instrument_id = {{instrument}} AND l.amount_exact AND l.amount_units >= c.cutoff
QUALIFY row_number() OVER (
  PARTITION BY l.instrument_admin, l.amount_scale
  ORDER BY l.amount_units DESC, l.effective_at DESC, l.update_id, l.direction, l.counterparty) <= {{limit}}
ORDER BY l.instrument_admin, l.amount_scale, l.amount_units DESC, l.effective_at DESC, l.update_id, l.direction,
  l.counterparty
`,
  },
  {
    id: 'new-counterparties',
    text: `-- name: New counterparties in a period
-- description: Counterparties whose first leg with the party (in the store, any instrument and status)
-- description: falls in the period, with their legs in the period. Mints (no counterparty) are left out.
-- param: party party label="Party"
-- param: from time label="From (included)"
-- param: to time label="To (excluded)"
-- chart: bar x=counterparty x_type=category y=legs_in_period

SELECT counterparty, min(effective_at) AS first_at,
       count(*) FILTER (WHERE effective_at >= {{from}} AND effective_at < {{to}}) AS legs_in_period,
       count(*) AS legs
FROM legs
WHERE party = {{party}} AND counterparty IS NOT NULL AND effective_at IS NOT NULL
GROUP BY counterparty
HAVING min(effective_at) >= {{from}} AND min(effective_at) < {{to}}
ORDER BY first_at, counterparty
`,
  },
  {
    id: 'dormant-counterparties',
    text: `-- name: Dormant counterparties
-- description: Counterparties the party had legs with before a time and none since (in the store,
-- description: any instrument and status), the longest quiet first. Days are whole 24-hour days.
-- param: party party label="Party"
-- param: from time label="Quiet since"
-- chart: bar x=counterparty x_type=category y=days_quiet

SELECT counterparty, min(effective_at) AS first_at, max(effective_at) AS last_at, count(*) AS legs,
       (epoch_us({{from}}) - epoch_us(max(effective_at))) // 86400000000 AS days_quiet
FROM legs
WHERE party = {{party}} AND counterparty IS NOT NULL AND effective_at IS NOT NULL
GROUP BY counterparty
HAVING max(effective_at) < {{from}}
ORDER BY last_at, counterparty
`,
  },
  {
    id: 'pending-legs',
    text: `-- name: Pending legs older than N days
-- description: Legs still in a status (pending by default: the sandbox's statuses are completed, pending,
-- description: failed and withdrawn; the interface does not list them) whose time is at least N days before
-- description: "As of" (now, or the last sync). Age is in whole 24-hour days; oldest first.
-- param: party party label="Party"
-- param: to time label="As of"
-- param: days number label="Older than (days)" default=7
-- param: status text label="Status" default=pending
-- chart: bar x=effective_at x_type=time y=age_days

SELECT effective_at, (epoch_us({{to}}) - epoch_us(effective_at)) // 86400000000 AS age_days,
       update_id, direction, counterparty, instrument_id, symbol, amount, status
FROM legs
WHERE party = {{party}} AND status = {{status}}
  AND effective_at <= {{to}} - to_microseconds(CAST({{days}} * 86400000000 AS BIGINT))
ORDER BY effective_at, update_id, direction, counterparty, instrument_id, amount
`,
  },
  {
    id: 'round-number-transfers',
    text: `-- name: Round-number transfers
-- description: Legs whose amount is a whole multiple of a round step (1000 by default) of their instrument,
-- description: any status, newest first. A step finer than an instrument's decimals matches none of its legs.
-- description: Legs kept as text only (amount_exact = false) are left out (their size is not exact).
-- param: party party label="Party"
-- param: step number label="Round step (e.g. 1000)" default=1000
-- chart: bar x=effective_at x_type=time y=amount_units series=direction

-- An exact remainder is slow (DECIMAL(38,0) % is software division): a DOUBLE quotient near a whole
-- number picks the candidates, the exact remainder alone decides.
SELECT effective_at, update_id, direction, counterparty, instrument_id, symbol, amount, amount_units, amount_scale,
       status, instrument_admin
FROM (SELECT *, CAST(amount_units AS DOUBLE) / (CAST({{step}} AS DOUBLE) * pow(10, amount_scale)) AS quotient
      FROM legs
      WHERE party = {{party}} AND amount_exact AND amount_units > 0 AND {{step}} > 0)
WHERE CASE WHEN abs(quotient - round(quotient)) <= 1e-9 * greatest(1, quotient)
           THEN {{step}} * ${ONE_UNIT} = CAST({{step}} * ${ONE_UNIT} AS DECIMAL(38,0))
                AND amount_units % CAST({{step}} * ${ONE_UNIT} AS DECIMAL(38,0)) = 0
           ELSE false END
ORDER BY effective_at DESC, update_id, direction, counterparty, instrument_id, instrument_admin, amount
`,
  },
  {
    id: 'just-under-threshold',
    text: `-- name: Transfers just under a threshold
-- description: Legs of one instrument whose amount is below a threshold by at most a margin (percent of it):
-- description: threshold × (100 − margin) / 100 ≤ amount < threshold, any status; a pattern of these can be
-- description: structuring. Compared exactly. Legs kept as text only (amount_exact = false) are left out.
-- param: party party label="Party"
-- param: instrument instrument label="Instrument id"
-- param: threshold number label="Threshold" default=10000
-- param: margin number label="Margin below it (percent)" default=10
-- chart: bar x=effective_at x_type=time y=amount_units series=counterparty

-- The bounds in whole units, once per scale of the instrument (not per leg): units are integers, so
-- amount < bound exactly when units < ceil(bound × 10^scale), and amount >= bound when units >= it.
-- The units are compared as they are (DECIMAL(38,0)): scaling them (× 100, or to the bounds' fraction
-- digits) overflows 38 digits on a large leg. Each bound is a whole part and a fraction (|fraction| < 1)
-- taken to units apart, so a bound needs no more digits than its units have (a 36-digit bound at 6
-- decimals fits); only a bound that itself overflows 38 digits of units is an error.
WITH parts AS (
  SELECT CAST(trunc({{threshold}}) AS DECIMAL(38,0)) AS upper_whole,
         {{threshold}} - trunc({{threshold}}) AS upper_fraction,
         (100 - {{margin}}) * 0.01 AS kept
), lower_parts AS (
  SELECT *, CAST(trunc(upper_whole * kept) AS DECIMAL(38,0)) AS lower_whole,
         upper_whole * kept - trunc(upper_whole * kept) + upper_fraction * kept AS lower_fraction
  FROM parts
), bounds AS (
  SELECT amount_scale,
         upper_whole * ${ONE_UNIT} + ceil(upper_fraction * ${ONE_UNIT}) AS upper_units,
         lower_whole * ${ONE_UNIT} + ceil(lower_fraction * ${ONE_UNIT}) AS lower_units
  FROM lower_parts, (SELECT DISTINCT amount_scale FROM legs
                     WHERE party = {{party}} AND instrument_id = {{instrument}} AND amount_exact)
)
SELECT effective_at, update_id, direction, counterparty, instrument_id, symbol, amount, amount_units, amount_scale,
       status, instrument_admin
FROM legs JOIN bounds USING (amount_scale)
WHERE party = {{party}} AND instrument_id = {{instrument}} AND amount_exact
  AND amount_units < upper_units AND amount_units >= lower_units
ORDER BY effective_at, update_id, direction, counterparty, instrument_admin, amount
`,
  },
  {
    id: 'day-of-week',
    text: `-- name: Day-of-week pattern (UTC)
-- description: Legs and volume per UTC weekday (1 = Monday … 7 = Sunday), instrument and scale, all history,
-- description: any status. Weekdays are UTC, not the form's zone.
-- description: Legs kept as text only (amount_exact = false) are left out of the sums and the counts.
-- param: party party label="Party"
-- chart: stacked x=day_name x_type=category y=legs series=instrument_id

SELECT isodow(effective_at) AS weekday, dayname(effective_at) AS day_name, instrument_id,
       any_value(symbol) AS symbol, amount_scale, count(*) AS legs,
       decimal_text(sum(amount_units), amount_scale) AS volume, sum(amount_units) AS volume_units,
       instrument_admin
FROM legs
WHERE party = {{party}} AND amount_exact AND effective_at IS NOT NULL
GROUP BY weekday, day_name, instrument_admin, instrument_id, amount_scale
ORDER BY weekday, instrument_id, instrument_admin, amount_scale
`,
  },
  {
    id: 'hour-of-day',
    text: `-- name: Hour-of-day pattern (UTC)
-- description: Legs and volume per UTC hour (0–23), instrument and scale, all history, any status.
-- description: Hours are UTC, not the form's zone.
-- description: Legs kept as text only (amount_exact = false) are left out of the sums and the counts.
-- param: party party label="Party"
-- chart: stacked x=hour x_type=category y=legs series=instrument_id

SELECT hour(effective_at) AS hour, instrument_id, any_value(symbol) AS symbol, amount_scale, count(*) AS legs,
       decimal_text(sum(amount_units), amount_scale) AS volume, sum(amount_units) AS volume_units,
       instrument_admin
FROM legs
WHERE party = {{party}} AND amount_exact AND effective_at IS NOT NULL
GROUP BY hour, instrument_admin, instrument_id, amount_scale
ORDER BY hour, instrument_id, instrument_admin, amount_scale
`,
  },
  {
    id: 'velocity',
    text: `-- name: Velocity: legs and volume per day, rolling 7 and 30 days
-- description: Per UTC day with legs of one instrument (in + out, any status): that day's legs and volume,
-- description: and the same over the 7 and 30 UTC days ending that day (they count legs before From too).
-- description: The day holding From is shown whole; legs at or after To are left out.
-- description: Legs kept as text only (amount_exact = false) are left out of the sums and the counts.
-- param: party party label="Party"
-- param: instrument instrument label="Instrument id"
-- param: from time label="From (its UTC day)"
-- param: to time label="To (excluded)"
-- chart: line x=day x_type=time y=volume_7d_units

WITH days AS (
  SELECT CAST(effective_at AS DATE) AS day, instrument_admin, amount_scale, any_value(symbol) AS symbol,
         count(*) AS legs, sum(amount_units) AS volume_units
  FROM legs
  WHERE party = {{party}} AND instrument_id = {{instrument}} AND amount_exact
    AND effective_at >= CAST(CAST({{from}} AS DATE) AS TIMESTAMP) - INTERVAL 29 DAY AND effective_at < {{to}}
  GROUP BY day, instrument_admin, amount_scale
), rolled AS (
  SELECT *,
         sum(legs) OVER w7 AS legs_7d, sum(volume_units) OVER w7 AS volume_7d_units,
         sum(legs) OVER w30 AS legs_30d, sum(volume_units) OVER w30 AS volume_30d_units
  FROM days
  WINDOW w7 AS (PARTITION BY instrument_admin, amount_scale ORDER BY day
                RANGE BETWEEN INTERVAL 6 DAY PRECEDING AND CURRENT ROW),
         w30 AS (PARTITION BY instrument_admin, amount_scale ORDER BY day
                 RANGE BETWEEN INTERVAL 29 DAY PRECEDING AND CURRENT ROW)
)
SELECT day, symbol, amount_scale, legs, decimal_text(volume_units, amount_scale) AS volume, volume_units,
       legs_7d, decimal_text(volume_7d_units, amount_scale) AS volume_7d, volume_7d_units,
       legs_30d, decimal_text(volume_30d_units, amount_scale) AS volume_30d, volume_30d_units,
       instrument_admin
FROM rolled
WHERE day >= CAST({{from}} AS DATE)
ORDER BY day, instrument_admin, amount_scale
`,
  },
  {
    id: 'first-last-per-counterparty',
    text: `-- name: First and last transfer per counterparty
-- description: For each counterparty of the party (any instrument and status): its legs, and the first and
-- description: the last of them with time, update, direction and amount. Mints (no counterparty) and legs
-- description: without a time are left out. No sums: an amount is shown as sent.
-- param: party party label="Party"
-- chart: bar x=counterparty x_type=category y=legs

-- The first and last time per counterparty first (times only: cheap), then only the legs at those
-- times are compared whole: min/max of a struct compare its fields in order (time, then update,
-- direction, instrument, amount), so ties at the same time are broken the same way every run.
WITH bounds AS (
  SELECT counterparty, count(*) AS legs, min(effective_at) AS first_at, max(effective_at) AS last_at
  FROM legs
  WHERE party = {{party}} AND counterparty IS NOT NULL AND effective_at IS NOT NULL
  GROUP BY counterparty
),
ends AS (
  SELECT e.counterparty,
         min({effective_at: e.effective_at, update_id: e.update_id, direction: e.direction,
              instrument_id: e.instrument_id, amount: e.amount, symbol: e.symbol})
           FILTER (WHERE e.effective_at = b.first_at) AS f,
         max({effective_at: e.effective_at, update_id: e.update_id, direction: e.direction,
              instrument_id: e.instrument_id, amount: e.amount, symbol: e.symbol})
           FILTER (WHERE e.effective_at = b.last_at) AS l
  FROM (SELECT * FROM legs
        WHERE party = {{party}} AND (counterparty, effective_at) IN (
          SELECT (counterparty, first_at) FROM bounds UNION ALL SELECT (counterparty, last_at) FROM bounds)) e
  JOIN bounds b ON e.counterparty = b.counterparty
  GROUP BY e.counterparty
)
SELECT counterparty, legs,
       f.effective_at AS first_at, f.update_id AS first_update_id, f.direction AS first_direction,
       f.instrument_id AS first_instrument_id, f.symbol AS first_symbol, f.amount AS first_amount,
       l.effective_at AS last_at, l.update_id AS last_update_id, l.direction AS last_direction,
       l.instrument_id AS last_instrument_id, l.symbol AS last_symbol, l.amount AS last_amount
FROM bounds JOIN ends USING (counterparty)
ORDER BY counterparty
`,
  },
  {
    id: 'balance-change',
    text: `-- name: Balance change per instrument over a period
-- description: Per instrument and scale: what came in, what went out and the change (in − out) in a period,
-- description: counting legs of one status (completed by default). Not a balance: the change over the period.
-- description: Legs kept as text only (amount_exact = false) are left out of the sums and the counts.
-- param: party party label="Party"
-- param: from time label="From (included)"
-- param: to time label="To (excluded)"
-- param: status text label="Status counted" default=completed
-- chart: bar x=instrument_id x_type=category y=change_units

SELECT instrument_id, any_value(symbol) AS symbol, amount_scale, count(*) AS legs,
       decimal_text(coalesce(sum(amount_units) FILTER (WHERE direction = 'in'), 0), amount_scale) AS inflow,
       decimal_text(coalesce(sum(amount_units) FILTER (WHERE direction = 'out'), 0), amount_scale) AS outflow,
       decimal_text(coalesce(sum(amount_units) FILTER (WHERE direction = 'in'), 0)
         - coalesce(sum(amount_units) FILTER (WHERE direction = 'out'), 0), amount_scale) AS change,
       coalesce(sum(amount_units) FILTER (WHERE direction = 'in'), 0)
         - coalesce(sum(amount_units) FILTER (WHERE direction = 'out'), 0) AS change_units,
       instrument_admin
FROM legs
WHERE party = {{party}} AND amount_exact AND status = {{status}}
  AND effective_at >= {{from}} AND effective_at < {{to}}
GROUP BY instrument_admin, instrument_id, amount_scale
ORDER BY instrument_id, instrument_admin, amount_scale
`,
  },
];
