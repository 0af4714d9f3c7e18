/**
 * A multi-row INSERT's VALUES list: each row's values become numbered placeholders, `($1, $2), ($3, $4)`, and
 * the parameters in the same order. `casts` types a column a bare parameter would not (`'::jsonb'`), by its
 * place in the row. Rows are written in one statement where a use case stores several at once (a purchase's
 * tokens, a page's documents, a payment's ledger entries): one round trip instead of one each.
 */
export function valuesList(rows: readonly (readonly unknown[])[], casts: readonly string[] = []): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const sql = rows
    .map((row) => `(${row.map((value, column) => `$${params.push(value)}${casts[column] ?? ''}`).join(', ')})`)
    .join(', ');
  return { sql, params };
}
