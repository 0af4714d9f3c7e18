import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { documentKind, localToday, MESSAGES, type DocumentListResponse } from '../../contract/index.ts';
import { createFileBlobStore } from '../blobs/file-store.ts';
import type { Db } from '../db/db.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy, type BoundPolicy } from '../policies/testing.ts';
import { dbTargets, openTestDb, postJson, testApp, type TestApp, type TestDb } from '../testing/harness.ts';
import { brokenGlyphs, pdfText } from './pdf/testing.ts';
import { createDocumentsJob, DOCUMENTS_CLAIM_MS, renderRequestedDocuments } from './job.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);

const LIENHOLDER = { name: 'Porsche Financial Services', address: '200 W Washington St', city: 'Phoenix', state: 'AZ', zip: '85003', phoneNumber: '602-555-0188' };

for (const target of dbTargets()) {
  describe(`the documents job on ${target} (issue 20)`, () => {
    let testDb: TestDb;
    let now = NOW;
    const apps: TestApp[] = [];
    before(async () => {
      testDb = await openTestDb(target);
    });
    after(async () => {
      for (const app of apps) {
        await app.documents.stop();
        app.cleanup();
      }
      await testDb.cleanup();
    });

    /** An app whose documents job runs as in the server (kicked after each change) or never (`stopped`: a process that died after its commit). */
    async function appWith(options: { stopped?: boolean } = {}): Promise<TestApp> {
      const t = testApp(testDb.db, { clock: () => now, payments: createTestModeGateway(testDb.db) });
      apps.push(t);
      if (options.stopped) await t.documents.stop();
      return t;
    }
    const renderDeps = (t: TestApp) => ({ db: testDb.db, blobs: createFileBlobStore(`${t.config.dataDir}/blobs`), clock: () => now, log: () => {} });

    async function counts(policyId: number): Promise<Record<string, number>> {
      const rows = await testDb.db.query<{ kind: string; n: number }>(
        'SELECT kind, count(*)::int AS n FROM policy_documents WHERE policy_id = $1 GROUP BY kind ORDER BY kind',
        [policyId],
      );
      return Object.fromEntries(rows.map((row) => [row.kind, row.n]));
    }
    async function requested(policyId: number): Promise<number> {
      return (await testDb.db.query('SELECT 1 FROM document_jobs WHERE policy_id = $1', [policyId])).length;
    }
    async function list(t: TestApp, token: string): Promise<{ status: number; body: DocumentListResponse }> {
      const res = await t.app.request(`http://localhost:4321/api/documents?id=${token}`);
      return { status: res.status, body: (await res.json()) as DocumentListResponse };
    }
    /** The newest document of `kind`, read through the documents link as the insured would. */
    async function newestBytes(t: TestApp, policy: BoundPolicy, kind: string): Promise<Uint8Array> {
      const rows = await testDb.db.query<{ id: string }>(
        'SELECT id::text AS id FROM policy_documents WHERE policy_id = $1 AND kind = $2 ORDER BY created_at DESC, id DESC LIMIT 1',
        [policy.policyId, kind],
      );
      const res = await t.app.request(`http://localhost:4321/api/documents/files/${rows[0]!.id}?id=${policy.documentsToken}`);
      assert.equal(res.status, 200);
      return new Uint8Array(await res.arrayBuffer());
    }
    const newestText = async (t: TestApp, policy: BoundPolicy, kind: string) => (await pdfText(await newestBytes(t, policy, kind))).join('\n');
    const kindsOf = (body: DocumentListResponse) => body.data.documents.map((document) => documentKind(document.fileDescription)).sort();
    const saveLienholder = (t: TestApp, policy: BoundPolicy) =>
      t.app.request(...postJson('/api/policy/lienholder', { quoteNumber: policy.quote.policyNumber, ...LIENHOLDER, carNumber: 1 }, { 'Purchase-Token': policy.purchaseToken }));

    test('defect 2: a lienholder given after the bind is printed on the application still to sign and on the declarations; the card is not made again', async () => {
      now = NOW;
      const t = await appWith();
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'GA', financing: 'finance' });
      assert.deepEqual(await counts(policy.policyId), { application: 1, card: 1, declaration: 1 }, 'the bind’s documents');
      assert.match(await newestText(t, policy, 'application'), /None on file/);

      now = new Date(NOW.getTime() + 60_000);
      assert.equal((await saveLienholder(t, policy)).status, 200);
      await t.documents.settled();
      for (const kind of ['application', 'declaration']) {
        const text = await newestText(t, policy, kind);
        assert.match(text, /Porsche Financial Services/, `the ${kind} names the lienholder`);
        assert.match(text, /200 W Washington St/, `the ${kind} prints the address typed`);
        assert.doesNotMatch(text, /None on file/, `the ${kind} no longer says none`);
      }
      assert.deepEqual(await counts(policy.policyId), { application: 2, card: 1, declaration: 2 });
      assert.equal(await requested(policy.policyId), 0, 'the request is done');

      // The same lienholder sent again (a double press): requested, rendered, nothing new stored.
      assert.equal((await saveLienholder(t, policy)).status, 200);
      await t.documents.settled();
      assert.deepEqual(await counts(policy.policyId), { application: 2, card: 1, declaration: 2 }, 'the same facts are not stored twice');
    });

    test('a GET never makes a PDF: before the job runs the documents page lists what exists and the sign page says not ready; the job then makes them once', async () => {
      now = NOW;
      const t = await appWith({ stopped: true });
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      assert.equal(await requested(policy.policyId), 1, 'the bind requested its documents in its transaction');
      assert.deepEqual(await counts(policy.policyId), {});

      const listed = await list(t, policy.documentsToken);
      assert.equal(listed.status, 200);
      assert.deepEqual(kindsOf(listed.body), ['esignature', 'odometer'], 'the requests only: no card or declarations yet');
      const sign = await t.app.request(`http://localhost:4321/api/esign?token=${policy.documentsToken}`);
      assert.equal(sign.status, 409);
      assert.deepEqual(((await sign.json()) as { error_messages: string[] }).error_messages, [MESSAGES.esignNotReady]);
      const signing = await t.app.request(...postJson('/api/esign', { token: policy.documentsToken, consent: true, fullName: 'Ann Driver' }));
      assert.equal(signing.status, 409, 'nothing to sign yet');
      assert.deepEqual(await counts(policy.policyId), {}, 'no GET (and no refused sign) made a document');

      const tally = await renderRequestedDocuments(renderDeps(t));
      assert.ok(tally.policies >= 1 && tally.failed === 0, JSON.stringify(tally));
      assert.deepEqual(await counts(policy.policyId), { application: 1, card: 1, declaration: 1 });
      assert.equal(await requested(policy.policyId), 0);
      assert.deepEqual(kindsOf((await list(t, policy.documentsToken)).body), ['card', 'declaration', 'esignature', 'odometer']);
      assert.equal((await t.app.request(`http://localhost:4321/api/esign?token=${policy.documentsToken}`)).status, 200);

      // Rendering again for the same state stores nothing.
      await testDb.db.query('INSERT INTO document_jobs (policy_id, requested_at) VALUES ($1, $2)', [policy.policyId, now]);
      await renderRequestedDocuments(renderDeps(t));
      assert.deepEqual(await counts(policy.policyId), { application: 1, card: 1, declaration: 1 });
    });

    test('a request left by a process killed after its commit, or by a worker that died mid-render, is completed by the timer’s worker after the lease', async () => {
      now = NOW;
      const dead = await appWith({ stopped: true });
      const policy = await bindPolicy(dead, testDb.db, TODAY, { state: 'AZ', financing: 'finance' });
      assert.equal((await saveLienholder(dead, policy)).status, 200);
      assert.equal(await requested(policy.policyId), 1, 'two changes, one request');
      // a worker took it and died: its lease holds the request
      await testDb.db.query('UPDATE document_jobs SET claimed_until = $2 WHERE policy_id = $1', [policy.policyId, new Date(now.getTime() + DOCUMENTS_CLAIM_MS)]);

      const worker = createDocumentsJob(renderDeps(dead));
      try {
        worker.start();
        await worker.settled();
        assert.deepEqual(await counts(policy.policyId), {}, 'not while the dead worker’s lease runs');
        now = new Date(NOW.getTime() + DOCUMENTS_CLAIM_MS + 1000);
        await worker.renderDue();
        await worker.settled();
      } finally {
        await worker.stop();
      }
      assert.deepEqual(await counts(policy.policyId), { application: 1, card: 1, declaration: 1 }, 'made once, with the lienholder');
      assert.match(await newestText(dead, policy, 'application'), /Porsche Financial Services/);
      assert.equal(await requested(policy.policyId), 0);
    });

    /** A Db whose first transaction waits at its start until `release`: a renderer stopped after building its PDFs. */
    function gatedAtFirstTransaction(db: Db) {
      let release!: () => void;
      let reached!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const atGate = new Promise<void>((resolve) => (reached = resolve));
      let first = true;
      const gated: Db = {
        ...db,
        kind: db.kind,
        query: db.query.bind(db),
        exec: db.exec.bind(db),
        close: db.close.bind(db),
        transaction: async (work) => {
          if (first) {
            first = false;
            reached();
            await gate;
          }
          return db.transaction(work);
        },
      };
      return { gated, atGate, release };
    }

    test('a change requested while its policy is being rendered is rendered too: the request stays until its newest generation is done', async () => {
      now = NOW;
      const t = await appWith({ stopped: true });
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'GA', financing: 'finance' });
      // The renderer's transaction waits until the lienholder has been saved: its PDFs show the policy as read before it.
      const { gated, atGate, release } = gatedAtFirstTransaction(testDb.db);
      const rendering = renderRequestedDocuments({ ...renderDeps(t), db: gated });
      await atGate;
      assert.equal((await saveLienholder(t, policy)).status, 200);
      release();
      const tally = await rendering;
      assert.equal(tally.policies, 2, 'the same policy twice in one pass: its generation moved on while it was rendered');
      const declarations = await testDb.db.query<{ id: string }>(
        `SELECT id::text AS id FROM policy_documents WHERE policy_id = $1 AND kind = 'declaration' ORDER BY id`,
        [policy.policyId],
      );
      assert.equal(declarations.length, 1, 'the rendering of the rows before the change stores nothing; the one after it stores the declarations');
      assert.match(await newestText(t, policy, 'declaration'), /Porsche Financial Services/);
      assert.deepEqual(await counts(policy.policyId), { application: 1, card: 1, declaration: 1 });
      assert.equal(await requested(policy.policyId), 0, 'done only once its newest generation is');
    });

    test('a rendering overtaken by the rendering of a later change (another lane or process) does not store its older papers over the newer', async () => {
      now = NOW;
      const t = await appWith({ stopped: true });
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'OH', financing: 'lease' });
      // renderer A builds the papers of the policy as bound, and waits before storing them
      const { gated, atGate, release } = gatedAtFirstTransaction(testDb.db);
      const slow = renderRequestedDocuments({ ...renderDeps(t), db: gated }, 1);
      await atGate;
      // the lienholder is given: a new generation, which renderer B takes, renders and stores first
      assert.equal((await saveLienholder(t, policy)).status, 200);
      const fast = await renderRequestedDocuments(renderDeps(t), 1);
      assert.equal(fast.policies, 1);
      assert.match(await newestText(t, policy, 'declaration'), /Porsche Financial Services/);
      release();
      await slow;
      assert.match(await newestText(t, policy, 'declaration'), /Porsche Financial Services/, 'the newest declarations still print the lienholder');
      assert.match(await newestText(t, policy, 'application'), /Porsche Financial Services/);
      assert.deepEqual(await counts(policy.policyId), { application: 1, card: 1, declaration: 1 }, 'A stored nothing');
      assert.equal(await requested(policy.policyId), 0);
    });

    // last: the migration asks for every bound policy of this database, the other tests' too
    test('migration 030: documents drawn before it (their glyphs broken on screen) are made again as new versions with whole glyphs; a signed application is not', async () => {
      now = NOW;
      const t = await appWith();
      const unsigned = await bindPolicy(t, testDb.db, TODAY, { state: 'AZ' });
      const signed = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      const signing = await t.app.request(...postJson('/api/esign', { token: signed.documentsToken, consent: true, fullName: 'Ann Driver' }));
      assert.equal(signing.status, 200);
      await t.documents.settled();
      const before = { unsigned: await counts(unsigned.policyId), signed: await counts(signed.policyId) };
      assert.deepEqual(before.unsigned, { application: 1, card: 1, declaration: 1 });
      // as stored by the drawing before RENDERING 2: the same facts, hashed without it
      await testDb.db.query("UPDATE policy_documents SET source_sha256 = 'drawn before 030' WHERE policy_id = ANY($1)", [[unsigned.policyId, signed.policyId]]);

      now = new Date(NOW.getTime() + 60_000);
      await testDb.db.query(readFileSync(new URL('../db/migrations/030_documents_redrawn.sql', import.meta.url), 'utf8'));
      assert.equal(await requested(unsigned.policyId), 1);
      const tally = await renderRequestedDocuments(renderDeps(t));
      assert.equal(tally.failed, 0);
      assert.deepEqual(await counts(unsigned.policyId), { application: 2, card: 2, declaration: 2 }, 'each drawn again, the old version kept');
      assert.deepEqual(await counts(signed.policyId), { ...before.signed, card: 2, declaration: 2 }, 'the signed application stands as signed');
      for (const kind of ['card', 'declaration', 'application']) {
        assert.deepEqual(await brokenGlyphs(await newestBytes(t, unsigned, kind)), [], kind);
      }
      assert.equal(await requested(unsigned.policyId), 0);
    });
  });
}
