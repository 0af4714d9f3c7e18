/**
 * For tests of routes that never touch the database (VIN, ZIP, vehicle pictures): a Db that fails the
 * test loudly if anything does query it, so these tests need neither PGlite nor PostgreSQL.
 */
import type { Db } from '../db/db.ts';

const refuse = () => Promise.reject(new Error('this route must not use the database'));

export const NO_DB: Db = {
  kind: 'pglite',
  query: refuse,
  exec: refuse,
  transaction: refuse,
  close: () => Promise.resolve(),
};
