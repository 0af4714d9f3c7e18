import { test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { asUnavailable, DatabaseUnavailableError, isConnectionFailure } from './unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

test('a lost or refused connection is told apart from a failing statement', () => {
  const lost = [
    new Error('Connection terminated unexpectedly'),
    new Error('Connection terminated due to connection timeout'),
    new Error('Client has encountered a connection error and is not queryable'),
    new Error('timeout exceeded when trying to connect'),
    withCode('terminating connection due to administrator command', '57P01'),
    withCode('terminating connection because of crash of another server process', '57P02'),
    withCode('the database system is starting up', '57P03'),
    withCode('connection failure', '08006'),
    withCode('connection does not exist', '08003'),
    withCode('read ECONNRESET', 'ECONNRESET'),
    withCode('connect ECONNREFUSED 10.0.0.5:5432', 'ECONNREFUSED'),
    new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')]),
  ];
  for (const error of lost) assert.equal(isConnectionFailure(error), true, error.message);

  const ours = [
    withCode('duplicate key value violates unique constraint "quotes_quote_number_key"', '23505'),
    withCode('relation "quotes" does not exist', '42P01'),
    withCode('canceling statement due to statement timeout', '57014'),
    withCode('deadlock detected', '40P01'),
    new Error('Client was closed and is not queryable'),
    new Error('Cannot use a pool after calling end on the pool'),
    new TypeError("Cannot read properties of undefined (reading 'id')"),
    new AggregateError([withCode('connect ECONNREFUSED', 'ECONNREFUSED'), new Error('something else')]),
    'Connection terminated unexpectedly',
    undefined,
  ];
  for (const error of ours) assert.equal(isConnectionFailure(error), false, String(error));
});

test('asUnavailable wraps a connection failure once, with its cause and code, and leaves anything else alone', () => {
  const cause = withCode('terminating connection due to administrator command', '57P01');
  const wrapped = asUnavailable(cause);
  assert.ok(wrapped instanceof DatabaseUnavailableError);
  assert.equal(wrapped.cause, cause);
  assert.equal(wrapped.code, '57P01');
  assert.equal(wrapped.message, 'The database connection failed: terminating connection due to administrator command');
  assert.equal(asUnavailable(wrapped), wrapped, 'not wrapped twice');
  const bug = withCode('duplicate key value violates unique constraint', '23505');
  assert.equal(asUnavailable(bug), bug);
});

test('a refused connection, as node-postgres reports it, is a connection failure', async () => {
  // port 1 on loopback: nothing listens there
  const client = new pg.Client({ host: '127.0.0.1', port: 1, user: 'nobody', database: 'none', connectionTimeoutMillis: 5000 });
  const error = await client.connect().then(
    () => assert.fail('connected to port 1'),
    (reason: unknown) => reason,
  );
  assert.equal(isConnectionFailure(error), true, String(error));
});
