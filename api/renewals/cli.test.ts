import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { addDays, addMonths, formatIsoDate, localToday } from '../../contract/index.ts';
import { openDb } from '../db/db.ts';
import { commandLineSetting } from '../testing/command-line.ts';
import { renewFromCommandLine } from './cli.ts';

describe('npm run renew', () => {
  test("renews what is due in the server's own database (DATA_DIR's PGlite here), delivers the e-mail and makes the documents due before it exits", async () => {
    // A policy bought earlier whose term ends in 10 days, issued, in the database the server would use.
    const { dir, env, policy, sent } = await commandLineSetting('ppm-renew-', {
      // The server stopped before its documents job made the bind's documents: their request is queued.
      before: (t) => t.documents.stop(),
      after: async (db, bought) => {
        assert.equal((await db.query('SELECT 1 FROM document_jobs WHERE policy_id = $1', [bought.policyId])).length, 1, 'requested, not made');
        const ends = addDays(localToday(), 10);
        await db.query(`UPDATE policies SET status = 'ISSUED', effective_date = $2::date, expiration_date = $3::date WHERE id = $1`, [
          bought.policyId, formatIsoDate(addMonths(ends, -6)), formatIsoDate(ends),
        ]);
      },
    });
    const { policyNumber, policyId } = policy;
    try {
      const lines: string[] = [];
      assert.equal(await renewFromCommandLine(env, (line) => lines.push(line)), 0, lines.join('\n'));
      assert.match(lines.join('\n'), /renewals: 1 offered, 0 already renewed, 0 failed/);
      const mails = sent(new RegExp(`Renew your .* policy ${policyNumber}`));
      assert.equal(mails.length, 1);
      assert.match(mails[0]!, /https:\/\/www\.example\.com\/rollover#[0-9a-f]{64}/);
      const after = await openDb({ dataDir: join(dir.path, 'pg') });
      try {
        const kinds = await after.query<{ kind: string }>('SELECT DISTINCT kind FROM policy_documents WHERE policy_id = $1 ORDER BY kind', [policyId]);
        assert.deepEqual(
          kinds.map((row) => row.kind),
          ['application', 'card', 'declaration', 'renewal-application', 'renewal-declaration'],
          "the renewal's papers, and the documents that were due, made before the command ended",
        );
        assert.equal((await after.query('SELECT 1 FROM document_jobs WHERE policy_id = $1', [policyId])).length, 0, 'nothing left queued');
      } finally {
        await after.close();
      }

      assert.equal(await renewFromCommandLine(env, (line) => lines.push(line)), 0);
      assert.match(lines.at(-1)!, /renewals: 0 offered/, 'a second run renews nothing');
    } finally {
      dir.remove();
    }
  });
});
