import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ownershipViolations, sqlStrings, TABLE_OWNERS, tablesOfMigrations, tablesTouched } from './owners.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const MIGRATIONS = join(ROOT, 'api/db/migrations');
const TABLES = tablesOfMigrations(readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql')).sort().map((name) => readFileSync(join(MIGRATIONS, name), 'utf8')));

/**
 * Every module under api/: not the tests, not the test support (testing.ts, api/testing/), which seeds
 * rows the way a test does, and not the migrations (api/db/migrations/), the schema's history, which moves
 * any table's rows as the schema changes.
 */
function modules(folder = join(ROOT, 'api')): { path: string; source: string }[] {
  return readdirSync(folder).flatMap((name) => {
    const full = join(folder, name);
    const path = relative(ROOT, full).split('\\').join('/');
    if (statSync(full).isDirectory()) return path === 'api/testing' || path === 'api/db/migrations' || name === 'node_modules' ? [] : modules(full);
    if (!name.endsWith('.ts') || name.endsWith('.test.ts') || name === 'testing.ts') return [];
    return [{ path, source: readFileSync(full, 'utf8') }];
  });
}

describe('each table has one owner module', () => {
  test('every table of the migrations has an owner, and the map names no table that is gone', () => {
    assert.ok(TABLES.includes('policies') && TABLES.includes('signatures'), TABLES.join(' '));
    assert.deepEqual(TABLES.filter((table) => !(table in TABLE_OWNERS)), [], 'tables without an owner in api/db/owners.ts');
    assert.deepEqual(Object.keys(TABLE_OWNERS).filter((table) => !TABLES.includes(table)), [], 'owners of tables no migration leaves');
  });

  test('no module but its owner names a table in SQL', () => {
    const found = ownershipViolations(modules(), TABLES);
    assert.deepEqual(found, [], 'a module outside the owner touches a table');
  });

  test('the check catches a module that reads another\'s table, in any of the ways SQL names one', () => {
    const fixture = [
      '// SELECT * FROM quotes: a comment is not SQL',
      "const rows = await db.query(`SELECT p.id FROM policies p JOIN policy_vehicles v ON v.policy_id = p.id WHERE p.id = $1`, [id]);",
      "await tx.query('UPDATE lienholders SET name = $2 WHERE policy_id = $1', [id, name]);",
      'await tx.query("INSERT INTO signatures (policy_id) VALUES ($1)", [id]);',
      "const prose = 'Read more from policies of the past';",
    ].join('\n');
    assert.equal(sqlStrings(fixture).length, 3);
    assert.deepEqual(tablesTouched(fixture, TABLES).sort(), ['lienholders', 'policies', 'policy_vehicles', 'signatures']);
    assert.deepEqual(
      ownershipViolations([{ path: 'api/routes/documents.ts', source: fixture }, { path: 'api/policies/records.ts', source: fixture }], TABLES).sort(),
      ['api/routes/documents.ts lienholders', 'api/routes/documents.ts policies', 'api/routes/documents.ts policy_vehicles', 'api/routes/documents.ts signatures'],
    );
  });
});
