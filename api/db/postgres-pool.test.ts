/**
 * The PostgreSQL pool when the server ends an idle connection (a restart, a failover, an administrator):
 * the process lives on, the loss is one line in the server's log (a JSON object in production, with its
 * code), and the next query opens another connection. PostgreSQL only: PGlite has no connection to lose.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { LogFields } from '../log.ts';
import { openDb } from './db.ts';
import { dbTargets } from '../testing/harness.ts';

for (const target of dbTargets()) {
  if (target !== 'postgres') continue;
  describe('the PostgreSQL pool', () => {
    test('an idle connection the server ends is logged as one error, with its code; the next query reconnects', async () => {
      const url = process.env.DATABASE_URL!;
      const logged: { line: string; fields: LogFields | undefined }[] = [];
      const db = await openDb({ databaseUrl: url, log: (line, fields) => logged.push({ line, fields }) });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const [mine] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // the pool's one connection is idle again: ended from another session, as a restart would
        await admin.query('SELECT pg_terminate_backend($1)', [mine!.pid]);
        for (let waited = 0; logged.length === 0; waited += 1) {
          assert.ok(waited < 500, 'the loss is logged within 10 s');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        assert.equal(logged.length, 1);
        assert.match(logged[0]!.line, /^postgres pool: an idle connection was lost \(error 57P01\); the next query opens another$/);
        assert.deepEqual(logged[0]!.fields, { level: 'error', where: 'postgres pool', code: '57P01' });
        const [again] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        assert.notEqual(again!.pid, mine!.pid, 'a new connection answered');
      } finally {
        await admin.end();
        await db.close();
      }
    });

    test('a statement run again is parsed and planned once on its connection (a named prepared statement); one run once is not', async () => {
      const db = await openDb({ databaseUrl: process.env.DATABASE_URL! });
      // texts of this run alone: which texts were seen is the process's, across tests
      const marker = `prepared_${randomBytes(6).toString('hex')}`;
      const again = `SELECT $1::int + 1 AS n /* ${marker} again */`;
      const once = `SELECT $1::int + 2 AS n /* ${marker} once */`;
      try {
        const prepared = await db.transaction(async (tx) => {
          // a transaction holds one connection, whose prepared statements pg_prepared_statements lists
          assert.deepEqual(await tx.query(again, [1]), [{ n: 2 }]);
          assert.deepEqual(await tx.query(again, [2]), [{ n: 3 }], 'the second run, the first as a prepared statement');
          assert.deepEqual(await tx.query(again, [3]), [{ n: 4 }], 'the third, with the statement already there');
          assert.deepEqual(await tx.query(once, [1]), [{ n: 3 }]);
          return tx.query<{ name: string; statement: string }>(
            'SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE $1',
            [`%${marker}%`],
          );
        });
        assert.deepEqual(prepared.map((row) => row.statement), [again]);
        assert.match(prepared[0]!.name, /^ppm_[0-9a-f]{32}$/);
      } finally {
        await db.close();
      }
    });
  });
}
