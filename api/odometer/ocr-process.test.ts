/**
 * The OCR in a process of its own (issue 22, item 5): the same readings as in the server's own thread, at
 * a lower priority, a reading that survives the process dying under it, and a process that can be ended.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { getPriority } from 'node:os';
import { normalisePhoto } from './image.ts';
import { closeOcrProcess, ocrProcessId, readDigitsApart } from './ocr-process.ts';
import { closeReader, readOdometerDigits } from './reader/reader.ts';
import { odometerImage } from './testing/odometer-images.ts';

after(async () => {
  await closeOcrProcess();
  await closeReader();
});

const photo = async (reading: string, seed: number) =>
  (await normalisePhoto(await odometerImage({ reading, style: 'drum', dark: false, format: 'jpeg', seed }))).bytes;

describe('the OCR process', () => {
  test("reads as the server's own thread does, in a process niced below the server", async () => {
    const bytes = await photo('048213', 3);
    const apart = await readDigitsApart(bytes);
    assert.deepEqual(apart, await readOdometerDigits(bytes));
    assert.equal(apart.first, '048213');
    const pid = ocrProcessId();
    assert.ok(pid !== null && pid !== process.pid);
    assert.equal(getPriority(pid), Math.min(19, getPriority() + 10), 'ten below the server (the test may itself run niced)');
  });

  test('a process killed under a reading: the reading is made again by a new one', async () => {
    const bytes = await photo('120771', 5);
    await readDigitsApart(bytes); // the process is up
    const killed = ocrProcessId()!;
    const reading = readDigitsApart(bytes);
    process.kill(killed, 'SIGKILL');
    assert.equal((await reading).first, '120771');
    assert.notEqual(ocrProcessId(), killed);
  });

  test('closeOcrProcess ends it; the next photo starts another', async () => {
    await readDigitsApart(await photo('000417', 7));
    const first = ocrProcessId()!;
    await closeOcrProcess();
    assert.equal(ocrProcessId(), null);
    assert.throws(() => process.kill(first, 0), /ESRCH/, 'the process is gone');
    assert.equal((await readDigitsApart(await photo('000418', 8))).first, '000418');
    assert.notEqual(ocrProcessId(), first);
  });
});
