/**
 * What callers query through, whichever driver is under it. A module of its own so that the drivers
 * (./pglite.ts, ./postgres.ts) need nothing of ./db.ts, which loads them; callers import it from db.ts.
 */
export interface Queryable {
  /**
   * One statement with $1.. parameters; returns the rows. On PostgreSQL a lost or refused connection rejects
   * with DatabaseUnavailableError (./unavailable.ts), whichever method or transaction it happens in.
   */
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** One or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `work` in one transaction on one connection, committed when it resolves and rolled back when it
   * throws. Inside, use only `tx`: PGlite has one connection, so a query on the outer Db would wait forever.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
