import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import exifr from 'exifr';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflate } from 'node:zlib';
import { BRAND, CLAIM_REFERENCE, MESSAGES } from '../../contract/index.ts';
import type { Db, Queryable } from '../db/db.ts';
import { parseEml } from '../mail/eml.ts';
import { RATE_LIMITS } from '../app.ts';
import { dbTargets, PUBLIC_ORIGIN, suiteApp, testApp, uniqueEmail, outboxFiles, type TestApp } from '../testing/harness.ts';

const NOW = new Date('2026-03-02T15:00:00.000Z');

const claimOf = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Ann', lastName: "O'Neill", email, telephoneNumber: '602-555-0134', insuranceProvider: BRAND.insurer,
  insuredRelation: 'INSURED', incidentLocation: 'Camelback Rd & 24th St, Phoenix', incidentDate: '2026-03-01',
  incidentDescription: 'Rear-ended at a red light.', ownerVehicleInvolved: true, ownerVehicleLocation: 'tow',
  ownerVehicleLocationInput: '480-555-0199', ownerVehicleDamage: 'Rear bumper', ...extra,
});

const jpeg = (seed: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed * 40, g: 90, b: 120 } } }).jpeg().toBuffer();
const png = () => sharp({ create: { width: 32, height: 32, channels: 4, background: '#c33' } }).png().toBuffer();
const heic = () => Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypheic'), 0, 0, 0, 0, ...Buffer.from('mif1heic')]);
/** Where a phone would put it: a JPEG 64 wide, 48 high, stored turned (orientation 6), with a GPS position in its EXIF. */
const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#468' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 26/1 5/1', GPSLongitudeRef: 'W', GPSLongitude: '112/1 4/1 30/1' } } })
    .toBuffer();

/** A chunk of a PNG: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/**
 * Issue 22's decompression bomb: a valid PNG of 30,000 x 30,000 one-bit pixels, all black, about 110 KB.
 * Its rows are deflated one at a time through a stream, so the test never holds the 112 MB they inflate to.
 */
async function pngBomb(side = 30_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  const row = Buffer.alloc(1 + Math.ceil(side / 8)); // filter byte 0 and the row's pixels, all 0
  const parts: Buffer[] = [];
  const deflate = createDeflate({ level: 9 });
  deflate.on('data', (part: Buffer) => parts.push(part));
  await pipeline(Readable.from((function* () { for (let y = 0; y < side; y++) yield row; })()), deflate);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', Buffer.concat(parts)), pngChunk('IEND', new Uint8Array())]);
}


let client = 0;
let keys = 0;
const newKey = () => `claim-test-${process.pid}-${++keys}`;

