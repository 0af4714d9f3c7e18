import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { addDays, addMonths, formatIsoDate, localToday } from '../../contract/index.ts';
import { openDb } from '../db/db.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy, outboxTexts } from '../policies/testing.ts';
import { openMigratedPgliteDir, tempDir, testApp } from '../testing/harness.ts';
import { renewFromCommandLine } from './cli.ts';

describe('npm run renew', () => {
  test("renews what is due in the server's own database (DATA_DIR's PGlite here), delivers the e-mail and makes the documents due before it exits", async () => {
    const dir = tempDir('ppm-renew-');
    try {
      // A policy bought earlier whose term ends in 10 days, issued, in the database the server would use.
      const db = await openMigratedPgliteDir(join(dir.path, 'pg'));
      let policyNumber: string;
      let policyId: number;
      try {
        const t = testApp(db, { payments: createTestModeGateway(db), config: { dataDir: join(dir.path, 'setup') } });
        // The server stopped before its documents job made the bind's documents: their request is queued.
        await t.documents.stop();
        const today = localToday();
        const policy = await bindPolicy(t, db, today, { state: 'GA' });
        policyNumber = policy.policyNumber;
        policyId = policy.policyId;
        assert.equal((await db.query('SELECT 1 FROM document_jobs WHERE policy_id = $1', [policyId])).length, 1, 'requested, not made');
        const ends = addDays(today, 10);
        await db.query(`UPDATE policies SET status = 'ISSUED', effective_date = $2::date, expiration_date = $3::date WHERE id = $1`, [
          policy.policyId, formatIsoDate(addMonths(ends, -6)), formatIsoDate(ends),
        ]);
        await t.mail.stop();
        t.cleanup();
      } finally {
        await db.close();
      }

      const lines: string[] = [];
      const env = { DATA_DIR: dir.path, PUBLIC_ORIGIN: 'https://www.example.com', DEMO_PORT: '0' };
      assert.equal(await renewFromCommandLine(env, (line) => lines.push(line)), 0, lines.join('\n'));
      assert.match(lines.join('\n'), /renewals: 1 offered, 0 already renewed, 0 failed/);
      const mails = outboxTexts(join(dir.path, 'outbox'), new RegExp(`Renew your .* policy ${policyNumber}`));
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
