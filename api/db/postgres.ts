import pg from 'pg';
import type { Db, Queryable } from './queryable.ts';

type Target = pg.Pool | pg.PoolClient;

function wrap(target: Target): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  };
}

/** A pg Pool on DATABASE_URL; `schema` sets the search_path of every connection. */
export async function openPostgres(databaseUrl: string, schema?: string): Promise<Db> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`Schema name "${schema}" must be lower-case letters, digits and underscores.`);
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its server (restart, failover) must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error(`postgres pool: ${error.name} ${(error as { code?: string }).code ?? ''}`));
  // Fail at start, not at the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
