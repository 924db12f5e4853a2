// Starting points for the SQL editor, over the documented views (docs/local-ledger.md, "SQL"). Each
// one is correct as written: sums add amount_units of ONE instrument at ONE scale and are shown with
// decimal_text(); test/src-main/services/local-ledger/sql-examples.test.ts computes every answer
// independently from the sandbox's legs and compares. The first is what the editor opens with.
export const SQL_EXAMPLES: Array<{ title: string; sql: string }> = [
  {
    title: 'Totals per instrument (exact)',
    sql: `-- Exact totals per party, instrument and scale (the instrument_totals view)
SELECT party, symbol, instrument_id, amount_scale, legs, volume_in, volume_out, net
FROM instrument_totals
ORDER BY party, symbol, instrument_id, amount_scale`,
  },
  {
    title: 'Newest legs',
    sql: 'SELECT *\nFROM legs\nORDER BY effective_at DESC, update_id, direction, counterparty, amount\nLIMIT 100',
  },
  {
    title: 'Volume per instrument and direction',
    sql: `-- amount is the text as sent: add amount_units (exact integers) at one scale,
-- then decimal_text() shows the sum as a decimal
SELECT instrument_admin, instrument_id, any_value(symbol) AS symbol, amount_scale, direction,
       count(*) AS legs, decimal_text(sum(amount_units), amount_scale) AS volume
FROM legs
WHERE amount_exact
GROUP BY instrument_admin, instrument_id, amount_scale, direction
ORDER BY instrument_id, amount_scale, direction`,
  },
  {
    title: 'Top counterparties per instrument, last 365 days of data',
    sql: `-- Ranked within each instrument and scale: units of different instruments are never added
SELECT party, instrument_id, any_value(symbol) AS symbol, amount_scale, counterparty,
       count(*) AS legs, decimal_text(sum(amount_units), amount_scale) AS volume
FROM legs
WHERE amount_exact AND amount_units IS NOT NULL
  AND effective_at >= (SELECT max(effective_at) FROM legs) - INTERVAL 365 DAY
GROUP BY party, instrument_admin, instrument_id, amount_scale, counterparty
QUALIFY row_number() OVER (
  PARTITION BY party, instrument_admin, instrument_id, amount_scale
  ORDER BY sum(amount_units) DESC, counterparty) <= 5
ORDER BY party, instrument_id, amount_scale, sum(amount_units) DESC, counterparty`,
  },
  {
    title: 'Legs per month',
    sql: `SELECT date_trunc('month', effective_at) AS month, direction, count(*) AS legs
FROM legs
GROUP BY ALL
ORDER BY month, direction`,
  },
  { title: 'Columns of the view', sql: 'DESCRIBE legs' },
];
