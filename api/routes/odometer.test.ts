import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { localToday, MESSAGES, odometerBoxText, parseOdometerBox, type OdometerView } from '../../contract/index.ts';
import { parseEml } from '../mail/eml.ts';
import { closeOcrProcess } from '../odometer/ocr-process.ts';
import { ODOMETER_MESSAGES } from '../odometer/messages.ts';
import { drawnOdometer, odometerImage } from '../odometer/testing/odometer-images.ts';
import { cropRegion } from '../odometer/image.ts';
import { acceptedReadings } from '../odometer/readings.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy, outboxTexts, type BoundPolicy } from '../policies/testing.ts';
import { CARE_EMAIL, dbTargets, PUBLIC_ORIGIN, suiteApp, testApp, type TestApp } from '../testing/harness.ts';
import { RATE_LIMITS } from '../app.ts';

const sizeOf = async (bytes: Uint8Array) => {
  const { width, height } = await sharp(bytes).metadata();
  return { width, height };
};
const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);
const OPS_PASSWORD = 'a-long-operations-password';
/** 1 in 2^32: no confirmed reading is drawn for review (api/odometer/verdict.ts sampledForReview). */
const NEVER_SAMPLED = 2 ** 32;
const opsAuth = { Authorization: `Basic ${Buffer.from(`ops:${OPS_PASSWORD}`).toString('base64')}` };