for (const target of dbTargets()) {
  describe(`POST /api/contact/claims on ${target}`, () => {
    const { testDb, t } = suiteApp(target, { clock: () => NOW, config: { trustProxy: 1, claimsEmail: 'claims-desk@apex-ppm.example' } });

    async function send(
      app: TestApp,
      claim: unknown,
      photos: { bytes: Uint8Array; name: string; type?: string }[] = [],
      options: { key?: string; client?: string } = {},
    ) {
      const form = new FormData();
      form.set('claim', typeof claim === 'string' ? claim : JSON.stringify(claim));
      for (const photo of photos) form.append('photos', new File([photo.bytes as Uint8Array<ArrayBuffer>], photo.name, { type: photo.type ?? 'image/jpeg' }));
      const headers: Record<string, string> = { Origin: PUBLIC_ORIGIN, 'X-Forwarded-For': options.client ?? `198.51.100.${++client % 250}` };
      if (options.key !== '') headers['Idempotency-Key'] = options.key ?? newKey();
      const res = await app.app.request('http://localhost:4321/api/contact/claims', { method: 'POST', body: form, headers });
      return { status: res.status, headers: res.headers, body: (await res.json()) as { reference?: string; msg?: string; error_messages?: string[] } };
    }
    const claimsOf = (email: string) =>
      testDb.db.query<{ id: number; reference: string; claim: Record<string, unknown> }>(
        "SELECT id::int AS id, reference, claim FROM claims WHERE claim->>'email' = $1",
        [email],
      );
    const photosOf = (claimId: number) =>
      testDb.db.query<{ blob_key: string; content_type: string; size_bytes: number }>(
        'SELECT blob_key, content_type, size_bytes FROM claim_photos WHERE claim_id = $1 ORDER BY position',
        [claimId],
      );

    test('files the claim with its photos: 201 { reference, msg }, stored once, two e-mails in the outbox', async () => {
      const email = uniqueEmail('claim');
      await t.mail.settled();
      const before = new Set(outboxFiles(t.outboxDir));
      const photos = [{ bytes: await jpeg(1), name: 'rear.jpg' }, { bytes: await png(), name: 'side.png', type: 'image/png' }];
      const sent = await send(t, claimOf(email), photos);
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
      assert.match(sent.body.reference!, CLAIM_REFERENCE);
      assert.equal(sent.body.msg, MESSAGES.claimReceived(sent.body.reference!));
      const rows = await claimsOf(email);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.reference, sent.body.reference);
      assert.equal(rows[0]!.claim.insuredRelation, 'INSURED');
      assert.equal(rows[0]!.claim.ownerVehicleInvolved, true);
      const stored = await photosOf(rows[0]!.id);
      assert.deepEqual(stored.map((p) => p.content_type), ['image/jpeg', 'image/png']);
      const blob = await t.blobs.get(stored[1]!.blob_key);
      assert.equal(stored[1]!.size_bytes, blob!.bytes.length);
      // written again without metadata (issue 22), the PNG's pixels as they were sent
      const pixels = (bytes: Uint8Array) => sharp(bytes).raw().toBuffer();
      assert.deepEqual(await pixels(blob!.bytes), await pixels(photos[1]!.bytes), 'the PNG is kept pixel for pixel');

      await t.mail.settled();
      const mails = outboxFiles(t.outboxDir).filter((name) => !before.has(name)).map((name) => parseEml(readFileSync(join(t.outboxDir, name), 'utf8')));
      assert.equal(mails.length, 2);
      const team = mails.find((m) => m.headers.get('to') === 'claims-desk@apex-ppm.example');
      const ack = mails.find((m) => m.headers.get('to') === email);
      assert.ok(team && ack, 'one to the configured claims address, one to the claimant');
      assert.match(team.headers.get('subject')!, new RegExp(`New claim ${sent.body.reference}`));
      const teamText = team.parts.find((p) => p.contentType.startsWith('text/plain'))!.body;
      for (const line of [
        "Last Name: O'Neill", 'Telephone Number: 602-555-0134', 'Your relation to the insured: INSURED', 'Date of the incident: 03/01/2026',
        'Was your vehicle involved?: Yes', 'Where is your vehicle now?: Tow yard', "The tow yard's phone number: 480-555-0199",
        '2 photos of the damage attached.',
      ]) assert.ok(teamText.includes(line), `team mail has "${line}"`);
      const attached = team.parts.filter((p) => p.contentType.startsWith('image/'));
      assert.deepEqual(attached.map((p) => p.contentType.split(';')[0]), ['image/jpeg', 'image/jpeg']);
      const ackText = ack.parts.find((p) => p.contentType.startsWith('text/plain'))!.body;
      assert.ok(ackText.includes(sent.body.reference!));
      assert.match(ackText, /within one business day/);
      assert.ok(ackText.includes(`${BRAND.phone} ext. ${BRAND.claimsExtension}`));
      assert.ok(!t.logs.join('\n').includes(email), 'no personal data in the log');
    });

    test('the same Idempotency-Key files once: a second press at the same moment is told to wait, a later one answers the same reference', async () => {
      const email = uniqueEmail('twice');
      const key = newKey();
      const photos = [{ bytes: await jpeg(2), name: 'a.jpg' }];
      const both = await Promise.all([send(t, claimOf(email), photos, { key }), send(t, claimOf(email), photos, { key })]);
      // The one Idempotency-Key mechanism (api/http/idempotency.ts) refuses a request while the first under its
      // key runs (409, Retry-After), where the claim's own key once made it wait for the first's row. PGlite
      // runs one statement at a time, so the second may also arrive after the first finished: a replay.
      const statuses = both.map((answer) => answer.status).sort();
      assert.ok(
        JSON.stringify(statuses) === '[201,409]' || (JSON.stringify(statuses) === '[201,201]' && both.some((answer) => answer.headers.get('Idempotent-Replayed') === 'true')),
        `statuses ${statuses}`,
      );
      const conflict = both.find((answer) => answer.status === 409);
      if (conflict) {
        assert.deepEqual(conflict.body.error_messages, [MESSAGES.claimInProgress]);
        assert.ok(Number(conflict.headers.get('Retry-After')) >= 1);
      }
      const a = both.find((answer) => answer.status === 201)!;
      const again = await send(t, claimOf(email), photos, { key });
      assert.equal(again.status, 201);
      assert.deepEqual(again.body, a.body);
      assert.equal(again.headers.get('Idempotent-Replayed'), 'true');
      const rows = await claimsOf(email);
      assert.equal(rows.length, 1);
      assert.equal((await photosOf(rows[0]!.id)).length, 1);
      const other = await send(t, claimOf(email, { incidentDescription: 'Something else' }), photos, { key });
      assert.equal(other.status, 422);
      assert.deepEqual(other.body.error_messages, [MESSAGES.claimIdempotencyKeyReused]);
      const without = await send(t, claimOf(email), [], { key: '' });
      assert.equal(without.status, 400);
      assert.deepEqual(without.body.error_messages, [MESSAGES.idempotencyKeyRequired('claim')]);
    });

    test('a process that died after filing, before the answer was stored: the retry that takes the key over files nothing again', async () => {
      const email = uniqueEmail('crash');
      const key = newKey();
      const photos = [{ bytes: await jpeg(4), name: 'a.jpg' }];
      const first = await send(t, claimOf(email), photos, { key });
      assert.equal(first.status, 201);
      await t.mail.settled();
      const mails = outboxFiles(t.outboxDir).length;
      // what the dead process leaves in the central store: the key claimed, its lock passed, no answer
      await testDb.db.query(
        `UPDATE idempotency_keys SET state = 'in_flight', status = NULL, answer = NULL, locked_until = $2 WHERE scope = 'claim' AND key = $1`,
        [key, new Date(NOW.getTime() - 1000)],
      );
      const retried = await send(t, claimOf(email), photos, { key });
      assert.deepEqual([retried.status, retried.body], [201, first.body], "the claim's own key finds the filed claim");
      assert.equal((await claimsOf(email)).length, 1);
      await t.mail.settled();
      assert.equal(outboxFiles(t.outboxDir).length, mails, 'no mail sent again');
    });

    test("answers 400 with the contract's messages and stores nothing", async () => {
      const email = uniqueEmail('bad');
      const cases: [unknown, string[]][] = [
        [claimOf(email, { lastName: 'x'.repeat(64) }), [MESSAGES.maxLength(63)]],
        [claimOf(email, { telephoneNumber: '555-1234' }), [MESSAGES.phone]],
        [claimOf(email, { ownerVehicleLocationInput: "Joe's Towing" }), [MESSAGES.phone]],
        [claimOf(email, { incidentDate: '2026-03-03' }), [MESSAGES.incidentDate]],
        [claimOf(email, { email: 'not-an-address' }), [MESSAGES.email]],
        [claimOf(email, { incidentDescription: 'x'.repeat(257) }), [MESSAGES.maxLength(256)]],
        ['{not json', [MESSAGES.claimMissing]],
      ];
      for (const [claim, messages] of cases) {
        const sent = await send(t, claim);
        assert.equal(sent.status, 400, JSON.stringify(claim).slice(0, 80));
        if (messages[0]) assert.deepEqual(sent.body.error_messages, messages);
      }
      assert.equal((await claimsOf(email)).length, 0);
    });

    test('photos: checked by their bytes, at most 5, at most 10 MB each (413); HEIC is taken', async () => {
      const email = uniqueEmail('photos');
      const notAPhoto = await send(t, claimOf(email), [{ bytes: new TextEncoder().encode('<svg></svg>'), name: 'damage.jpg' }]);
      assert.equal(notAPhoto.status, 400);
      assert.deepEqual(notAPhoto.body.error_messages, [MESSAGES.claimPhotoNotAPhoto('"damage.jpg"')]);
      const six = await Promise.all(Array.from({ length: 6 }, (_, i) => jpeg(i)));
      const tooMany = await send(t, claimOf(email), six.map((bytes, i) => ({ bytes, name: `${i}.jpg` })));
      assert.equal(tooMany.status, 400);
      assert.deepEqual(tooMany.body.error_messages, [MESSAGES.claimPhotosTooMany]);
      const big = new Uint8Array(10 * 1024 * 1024 + 1);
      big.set([0xff, 0xd8, 0xff]);
      const tooLarge = await send(t, claimOf(email), [{ bytes: big, name: 'big.jpg' }]);
      assert.equal(tooLarge.status, 413);
      assert.deepEqual(tooLarge.body.error_messages, [MESSAGES.claimPhotoTooLarge('"big.jpg"')]);
      assert.equal((await claimsOf(email)).length, 0);
      const iphone = await send(t, claimOf(email), [{ bytes: heic(), name: 'IMG_0001.HEIC', type: 'image/heic' }]);
      assert.equal(iphone.status, 201, JSON.stringify(iphone.body));
      const rows = await claimsOf(email);
      assert.deepEqual((await photosOf(rows[0]!.id)).map((p) => p.content_type), ['image/heic']);
    });

    test('a photo with a GPS position is stored and attached upright and without any EXIF (issue 22, item 8)', async () => {
      const email = uniqueEmail('gps');
      const sentPhoto = await jpegWithGps();
      assert.ok(await exifr.gps(sentPhoto), 'the photo as sent has a position');
      await t.mail.settled();
      const before = new Set(outboxFiles(t.outboxDir));
      const sent = await send(t, claimOf(email), [{ bytes: sentPhoto, name: 'IMG_0002.jpg' }]);
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
      const [row] = await claimsOf(email);
      const [photo] = await photosOf(row!.id);
      const kept = (await t.blobs.get(photo!.blob_key))!.bytes;
      const keptMeta = await sharp(kept).metadata();
      assert.equal(keptMeta.exif, undefined, 'no EXIF in the stored photo');
      assert.equal(keptMeta.xmp, undefined);
      assert.equal(await exifr.gps(Buffer.from(kept)).catch(() => undefined), undefined, 'no position in the stored photo');
      assert.deepEqual([keptMeta.width, keptMeta.height], [48, 64], 'turned upright by its orientation before the EXIF was dropped');
      assert.equal(keptMeta.orientation, undefined);

      await t.mail.settled();
      const team = outboxFiles(t.outboxDir)
        .filter((name) => !before.has(name))
        .map((name) => readFileSync(join(t.outboxDir, name), 'utf8'))
        .find((raw) => parseEml(raw).headers.get('to') === 'claims-desk@apex-ppm.example')!;
      // parseEml decodes bodies as text: the attachment's bytes are read from the raw part
      const attached = [...team.matchAll(/Content-Type: image\/[a-z]+[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) => m[1]!);
      assert.equal(attached.length, 1);
      const attachedBytes = Buffer.from(attached[0]!.replace(/\s+/g, ''), 'base64');
      const attachedMeta = await sharp(attachedBytes).metadata();
      assert.equal(attachedMeta.exif, undefined, 'no EXIF in the attachment');
      assert.equal(await exifr.gps(attachedBytes).catch(() => undefined), undefined, 'no position in the attachment');
      assert.deepEqual([attachedMeta.width, attachedMeta.height], [48, 64]);
    });

    test('a JPEG without its end marker, as some phones and messaging apps send them, is kept as a browser shows it', async () => {
      const email = uniqueEmail('no-eoi');
      const whole = await jpegWithGps();
      assert.deepEqual([...whole.subarray(-2)], [0xff, 0xd9]);
      const sentPhoto = whole.subarray(0, -2);
      await assert.rejects(sharp(sentPhoto, { failOn: 'error' }).raw().toBuffer(), /premature end/, "sharp's default refuses it");
      const sent = await send(t, claimOf(email), [{ bytes: sentPhoto, name: 'IMG_0004.jpg' }]);
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
      const [photo] = await photosOf((await claimsOf(email))[0]!.id);
      const kept = await sharp((await t.blobs.get(photo!.blob_key))!.bytes).metadata();
      assert.deepEqual([kept.format, kept.width, kept.height, kept.exif], ['jpeg', 48, 64, undefined], 'kept upright, without its EXIF');
    });

    test('a 30,000 x 30,000 PNG of 110 KB is refused from its header (413); nothing is filed (issue 22, item 8)', async () => {
      const email = uniqueEmail('bomb');
      const bomb = await pngBomb();
      assert.ok(bomb.length < 200_000, `the bomb is small: ${bomb.length} bytes`);
      const sent = await send(t, claimOf(email), [{ bytes: bomb, name: 'bumper.png', type: 'image/png' }]);
      assert.equal(sent.status, 413, JSON.stringify(sent.body));
      assert.deepEqual(sent.body.error_messages, [MESSAGES.claimPhotoTooManyPixels('"bumper.png"')]);
      assert.match(MESSAGES.claimPhotoTooManyPixels('"bumper.png"'), /more than 40 megapixels/);
      assert.equal((await claimsOf(email)).length, 0);
    });

    test('a JPEG that does not decode is refused (422), never kept or sent with its GPS (issue 22, item 8)', async () => {
      const email = uniqueEmail('undecodable');
      const withGps = await jpegWithGps();
      // Its start (SOI and the EXIF segment with the position), then noise where the frame should be.
      const frame = withGps.indexOf(Buffer.from([0xff, 0xdb])); // the first quantisation table: the image data starts
      const broken = Buffer.concat([withGps.subarray(0, frame), Buffer.from('these bytes are not a JPEG frame at all'.repeat(20))]);
      assert.ok(await exifr.gps(broken), 'the broken file still carries the position');
      const sent = await send(t, claimOf(email), [{ bytes: broken, name: 'IMG_0003.jpg' }]);
      assert.equal(sent.status, 422, JSON.stringify(sent.body));
      assert.deepEqual(sent.body.error_messages, [MESSAGES.claimPhotoDamaged('"IMG_0003.jpg"')]);
      assert.equal((await claimsOf(email)).length, 0);
    });

    test('is rate limited per client with 429 and Retry-After, acknowledgements per address; a foreign Origin is refused', async () => {
      const limited = testApp(testDb.db, { clock: () => NOW, config: { trustProxy: 1 }, rateLimits: { claims: { ...RATE_LIMITS.claims, limit: 2 } } });
      try {
        const who = `192.0.2.${(process.pid % 200) + 1}`;
        const email = uniqueEmail('limit');
        assert.equal((await send(limited, claimOf(email), [], { client: who })).status, 201);
        assert.equal((await send(limited, claimOf(email), [], { client: who })).status, 201);
        const third = await send(limited, claimOf(email), [], { client: who });
        assert.equal(third.status, 429);
        assert.ok(Number(third.headers.get('Retry-After')) >= 1);
      } finally {
        limited.cleanup();
      }
      const quiet = testApp(testDb.db, { clock: () => NOW, config: { trustProxy: 1 }, rateLimits: { claimMail: { ...RATE_LIMITS.claimMail, limit: 1 } } });
      try {
        const email = uniqueEmail('ackLimit');
        const first = await send(quiet, claimOf(email));
        const second = await send(quiet, claimOf(email, { incidentDescription: 'Another one' }));
        assert.deepEqual([first.status, second.status], [201, 201], 'both claims are filed');
        await quiet.mail.settled();
        const to = outboxFiles(quiet.outboxDir).map((name) => parseEml(readFileSync(join(quiet.outboxDir, name), 'utf8')).headers.get('to'));
        assert.equal(to.filter((address) => address === email).length, 1, 'one acknowledgement to the address within the hour');
        assert.equal((await claimsOf(email)).length, 2);
      } finally {
        quiet.cleanup();
      }
      const form = new FormData();
      form.set('claim', JSON.stringify(claimOf(uniqueEmail('csrf'))));
      const res = await t.app.request('http://localhost:4321/api/contact/claims', {
        method: 'POST', body: form, headers: { Origin: 'https://evil.example', 'Idempotency-Key': newKey() },
      });
      assert.equal(res.status, 403);
    });

    test('when the database refuses the insert, nothing is filed, no photo record stays and no mail is sent', async () => {
      const failing: Db = {
        ...testDb.db,
        kind: testDb.db.kind,
        query: testDb.db.query.bind(testDb.db),
        exec: testDb.db.exec.bind(testDb.db),
        close: testDb.db.close.bind(testDb.db),
        transaction: (work) =>
          testDb.db.transaction((tx) => {
            const broken: Queryable = {
              exec: tx.exec.bind(tx),
              query: (sql, params) => (sql.includes('INSERT INTO claim_photos') ? Promise.reject(new Error('disk full')) : tx.query(sql, params)),
            };
            return work(broken);
          }),
      };
      const broken = testApp(failing, { clock: () => NOW, config: { trustProxy: 1 } });
      try {
        const count = async (table: string) => Number((await testDb.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
        const before = { claims: await count('claims'), photos: await count('claim_photos'), mail: await count('mail_queue') };
        const email = uniqueEmail('fault');
        const sent = await send(broken, claimOf(email), [{ bytes: await jpeg(3), name: 'a.jpg' }]);
        assert.equal(sent.status, 500);
        await broken.mail.settled();
        assert.deepEqual({ claims: await count('claims'), photos: await count('claim_photos'), mail: await count('mail_queue') }, before);
        assert.deepEqual(outboxFiles(broken.outboxDir), []);
        const blobs = join(broken.config.dataDir, 'blobs', 'claims');
        const left = existsSync(blobs) ? readdirSync(blobs, { recursive: true }).filter((name) => String(name).includes('.')) : [];
        assert.deepEqual(left, [], 'the photos stored before the failure are removed');
        assert.ok(!broken.logs.join('\n').includes(email), 'no personal data in the log');
      } finally {
        broken.cleanup();
      }
    });
  });
}
