import { createHash } from 'node:crypto';
import pg from 'pg';
import type { LogSink } from '../log.ts';
import type { Db, Queryable } from './queryable.ts';
import { asUnavailable, isConnectionFailure } from './unavailable.ts';

type Target = pg.Pool | pg.PoolClient;

/**
 * A statement used again goes to PostgreSQL as a named prepared statement (node-pg keeps which ones each
 * connection has): the server parses and plans it once per connection instead of at every call, and after a
 * few calls keeps a generic plan. Measured in issue 25 with `npm run bench` (PostgreSQL beside the server, 2
 * cores): PostgreSQL's CPU per quote (one large statement) 1.09 -> 0.63 ms, per bind (about 75 statements)
 * 9.8 -> 6.8 to 8.1 ms.
 *
 * Only statements with parameters (a single statement, as the extended protocol asks; `exec` keeps the
 * simple protocol for scripts), only from a text's second use, and at most MAX_PREPARED texts: a text built
 * with a value in it (a LIMIT) would otherwise leave a statement on every connection for every value.
 * Behind PgBouncer in transaction mode this needs its max_prepared_statements (1.21 and later).
 */
const MAX_PREPARED = 500;
/** Texts seen once, and forgotten all together when there are too many (one-off texts). */
const seenOnce = new Set<string>();
const prepared = new Map<string, string>();

function statementName(sql: string): string | undefined {
  const name = prepared.get(sql);
  if (name !== undefined || prepared.size >= MAX_PREPARED) return name;
  if (!seenOnce.has(sql)) {
    if (seenOnce.size >= 10 * MAX_PREPARED) seenOnce.clear();
    seenOnce.add(sql);
    return undefined;
  }
  seenOnce.delete(sql);
  const named = `ppm_${createHash('sha256').update(sql).digest('hex').slice(0, 32)}`;
  prepared.set(sql, named);
  return named;
}

/** Queries on `target`; a lost connection rejects with DatabaseUnavailableError (./unavailable.ts), a 503. */
function wrap(target: Target): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      try {
        const name = params.length > 0 ? statementName(sql) : undefined;
        const values = params as unknown[];
        const result = await (name === undefined ? target.query<T>(sql, values) : target.query<T>({ name, text: sql, values }));
        return result.rows;
      } catch (error) {
        throw asUnavailable(error);
      }
    },
    async exec(sql: string) {
      try {
        await target.query(sql);
      } catch (error) {
        throw asUnavailable(error);
      }
    },
  };
}

const toStandardError: LogSink = (line) => process.stderr.write(`${line}\n`);

/** A pg Pool on DATABASE_URL; `schema` sets the search_path of every connection; `log` is the server's log. */
export async function openPostgres(databaseUrl: string, schema?: string, log: LogSink = toStandardError): Promise<Db> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`Schema name "${schema}" must be lower-case letters, digits and underscores.`);
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its server (restart, failover) must not crash the process; the next query reconnects.
  // pool.query (db.query below) needs nothing more: for the length of its one statement the pool listens on the
  // client itself and releases it with the error, which destroys it.
  pool.on('error', (error) => {
    const code = (error as { code?: string }).code;
    log(`postgres pool: an idle connection was lost (${error.name}${code ? ` ${code}` : ''}); the next query opens another`, {
      level: 'error',
      where: 'postgres pool',
      ...(code ? { code } : {}),
    });
  });
  // Fail at start, not at the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(work) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw asUnavailable(error);
      }
      // The pool takes its idle listener off a client it hands out, so a connection dying while we hold it
      // (the server restarting, pg_terminate_backend) would be an unhandled 'error' event: the process would
      // exit and every request in flight with it. The listener is ours for this checkout only, not attached
      // once per client on the pool's 'connect': what it records belongs to this transaction (the client
      // must be destroyed, not reused), and on release the pool's own idle listener takes over again.
      // Attached before the first await, so there is no moment without one.
      let discard: Error | undefined;
      const onConnectionError = (error: Error) => {
        discard ??= error;
      };
      client.on('error', onConnectionError);
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (discard === undefined && isConnectionFailure(error)) discard = error as Error;
        // A dead session's transaction is rolled back by the server. A live one is rolled back here; if even
        // that fails, the session's state is unknown (perhaps still in the transaction), so it is not reused.
        if (discard === undefined) {
          await client.query('ROLLBACK').catch((rollbackError: unknown) => {
            discard = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          });
        }
        throw asUnavailable(error);
      } finally {
        client.removeListener('error', onConnectionError);
        // With an error the pool ends the client instead of putting it back, and opens a fresh one when needed.
        client.release(discard);
      }
    },
    close: () => pool.end(),
  };
}
