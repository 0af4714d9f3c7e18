import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '../../../contract/messages.ts';
import { MAX_PHOTO_BYTES, fieldOfMessage, latestInWords, periodInWords, photoForm, photoProblem, readingProblem, standingOf, uploadProblems } from './odometer-logic.ts';
import { ODOMETER_TEXTS as T } from './odometer.texts.ts';

test('a verified or approved reading is done, one under review waits, a refused one or none wants a photo', () => {
  const latest = (status: 'verified' | 'approved' | 'needs_review' | 'rejected' | 'declined') => ({ status, reading: 1, sentOn: '2025-03-27' });
  assert.equal(standingOf(latest('verified')), 'done');
  assert.equal(standingOf(latest('approved')), 'done');
  assert.equal(standingOf(latest('needs_review')), 'waiting');
  assert.equal(standingOf(latest('rejected')), 'open');
  assert.equal(standingOf(latest('declined')), 'open');
  assert.equal(standingOf(null), 'open');
});

test('the latest reading in words, with what to do next for a refused one', () => {
  assert.equal(latestInWords(null), T.noPhotoYet);
  assert.equal(latestInWords({ status: 'verified', reading: 12345, sentOn: '2025-03-27' }), 'Last photo: 12,345 miles, sent 03/27/2025. Verified.');
  assert.equal(
    latestInWords({ status: 'rejected', reading: 900, sentOn: '2025-03-27', message: 'Please take the photo again in daylight.' }),
    'Last photo: 900 miles, sent 03/27/2025. Not accepted. Please take the photo again in daylight.',
  );
  // a note kept with a verified reading is not an instruction
  assert.equal(latestInWords({ status: 'verified', reading: 5, sentOn: '2025-03-27', message: 'ok' }), 'Last photo: 5 miles, sent 03/27/2025. Verified.');
});

test('the chosen file: wanted, an image, at most 10 MB', () => {
  assert.equal(photoProblem(undefined), MESSAGES.odometerPhotoMissing);
  assert.equal(photoProblem({ type: 'text/plain', size: 10 }), T.notAPhoto);
  assert.equal(photoProblem({ type: '', size: 10 }), T.notAPhoto);
  assert.equal(photoProblem({ type: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 }), T.photoTooLarge);
  assert.equal(photoProblem({ type: 'image/jpeg', size: MAX_PHOTO_BYTES }), undefined);
  assert.equal(photoProblem({ type: 'image/png', size: 1 }), undefined);
});

test("the reading is the contract's rule: digits only, up to 7", () => {
  assert.equal(readingProblem('012345'), undefined);
  assert.equal(readingProblem(' 1234567 '), undefined);
  for (const bad of ['', '12,345', '12345.6', '12345678', 'abc']) assert.equal(readingProblem(bad), MESSAGES.odometerReading, bad);
});

test("a server message goes to its field: the contract's field messages by text, 413 and 415 to the photo", () => {
  assert.equal(fieldOfMessage(MESSAGES.odometerReading, 400), 'reading');
  assert.equal(fieldOfMessage(MESSAGES.odometerPhotoMissing, 400), 'photo');
  assert.equal(fieldOfMessage('The photo is larger than 10 MB.', 413), 'photo');
  assert.equal(fieldOfMessage('That file is not a photo.', 415), 'photo');
  assert.equal(fieldOfMessage('The reading on the photo is 12,845, not 12,345.', 422), null);
  assert.equal(fieldOfMessage(MESSAGES.token, 404), null);
});

test("a failed upload: the server's messages for a 4xx, ours when a proxy answered 413 or 415 bare, the fallback otherwise", () => {
  const rejected = 'The photo shows 12,845 and you typed 12,345.';
  assert.deepEqual(uploadProblems(422, [rejected]), [{ message: rejected, field: null }]);
  assert.deepEqual(uploadProblems(400, [MESSAGES.odometerReading, MESSAGES.odometerPhotoMissing]), [
    { message: MESSAGES.odometerReading, field: 'reading' },
    { message: MESSAGES.odometerPhotoMissing, field: 'photo' },
  ]);
  assert.deepEqual(uploadProblems(413, []), [{ message: T.photoTooLarge, field: 'photo' }]);
  assert.deepEqual(uploadProblems(415, []), [{ message: T.notAPhoto, field: 'photo' }]);
  assert.deepEqual(uploadProblems(404, []), [{ message: T.failure, field: null }]);
  for (const status of [0, 500, 503]) assert.deepEqual(uploadProblems(status, ['Internal error']), [{ message: T.failure, field: null }], String(status));
});

test('the multipart body: token, carNumber, the trimmed reading and the file as photo', async () => {
  const file = new File([new Uint8Array([137, 80, 78, 71])], 'odometer.png', { type: 'image/png' });
  const form = photoForm('t'.repeat(43), 2, ' 12345 ', file);
  assert.deepEqual([...form.keys()], ['token', 'carNumber', 'reading', 'photo']);
  assert.equal(form.get('carNumber'), '2');
  assert.equal(form.get('reading'), '12345');
  const photo = form.get('photo') as File;
  assert.equal(photo.name, 'odometer.png');
  assert.deepEqual([...new Uint8Array(await photo.arrayBuffer())], [137, 80, 78, 71]);
});

test('the period a reading closes, in MM/DD/YYYY with its due date; none open: the next bill; not billed by the mile: nothing', () => {
  assert.equal(
    periodInWords({ start: '2026-03-02', end: '2026-04-02', dueOn: '2026-04-09' }),
    'This reading closes your billing period of 03/02/2026 to 04/02/2026. It is due by 04/09/2026.',
  );
  assert.equal(periodInWords(null), 'This reading will be counted in your next bill.');
  assert.equal(periodInWords(undefined), null);
});
