// Starting points for the SQL editor, all over the documented `legs` view.
export const SQL_EXAMPLES: Array<{ title: string; sql: string }> = [
  { title: 'Newest legs', sql: 'SELECT *\nFROM legs\nORDER BY effective_at DESC\nLIMIT 100' },
  {
    title: 'Volume per instrument and direction',
    sql: `-- amount_units is exact (HUGEINT); divide per scale only for display
SELECT instrument_id, symbol, direction, count(*) AS legs,
       sum(amount_units) AS units, any_value(amount_scale) AS scale
FROM legs
WHERE amount_exact
GROUP BY ALL
ORDER BY instrument_id, direction`,
  },
  {
    title: 'Top counterparties this year',
    sql: `SELECT counterparty, count(*) AS legs, sum(amount_units) AS units
FROM legs
WHERE effective_at >= date_trunc('year', current_date) AND amount_exact
GROUP BY counterparty
ORDER BY units DESC
LIMIT 20`,
  },
  {
    title: 'Legs per month',
    sql: `SELECT date_trunc('month', effective_at) AS month, direction, count(*) AS legs
FROM legs
GROUP BY ALL
ORDER BY month`,
  },
  { title: 'Columns of the view', sql: 'DESCRIBE legs' },
];
