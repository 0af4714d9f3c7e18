import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { DOCUMENT_DESCRIPTIONS, documentKind, localToday, MESSAGES, type DocumentListResponse, type EsignView } from '../../contract/index.ts';
import { pdfText } from '../documents/pdf/testing.ts';
import { bindPolicy, outboxTexts } from '../policies/testing.ts';
import { readPolicyRecord } from '../policies/records.ts';
import { sendDueReminders } from '../policies/reminders.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { dbTargets, postJson, suiteApp } from '../testing/harness.ts';
import { issueToken } from '../tokens/tokens.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);
const DAY = 86_400_000;

for (const target of dbTargets()) {
  describe(`documents, e-signature and issuance on ${target}`, () => {
    let now = NOW;
    const { testDb, t } = suiteApp(target, (db) => ({ clock: () => now, payments: createTestModeGateway(db) }));

    const get = (path: string, headers: Record<string, string> = {}) => t.app.request(`http://localhost:4321${path}`, { headers });
    async function list(token: string) {
      const res = await get(`/api/documents?id=${token}`);
      return { status: res.status, body: (await res.json()) as DocumentListResponse & { error_messages?: string[] }, headers: res.headers };
    }
    const byKind = (body: DocumentListResponse) => new Map(body.data.documents.map((document) => [documentKind(document.fileDescription), document]));
    const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
    /** Accepted readings for every vehicle, as the odometer page leaves them (its own tests cover the photo). */
    async function verifiedReadings(policyId: number) {
      await testDb.db.query(
        `INSERT INTO odometer_readings (policy_id, car_number, typed_reading, ocr_first, ocr_second, status, photo_blob_key, photo_content_type, created_at)
         SELECT policy_id, car_number, 12345, '12345', '12345', 'verified', 'test/none.png', 'image/png', $2 FROM policy_vehicles WHERE policy_id = $1`,
        [policyId, now],
      );
    }
    const sign = (token: string, fullName: string, consent: unknown = true) =>
      t.app.request(...postJson('/api/esign', { token, consent, fullName }, { 'User-Agent': 'TestBrowser/1.0' }));

    test('a bound policy: the documents link lists the binder ID card and declarations, and opens the e-sign and odometer requests', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TX', vehicles: 2 });
      const { status, body, headers } = await list(policy.documentsToken);
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(headers.get('cache-control'), 'no-store');
      const kinds = byKind(body);
      assert.deepEqual([...kinds.keys()].sort(), ['card', 'declaration', 'esignature', 'odometer']);
      assert.equal(pathOf(kinds.get('esignature')!.fileUrl), `/account/sign?token=${policy.documentsToken}`);
      assert.equal(pathOf(kinds.get('odometer')!.fileUrl), `/odometer?token=${policy.documentsToken}`);

      const card = await get(pathOf(kinds.get('card')!.fileUrl));
      assert.equal(card.status, 200);
      assert.equal(card.headers.get('content-type'), 'application/pdf');
      assert.equal(card.headers.get('cache-control'), 'private, no-store');
      assert.equal(card.headers.get('content-disposition'), `inline; filename="ID-Card-${policy.policyNumber}.pdf"`);
      const cardText = (await pdfText(new Uint8Array(await card.arrayBuffer()))).join('\n');
      assert.match(cardText, new RegExp(policy.policyNumber));
      for (const vehicle of policy.quote.vehicleInfo) assert.match(cardText, new RegExp(vehicle.vin));
      assert.match(cardText, /binder/i, 'a bound policy’s card says binder');

      const declarations = await get(pathOf(kinds.get('declaration')!.fileUrl));
      const text = (await pdfText(new Uint8Array(await declarations.arrayBuffer()))).join('\n');
      assert.match(text, new RegExp(policy.policyNumber));
      assert.match(text, /30,000\/60,000/, 'the bodily injury limits');
      assert.ok(!t.logs.join('\n').includes(policy.documentsToken), 'the token is never logged');
    });

    test('a token opens its own policy only, for its own purpose, until it expires', async () => {
      now = NOW;
      const mine = await bindPolicy(t, testDb.db, TODAY, { state: 'GA' });
      const theirs = await bindPolicy(t, testDb.db, TODAY, { state: 'GA' });
      const myCard = byKind((await list(mine.documentsToken)).body).get('card')!;
      const fileId = /files\/(\d+)/.exec(myCard.fileUrl)![1];
      const withTheirToken = await get(`/api/documents/files/${fileId}?id=${theirs.documentsToken}`);
      assert.equal(withTheirToken.status, 404, 'another policy’s token does not open this PDF');
      assert.deepEqual(((await withTheirToken.json()) as { error_messages: string[] }).error_messages, [MESSAGES.documentsLinkExpired]);

      const odometerOnly = await issueToken(testDb.db, 'odometer-photo', now, { subjectId: mine.policyId });
      assert.equal((await list(odometerOnly)).status, 404, 'the texted odometer link does not open the documents');
      const quoteLink = await issueToken(testDb.db, 'quote-link', now, { subjectId: mine.policyId });
      assert.equal((await list(quoteLink)).status, 404);

      now = new Date(NOW.getTime() + 14 * DAY + 1000);
      const expired = await list(mine.documentsToken);
      assert.equal(expired.status, 404);
      assert.deepEqual(expired.body.error_messages, [MESSAGES.documentsLinkExpired]);
      now = NOW;
      assert.equal((await list('not-a-token')).status, 400);
    });

    test('e-signature: consent and the named insured’s name are required; the signature is recorded with the PDF’s hash', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'OH' });
      const view = (await (await get(`/api/esign?token=${policy.documentsToken}`)).json()) as EsignView;
      assert.equal(view.status, 'open');
      assert.equal(view.subject, 'application');
      assert.equal(view.policyNumber, policy.policyNumber);
      const application = new Uint8Array(await (await get(pathOf(view.applicationUrl))).arrayBuffer());
      const applicationText = (await pdfText(application)).join('\n');
      assert.match(applicationText, /Ann/);

      const noConsent = await sign(policy.documentsToken, 'Ann Driver', false);
      assert.equal(noConsent.status, 400);
      assert.deepEqual(((await noConsent.json()) as { error_messages: string[] }).error_messages, [MESSAGES.esignConsentRequired]);
      const wrongName = await sign(policy.documentsToken, 'Someone Else');
      assert.equal(wrongName.status, 422);
      assert.deepEqual(((await wrongName.json()) as { error_messages: string[] }).error_messages, [MESSAGES.esignNameMismatch]);

      const signed = await sign(policy.documentsToken, '  ann   DRIVER ');
      assert.equal(signed.status, 200, await signed.clone().text());
      const again = await sign(policy.documentsToken, 'Ann Driver');
      assert.equal(again.status, 409);

      const rows = await testDb.db.query<{ document_sha256: string; ip_address: string; user_agent: string; signer_name: string }>(
        'SELECT document_sha256, ip_address, user_agent, signer_name FROM signatures WHERE policy_id = $1 AND renewal_id IS NULL',
        [policy.policyId],
      );
      assert.equal(rows[0]!.document_sha256.trim(), createHash('sha256').update(application).digest('hex'), 'the hash of the PDF the person read');
      assert.equal(rows[0]!.user_agent, 'TestBrowser/1.0');
      assert.ok(rows[0]!.ip_address.length > 0);

      const kinds = byKind((await list(policy.documentsToken)).body);
      assert.ok(!kinds.has('esignature'), 'no e-sign request once signed');
      assert.ok(kinds.has('odometer'), 'the odometer photo is still missing');
      const signedCopy = (await pdfText(new Uint8Array(await (await get(pathOf(kinds.get('signed-application')!.fileUrl))).arrayBuffer()))).join('\n');
      assert.match(signedCopy, /Electronically signed by/);
      assert.match(signedCopy, new RegExp(rows[0]!.document_sha256.trim()));
      assert.equal(((await (await get(`/api/esign?token=${policy.documentsToken}`)).json()) as EsignView).status, 'signed');
    });

    test('issuance: signature and accepted readings make the policy ISSUED in one step, with issued documents and an e-mail', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'AZ' });
      await verifiedReadings(policy.policyId);
      assert.equal((await sign(policy.documentsToken, 'Ann Driver')).status, 200);
      await t.documents.settled();
      const record = (await readPolicyRecord(testDb.db, policy.policyId))!;
      assert.equal(record.status, 'ISSUED');
      assert.deepEqual(record.statusHistory.map((change) => change.status), ['BOUND', 'ISSUED'], 'the history keeps the bind and the issue');
      assert.equal(record.statusHistory[1]!.changedAt.toISOString(), now.toISOString(), 'issued when the last condition arrived');
      const { body } = await list(policy.documentsToken);
      const kinds = byKind(body);
      assert.deepEqual([...kinds.keys()].sort(), ['card', 'declaration', 'signed-application'], 'documents mode: nothing left to do');
      const card = (await pdfText(new Uint8Array(await (await get(pathOf(kinds.get('card')!.fileUrl))).arrayBuffer()))).join('\n');
      assert.doesNotMatch(card, /binder/i, 'the issued card is no binder');
      const declaration = (await pdfText(new Uint8Array(await (await get(pathOf(kinds.get('declaration')!.fileUrl))).arrayBuffer()))).join('\n');
      assert.match(declaration, /Issued on 03\/02\/2026/, 'the declarations say since when the policy is issued');
      const stored = await testDb.db.query<{ kind: string; n: number }>(
        `SELECT kind, count(*)::int AS n FROM policy_documents WHERE policy_id = $1 GROUP BY kind ORDER BY kind`,
        [policy.policyId],
      );
      assert.deepEqual(stored.map((row) => [row.kind, row.n]), [['application', 1], ['card', 2], ['declaration', 2], ['signed-application', 1]], 'every version is kept; the newest is listed');
      await t.mail.settled();
      assert.equal(outboxTexts(t.outboxDir, new RegExp(`Subject: .*policy ${policy.policyNumber} is issued`)).length, 1);
    });

    test('the My Policy request e-mails a fresh link to a policy’s address, and answers the same for an unknown one', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'CO' });
      const known = await t.app.request(...postJson('/api/documents/link', { emailAddress: policy.email.toUpperCase() }));
      const unknown = await t.app.request(...postJson('/api/documents/link', { emailAddress: 'nobody.here@example.com' }));
      assert.equal(known.status, 200);
      assert.equal(unknown.status, 200);
      assert.deepEqual(await known.json(), await unknown.json());
      await t.mail.settled();
      const mails = outboxTexts(t.outboxDir, /Subject: Your Apex Pay-Per-Mile policy documents/).filter((text) => text.includes(policy.policyNumber));
      assert.equal(mails.length, 1);
      const token = /\/account\/documents\/([0-9a-f]{64})/.exec(mails[0]!)![1]!;
      assert.notEqual(token, policy.documentsToken);
      assert.equal((await list(token)).status, 200);
      assert.equal(outboxTexts(t.outboxDir, /nobody\.here@example\.com/).length, 0);
    });

    test('reminders after 2 and 5 days while something is missing, once each, and none once issued', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TN' });
      const remindersOf = async () => {
        await t.mail.settled();
        return outboxTexts(t.outboxDir, new RegExp(`Policy ${policy.policyNumber}: we still need`)).length;
      };
      const deps = { db: testDb.db, clock: () => now, config: t.config };
      now = new Date(NOW.getTime() + 1 * DAY);
      await sendDueReminders(deps);
      assert.equal(await remindersOf(), 0, 'not before 2 days');
      now = new Date(NOW.getTime() + 2 * DAY + 60_000);
      await sendDueReminders(deps);
      await sendDueReminders(deps);
      await t.mail.deliverDue();
      assert.equal(await remindersOf(), 1, 'the first, once');
      now = new Date(NOW.getTime() + 5 * DAY + 60_000);
      await verifiedReadings(policy.policyId);
      await sendDueReminders(deps);
      await t.mail.deliverDue();
      assert.equal(await remindersOf(), 2, 'the second');
      const second = outboxTexts(t.outboxDir, new RegExp(`Policy ${policy.policyNumber}: we still need`)).at(-1)!;
      assert.match(second, /signature/);
      assert.doesNotMatch(second, /odometer of/, 'the readings arrived: only the signature is asked for');
      now = new Date(NOW.getTime() + 30 * DAY);
      await sendDueReminders(deps);
      await t.mail.deliverDue();
      assert.equal(await remindersOf(), 2, 'two reminders at most');
    });
  });
}