for (const target of dbTargets()) {
  describe(`odometer photos and their review on ${target}`, () => {
    let now = NOW;
    // (no confirmed reading is drawn for the sample here but where a test asks for it: ids differ run to run)
    const { testDb, t } = suiteApp(target, (db) => ({ clock: () => now, payments: createTestModeGateway(db), config: { opsPassword: OPS_PASSWORD, odometerConfirmedReviewOneIn: NEVER_SAMPLED } }));
    after(async () => {
      await closeOcrProcess();
    });

    async function send(
      policy: BoundPolicy | { documentsToken: string }, reading: string, photo: Uint8Array, name = 'odometer.jpg', carNumber = '1',
      options: { app?: TestApp; client?: string; box?: string; afterSuggestion?: number | string } = {},
    ) {
      const form = new FormData();
      form.set('token', policy.documentsToken);
      form.set('carNumber', carNumber);
      form.set('reading', reading);
      if (options.box !== undefined) form.set('box', options.box);
      if (options.afterSuggestion !== undefined) form.set('afterSuggestion', String(options.afterSuggestion));
      form.set('photo', new File([photo as Uint8Array<ArrayBuffer>], name, { type: 'image/jpeg' }));
      const headers: Record<string, string> = { Origin: PUBLIC_ORIGIN, ...(options.client ? { 'X-Forwarded-For': options.client } : {}) };
      const res = await (options.app ?? t).app.request('http://localhost:4321/api/odometer/photo', { method: 'POST', body: form, headers });
      return {
        status: res.status,
        retryAfter: res.headers.get('Retry-After'),
        body: (await res.json()) as { status?: string; message?: string; error_messages?: string[]; suggestion?: { attempt: number; reading: string } },
      };
    }
    /** A client address of this run's own: the rate limits' rows are shared by every run against the same database. */
    let clients = 0;
    const newClient = () => `203.0.113.${(process.pid + ++clients) % 250}`;
    const notAPhoto = new TextEncoder().encode('not a photo at all');
    const view = async (token: string) =>
      (await (await t.app.request(`http://localhost:4321/api/odometer?token=${token}`)).json()) as OdometerView;
    const photoOf = (reading: string, seed: number) => odometerImage({ reading, style: 'segments', dark: seed % 2 === 0, format: 'jpeg', seed });
    const policyStatus = async (policy: BoundPolicy) =>
      (await testDb.db.query<{ status: string }>('SELECT status FROM policies WHERE id = $1', [policy.policyId]))[0]!.status;

    test('a photo that reads as typed is verified; the vehicle shows it; a second one the same day is refused', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'OH' });
      const sent = await send(policy, '048213', await photoOf('048213', 3));
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
      assert.equal(sent.body.status, 'verified');
      const vehicle = (await view(policy.documentsToken)).vehicles[0]!;
      assert.equal(vehicle.latest?.status, 'verified');
      assert.equal(vehicle.latest?.reading, 48213);
      const again = await send(policy, '048213', await photoOf('048213', 3));
      assert.equal(again.status, 409);
      assert.deepEqual(again.body.error_messages, [MESSAGES.odometerAlreadyVerified]);
    });

    test('a typed reading the photo does not show: a suggestion at once; typed again the same, it is held for review; a person approves it, the customer is told, the policy is issued', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'GA' });
      const sentPhoto = await photoOf('031299', 8);
      const suggested = await send(policy, '031999', sentPhoto);
      assert.equal(suggested.status, 200, JSON.stringify(suggested.body));
      assert.equal(suggested.body.status, 'suggested');
      assert.equal(suggested.body.message, ODOMETER_MESSAGES.suggestion('031299'));
      assert.match(suggested.body.message!, /^The photo reads 031,299 miles\./);
      assert.equal(suggested.body.suggestion?.reading, '031299');
      assert.equal((await view(policy.documentsToken)).vehicles[0]!.latest?.status, 'suggested', 'kept, not accepted');
      const sent = await send(policy, '031999', sentPhoto, 'odometer.jpg', '1', { afterSuggestion: suggested.body.suggestion!.attempt });
      assert.equal(sent.status, 201);
      assert.equal(sent.body.status, 'needs_review');
      const held = await testDb.db.query<{ id: string; reasons: string[]; after_suggestion_id: string }>(
        `SELECT id::text AS id, reasons, after_suggestion_id::text AS after_suggestion_id FROM odometer_readings WHERE policy_id = $1 AND status = 'needs_review'`,
        [policy.policyId],
      );
      assert.match(held[0]!.reasons.join(' '), /031299/);
      assert.equal(held[0]!.after_suggestion_id, String(suggested.body.suggestion!.attempt));

      assert.equal((await t.app.request('http://localhost:4321/ops/odometer')).status, 401, 'the ops page needs its password');
      const page = await t.app.request('http://localhost:4321/ops/odometer', { headers: opsAuth });
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, new RegExp(policy.policyNumber));
      assert.match(html, new RegExp(`Needs review: typed after a suggestion \\(attempt ${suggested.body.suggestion!.attempt}\\); never verified by the readers`));
      const photo = await t.app.request(`http://localhost:4321/ops/odometer/photos/${held[0]!.id}`, { headers: opsAuth });
      assert.equal(photo.headers.get('content-type'), 'image/jpeg');

      assert.equal((await sign(policy)).status, 200);
      const approve = await t.app.request(`http://localhost:4321/ops/odometer/${held[0]!.id}`, {
        method: 'POST',
        headers: { ...opsAuth, 'Content-Type': 'application/json', Origin: PUBLIC_ORIGIN },
        body: JSON.stringify({ decision: 'approve', correctedReading: '031299' }),
      });
      assert.equal(approve.status, 200, await approve.clone().text());
      assert.equal(await policyStatus(policy), 'ISSUED', 'signed and approved: issued');
      assert.equal((await view(policy.documentsToken)).vehicles[0]!.latest?.reading, 31299, 'the reviewer’s reading counts');
      await t.mail.settled();
      assert.equal(outboxTexts(t.outboxDir, new RegExp(`Subject: Policy ${policy.policyNumber}: your odometer reading is accepted`)).length, 1);
    });

    test('a held photo reaches the care team by mail; the sender corrects the mistyped reading by sending again, which replaces it (issue 23)', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TN' });
      const suggested = await send(policy, '045000', await photoOf('042718', 5));
      assert.equal(suggested.body.status, 'suggested');
      const held = await send(policy, '045000', await photoOf('042718', 5), 'odometer.jpg', '1', { afterSuggestion: suggested.body.suggestion!.attempt });
      assert.equal(held.body.status, 'needs_review');
      assert.doesNotMatch(held.body.message!, /nothing more to do/, 'the sender may still correct it');
      await t.mail.settled();
      // (a long subject is folded onto two lines in the file: compared as parsed)
      const teamMails = outboxTexts(t.outboxDir, /Odometer photo to review/).filter(
        (raw) => parseEml(raw).headers.get('subject') === `Odometer photo to review: policy ${policy.policyNumber}, vehicle 1 (typed after a suggestion)`,
      );
      assert.equal(teamMails.length, 1, 'the care team is told');
      assert.ok(teamMails[0]!.includes(`To: ${CARE_EMAIL}`), 'to the care team (CARE_EMAIL)');
      assert.match(teamMails[0]!, /\/ops\/odometer/);
      assert.match(teamMails[0]!, /042718/, 'what the photo reads');
      assert.match(teamMails[0]!, /Typed after a suggestion: yes/, 'the mail names it');

      // the right reading, with the same photo: confirmed after the suggestion (never verified), and the held one leaves the queue
      const corrected = await send(policy, '042718', await photoOf('042718', 5));
      assert.equal(corrected.status, 201, JSON.stringify(corrected.body));
      assert.equal(corrected.body.status, 'confirmed', 'the server knows the suggestion it showed, whatever the page sends');
      assert.equal(corrected.body.message, 'Thank you: the reading of 42,718 miles is accepted.');
      const rows = await testDb.db.query<{ status: string; typed_reading: number }>(
        'SELECT status, typed_reading FROM odometer_readings WHERE policy_id = $1 ORDER BY id',
        [policy.policyId],
      );
      assert.deepEqual(rows, [{ status: 'suggested', typed_reading: 45000 }, { status: 'superseded', typed_reading: 45000 }, { status: 'confirmed', typed_reading: 42718 }]);
      const page = await (await t.app.request('http://localhost:4321/ops/odometer', { headers: opsAuth })).text();
      assert.ok(!page.includes(policy.policyNumber), 'nothing of this policy waits for review');
      assert.equal((await view(policy.documentsToken)).vehicles[0]!.latest?.status, 'confirmed');
    });

    test('a second held photo replaces the first in the queue; a refused one replaces nothing', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'AZ' });
      assert.equal((await send(policy, '045000', await photoOf('042718', 6))).body.status, 'suggested');
      assert.equal((await send(policy, '045000', await photoOf('042718', 6))).body.status, 'needs_review');
      assert.equal((await send(policy, '045001', await photoOf('042718', 6))).body.status, 'needs_review');
      const refused = await send(policy, '045002', notAPhoto, 'notes.txt');
      assert.notEqual(refused.status, 201);
      const rows = await testDb.db.query<{ status: string }>('SELECT status FROM odometer_readings WHERE policy_id = $1 ORDER BY id', [policy.policyId]);
      assert.deepEqual(rows.map((row) => row.status), ['suggested', 'superseded', 'needs_review']);
      await t.mail.settled();
      const subjects = outboxTexts(t.outboxDir, /Odometer photo to review/).map((raw) => parseEml(raw).headers.get('subject'));
      assert.deepEqual(
        // (the outbox's names sort by the clock, which stands still here)
        subjects.filter((subject) => subject?.includes(policy.policyNumber)).sort(),
        [
          `Odometer photo to review: policy ${policy.policyNumber}, vehicle 1 (typed after a suggestion)`,
          `Odometer photo to review: policy ${policy.policyNumber}, vehicle 1 (typed after a suggestion) (sent again)`,
        ],
      );
    });

    test('with the guide frame: the crop to the box (with its margin) is read, and both it and the whole photo are kept (issue 24)', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'OH' });
      const { bytes, digits } = await drawnOdometer({ reading: '027180', style: 'segments', dark: true, format: 'jpeg', seed: 11, rotation: 0 });
      const { width, height } = await sharp(bytes).metadata();
      const box = { left: digits.left / width!, top: digits.top / height!, width: digits.width / width!, height: digits.height / height! };
      const sent = await send(policy, '027180', bytes, 'odometer.jpg', '1', { box: odometerBoxText(box) });
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
      assert.equal(sent.body.status, 'verified');
      const [row] = await testDb.db.query<{ box: unknown; crop_blob_key: string; photo_blob_key: string }>(
        'SELECT box, crop_blob_key, photo_blob_key FROM odometer_readings WHERE policy_id = $1',
        [policy.policyId],
      );
      const sentBox = parseOdometerBox(odometerBoxText(box))!;
      assert.deepEqual(row!.box, sentBox, 'the box is on the reading');
      assert.match(row!.photo_blob_key, new RegExp(`^policies/${policy.policyId}/odometer/car-1-\\d+-[0-9a-f]{12}\\.jpg$`));
      assert.equal(row!.crop_blob_key, row!.photo_blob_key.replace(/\.jpg$/, '-crop.jpg'));
      const whole = await t.blobs.get(row!.photo_blob_key);
      const crop = await t.blobs.get(row!.crop_blob_key);
      assert.ok(whole && crop, 'both kept');
      assert.deepEqual(await sizeOf(whole.bytes), { width, height }, 'the whole photo, as sent (900 px is under the normalised size)');
      // the box in pixels, grown by 8% of its size on each side, rounded outwards
      const expected = {
        width: Math.ceil((sentBox.left + sentBox.width * 1.08) * width! - 1e-9) - Math.floor((sentBox.left - sentBox.width * 0.08) * width! + 1e-9),
        height: Math.ceil((sentBox.top + sentBox.height * 1.08) * height! - 1e-9) - Math.floor((sentBox.top - sentBox.height * 0.08) * height! + 1e-9),
      };
      assert.deepEqual(await sizeOf(crop.bytes), expected, 'the crop is the box with its margin');
      assert.deepEqual(cropRegion(width!, height!, sentBox).width, expected.width);
    });

    test('a box that is not one is refused with the contract message, before anything is read or kept (issue 24)', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'OH' });
      const photo = await photoOf('048213', 3);
      for (const box of ['0.5,0.4,0.6,0.2', 'left,top,width,height', '0.2,0.4,0.6', '0.2,0.4,0.001,0.2', '-0.1,0.4,0.6,0.2', '']) {
        const refused = await send(policy, '048213', photo, 'odometer.jpg', '1', { box });
        assert.equal(refused.status, 400, box);
        assert.deepEqual(refused.body.error_messages, [MESSAGES.odometerBox], box);
      }
      const forged = await send(policy, '048213', photo, 'odometer.jpg', '1', { afterSuggestion: 'abc' });
      assert.equal(forged.status, 400);
      assert.deepEqual(forged.body.error_messages, [MESSAGES.odometerAfterSuggestion]);
      assert.equal((await testDb.db.query('SELECT 1 FROM odometer_readings WHERE policy_id = $1', [policy.policyId])).length, 0);
    });

    test('confirmed after a suggestion counts for billing; with every one sampled, it goes to a person first, named so (issue 24)', async () => {
      now = NOW;
      const sampling = testApp(testDb.db, { clock: () => now, payments: createTestModeGateway(testDb.db), config: { opsPassword: OPS_PASSWORD, odometerConfirmedReviewOneIn: 1 } });
      try {
        const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'CO' });
        const photo = await photoOf('031560', 9);
        const suggested = await send(policy, '035160', photo, 'odometer.jpg', '1', { app: sampling });
        assert.equal(suggested.body.status, 'suggested');
        const sampled = await send(policy, '031560', photo, 'odometer.jpg', '1', { app: sampling, afterSuggestion: suggested.body.suggestion!.attempt });
        assert.equal(sampled.status, 201, JSON.stringify(sampled.body));
        assert.equal(sampled.body.status, 'needs_review');
        const [row] = await testDb.db.query<{ reasons: string[] }>(`SELECT reasons FROM odometer_readings WHERE policy_id = $1 AND status = 'needs_review'`, [policy.policyId]);
        assert.match(row!.reasons.join('; '), /drawn for the sample a person checks \(1 in 1\)/);

        // not sampled (the suite's app): confirmed, and it is the reading that counts
        const other = await bindPolicy(t, testDb.db, TODAY, { state: 'CO' });
        const first = await send(other, '035160', photo);
        const confirmed = await send(other, '031560', photo, 'odometer.jpg', '1', { afterSuggestion: first.body.suggestion!.attempt });
        assert.equal(confirmed.body.status, 'confirmed');
        const latest = (await view(other.documentsToken)).vehicles[0]!.latest;
        assert.deepEqual([latest?.status, latest?.reading], ['confirmed', 31560]);
        const accepted = await acceptedReadings(testDb.db, other.policyId);
        assert.deepEqual(accepted.map((reading) => reading.status), ['confirmed'], 'billing counts it');
      } finally {
        sampling.cleanup();
      }
    });

    test("a forged afterSuggestion (another policy's suggestion, or a reading that was not one) is not honoured (issue 24)", async () => {
      now = NOW;
      const victim = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      const theirs = await send(victim, '099999', await photoOf('031560', 9));
      assert.equal(theirs.body.status, 'suggested');
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      const photo = await photoOf('048213', 3);
      const forged = await send(policy, '048213', photo, 'odometer.jpg', '1', { afterSuggestion: theirs.body.suggestion!.attempt });
      assert.equal(forged.status, 201, JSON.stringify(forged.body));
      assert.equal(forged.body.status, 'needs_review', 'neither verified nor confirmed on the page’s word');
      const [row] = await testDb.db.query<{ reasons: string[]; after_suggestion_id: string | null }>(
        'SELECT reasons, after_suggestion_id::text AS after_suggestion_id FROM odometer_readings WHERE policy_id = $1',
        [policy.policyId],
      );
      assert.equal(row!.after_suggestion_id, null);
      assert.match(row!.reasons.join('; '), new RegExp(`attempt ${theirs.body.suggestion!.attempt}, which is not a suggestion made for this vehicle`));
    });

    test('a reading below the last accepted one is rejected at once, with what to do', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      assert.equal((await send(policy, '052000', await photoOf('052000', 5))).body.status, 'verified');
      now = new Date(NOW.getTime() + 10 * 86_400_000);
      const lower = await send(policy, '051000', await photoOf('051000', 6));
      assert.equal(lower.status, 422);
      assert.deepEqual(lower.body.error_messages, [ODOMETER_MESSAGES.belowPrevious(51000, 52000)]);
    });

    test('a renamed text file and a 60-megapixel image are refused before anything is read or kept', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'AZ' });
      const text = await send(policy, '012345', new TextEncoder().encode('these are not the pixels you are looking for'), 'odometer.jpg');
      assert.equal(text.status, 415);
      assert.deepEqual(text.body.error_messages, [ODOMETER_MESSAGES.notAPhoto]);
      const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#777' } }).png({ compressionLevel: 9 }).toBuffer();
      const big = await send(policy, '012345', new Uint8Array(huge), 'odometer.png');
      assert.equal(big.status, 413);
      assert.deepEqual(big.body.error_messages, [ODOMETER_MESSAGES.tooManyPixels]);
      const kept = await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM odometer_readings WHERE policy_id = $1', [policy.policyId]);
      assert.equal(kept[0]!.n, 0);
      const missing = await t.app.request('http://localhost:4321/api/odometer/photo', {
        method: 'POST', headers: { 'Content-Type': 'application/json', Origin: PUBLIC_ORIGIN }, body: '{}',
      });
      assert.equal(missing.status, 415, 'an upload is multipart/form-data');
    });

    test('uploads are rate limited per token and per client address: the one past the limit is a 429 with Retry-After (issue 22)', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'CO' });
      const limited = testApp(testDb.db, {
        clock: () => now,
        config: { trustProxy: 1 },
        rateLimits: { odometerPhotoToken: { ...RATE_LIMITS.odometerPhotoToken, limit: 2 }, odometerPhotoClient: { ...RATE_LIMITS.odometerPhotoClient, limit: 3 } },
      });
      try {
        // per token: two uploads on the link, each from another address, then the third is refused
        for (let i = 0; i < 2; i++) assert.equal((await send(policy, '012345', notAPhoto, 'a.jpg', '1', { app: limited, client: newClient() })).status, 415);
        const third = await send(policy, '012345', notAPhoto, 'a.jpg', '1', { app: limited, client: newClient() });
        assert.equal(third.status, 429, JSON.stringify(third.body));
        assert.deepEqual(third.body.error_messages, [MESSAGES.odometerPhotosTooMany]);
        assert.ok(Number(third.retryAfter) >= 1);

        // per client address, whatever the token (an unknown one included): three, then the fourth is refused
        const who = newClient();
        for (let i = 0; i < 3; i++) {
          assert.equal((await send({ documentsToken: `no-such-token-${process.pid}-${i}` }, '012345', notAPhoto, 'a.jpg', '1', { app: limited, client: who })).status, 404);
        }
        const fourth = await send({ documentsToken: `no-such-token-${process.pid}-9` }, '012345', notAPhoto, 'a.jpg', '1', { app: limited, client: who });
        assert.equal(fourth.status, 429);
        assert.deepEqual(fourth.body.error_messages, [MESSAGES.odometerPhotosTooMany]);
        assert.ok(Number(fourth.retryAfter) >= 1);
      } finally {
        limited.cleanup();
      }
    });

    test('one client address has at most the cap of uploads worked on at once; the next is a 429 with Retry-After, and the place is given back (issue 22)', async () => {
      now = NOW;
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'OR' });
      const capped = testApp(testDb.db, { clock: () => now, payments: createTestModeGateway(testDb.db), config: { trustProxy: 1 }, odometerUploadCap: { perClient: 1, retryAfterSeconds: 5 } });
      try {
        const who = newClient();
        const photo = await photoOf('027500', 4);
        // The first is read by OCR for a while; the second arrives meanwhile from the same address.
        const both = await Promise.all([
          send(policy, '027500', photo, 'odometer.jpg', '1', { app: capped, client: who }),
          send(policy, '027500', photo, 'odometer.jpg', '1', { app: capped, client: who }),
        ]);
        const busy = both.filter((answer) => answer.status === 429);
        assert.equal(busy.length, 1, JSON.stringify(both.map((answer) => [answer.status, answer.body])));
        assert.deepEqual(busy[0]!.body.error_messages, [MESSAGES.odometerPhotoBusy]);
        assert.equal(busy[0]!.retryAfter, '5');
        assert.equal(both.find((answer) => answer.status !== 429)!.status, 201);
        // Once it is answered, the place is free again (this one is the same day's second photo: 409).
        const again = await send(policy, '027500', photo, 'odometer.jpg', '1', { app: capped, client: who });
        assert.notEqual(again.status, 429, 'the place was given back');
      } finally {
        capped.cleanup();
      }
    });

    test('the ops page is off without a password', async () => {
      const off = testApp(testDb.db, { clock: () => now });
      try {
        assert.equal((await off.app.request('http://localhost:4321/ops/odometer', { headers: opsAuth })).status, 404);
      } finally {
        off.cleanup();
      }
    });

    function sign(policy: BoundPolicy) {
      return t.app.request('http://localhost:4321/api/esign', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: PUBLIC_ORIGIN },
        body: JSON.stringify({ token: policy.documentsToken, consent: true, fullName: 'Ann Driver' }),
      });
    }
  });
}
