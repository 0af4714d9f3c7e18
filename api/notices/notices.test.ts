import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { localToday } from '../../contract/index.ts';
import { createFileBlobStore } from '../blobs/file-store.ts';
import { PDF_LIKE } from '../blobs/testing.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy } from '../policies/testing.ts';
import { dbTargets, suiteApp, tempDir } from '../testing/harness.ts';
import { mailingLines, noticeMailKind, noticesToPost, postedNoticeById, postedNoticesOf, sendNotice, type Notice } from './notices.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);
const LATER = new Date('2026-04-02T12:00:00.000Z');

/** A bill as the billing cycle would hand it over: its e-mail with the PDF attached, and the PDF itself. */
function billFor(policyId: number, to: string): Notice {
  const mail: MailMessage = {
    to, subject: 'Your bill', text: 'Your bill is attached.', html: '<p>Your bill is attached.</p>',
    attachments: [{ filename: 'bill-2026-04.pdf', contentType: 'application/pdf', content: Buffer.from(PDF_LIKE).toString('base64'), encoding: 'base64' }],
  };
  return { policyId, kind: 'bill', mail, pdf: { filename: 'bill-2026-04.pdf', bytes: PDF_LIKE } };
}

class RolledBack extends Error {}

for (const target of dbTargets()) {
  describe(`sendNotice on ${target}`, () => {
    const blobsDir = tempDir('ppm-notices-');
    const blobs = createFileBlobStore(join(blobsDir.path, 'blobs'));
    const deps = { blobs, clock: () => LATER };
    const { testDb, t } = suiteApp(target, (db) => ({ clock: () => NOW, payments: createTestModeGateway(db), blobs }));
    const queuedMail = async (kind: string) =>
      (await testDb.db.query<{ message: MailMessage }>(`SELECT message FROM mail_queue WHERE kind = $1 AND message->>'to' IS NOT NULL`, [kind])).map((row) => row.message);

    test('with the consent to electronic delivery it is e-mailed, with its PDF, and nothing is posted', async () => {
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TX', electronicDelivery: true });
      await t.mail.settled();
      const notice = billFor(policy.policyId, policy.email);
      const sent = await testDb.db.transaction((tx) => sendNotice(tx, deps, notice));
      assert.deepEqual(sent, { channel: 'email' });
      const mails = (await queuedMail(noticeMailKind('bill'))).filter((mail) => mail.to === policy.email);
      assert.equal(mails.length, 1, 'queued once');
      assert.equal(mails[0]!.attachments?.[0]?.filename, 'bill-2026-04.pdf', 'as the caller made it, PDF attached');
      assert.deepEqual(await postedNoticesOf(testDb.db, policy.policyId), []);
    });

    test('without it the PDF is queued for posting, with the mailing address as it is now, and nothing is mailed', async () => {
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'GA' });
      await t.mail.settled();
      const before = (await queuedMail(noticeMailKind('bill'))).length;
      const sent = await testDb.db.transaction((tx) => sendNotice(tx, deps, { ...billFor(policy.policyId, policy.email), kind: 'cancellation-notice' }));
      assert.equal(sent.channel, 'post');
      assert.equal((await queuedMail(noticeMailKind('cancellation-notice'))).length, 0, 'no e-mail');
      assert.equal((await queuedMail(noticeMailKind('bill'))).length, before);

      const posted = (await postedNoticeById(testDb.db, sent.channel === 'post' ? sent.postedNoticeId : 0))!;
      assert.equal(posted.policyId, policy.policyId);
      assert.equal(posted.kind, 'cancellation-notice');
      assert.equal(posted.createdAt.toISOString(), LATER.toISOString());
      assert.equal(posted.postedAt, null);
      assert.equal(posted.postedBy, null);
      const owner = policy.quote.policyOwners[0]!;
      const address = (await testDb.db.query<{ mailing_address: { streetName: string; city: string; state: string; zip: string } }>(
        'SELECT mailing_address FROM policies WHERE id = $1', [policy.policyId],
      ))[0]!.mailing_address;
      assert.deepEqual(posted.addressLines, [`${owner.firstName} ${owner.lastName}`, address.streetName, `${address.city}, ${address.state} ${address.zip}`]);
      assert.equal(posted.pdfFilename, 'bill-2026-04.pdf');
      assert.equal(posted.byteSize, PDF_LIKE.byteLength);
      assert.deepEqual((await blobs.get(posted.blobKey))?.bytes, PDF_LIKE, 'the PDF as the caller made it, nothing added');
      assert.ok((await noticesToPost(testDb.db)).some((waiting) => waiting.id === posted.id), 'waiting for the team');
    });

    test("in the caller's transaction: rolled back with it, neither mailed nor posted", async () => {
      const withConsent = await bindPolicy(t, testDb.db, TODAY, { state: 'AZ', electronicDelivery: true });
      const without = await bindPolicy(t, testDb.db, TODAY, { state: 'OH' });
      await t.mail.settled();
      const mailsBefore = (await queuedMail(noticeMailKind('payment-failed'))).length;
      for (const policy of [withConsent, without]) {
        await assert.rejects(
          testDb.db.transaction(async (tx) => {
            await sendNotice(tx, deps, { ...billFor(policy.policyId, policy.email), kind: 'payment-failed' });
            throw new RolledBack('the caller failed after sending');
          }),
          RolledBack,
        );
      }
      assert.equal((await queuedMail(noticeMailKind('payment-failed'))).length, mailsBefore, 'no e-mail left behind');
      assert.deepEqual(await postedNoticesOf(testDb.db, without.policyId), [], 'no notice to post left behind');
    });

    test('a PDF that is not one, or a policy that does not exist, is a programming error', async () => {
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'FL' });
      const notice = billFor(policy.policyId, policy.email);
      await assert.rejects(testDb.db.transaction((tx) => sendNotice(tx, deps, { ...notice, pdf: { filename: 'x.pdf', bytes: new TextEncoder().encode('<html>') } })), /not a PDF/);
      await assert.rejects(testDb.db.transaction((tx) => sendNotice(tx, deps, { ...notice, policyId: 987_654 })), /no policy 987654/);
      assert.deepEqual(await postedNoticesOf(testDb.db, policy.policyId), []);
    });
  });
}

test('mailingLines: name, street, then city, state and ZIP', () => {
  assert.deepEqual(
    mailingLines({
      policyOwners: [{ relation: 'SPOUSE', firstName: 'Bo', lastName: 'Driver' }, { relation: 'INSURED', firstName: 'Ann', lastName: 'Driver' }],
      mailingAddress: { type: 'Mailing', streetName: '1 Main St Apt 4', city: 'Phoenix', state: 'AZ', zip: '85001' },
    }),
    ['Ann Driver', '1 Main St Apt 4', 'Phoenix, AZ 85001'],
  );
});
