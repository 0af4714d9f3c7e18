/**
 * Issue 22, item 5: an upload is read as it streams, each file to a file of the request's own folder under
 * its part limits, and the folder goes when the request ends. Driven through on() with a route of the same
 * shape as the claim's and the odometer's, so the guards run in their order.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { any } from 'superstruct';
import type { Endpoint, UploadParts } from '../../contract/api/endpoints.ts';
import { on } from './endpoint.ts';
import { ApiError, errorResponse, HTTP_MESSAGES } from './errors.ts';
import { MalformedUpload, textsOf, uploadOf, valuesOf, type UploadedFile, type UploadedForm } from './multipart.ts';

const PARTS: UploadParts = { files: 2, fileBytes: 1000, fields: 2, fieldBytes: 100 };
const BOUNDARY = 'test-boundary';

function uploadApp(handler: (c: Context) => Promise<Response>, parts = PARTS): Hono {
  const app = new Hono();
  app.onError((error, c) =>
    error instanceof ApiError ? errorResponse(c, error.status, error.messages) : errorResponse(c, 500, [HTTP_MESSAGES.internal]));
  const entry: Endpoint<any, any> = {
    method: 'POST', path: '/api/upload', request: null, answer: any(), body: { kind: 'multipart', limitBytes: 64 * 1024, parts }, session: false,
  };
  on(app, entry, handler);
  return app;
}

type Part = { name: string; text: string } | { name: string; filename: string; bytes: Uint8Array };

/** A multipart body written by hand, so a test controls every byte (and can cut it short). */
function body(parts: Part[], end = `--${BOUNDARY}--\r\n`): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  const text = (s: string) => chunks.push(new TextEncoder().encode(s));
  for (const part of parts) {
    if ('text' in part) {
      text(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.text}\r\n`);
    } else {
      text(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: image/jpeg\r\n\r\n`);
      chunks.push(part.bytes);
      text('\r\n');
    }
  }
  text(end);
  return Uint8Array.from(Buffer.concat(chunks));
}

const send = (app: Hono, bytes: Uint8Array<ArrayBuffer>) =>
  app.request('/upload', { method: 'POST', body: bytes, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });

const filled = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 251);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('multipart uploads read as they stream (issue 22, item 5)', () => {
  test('each file is on disk with its size and SHA-256, texts in memory, in the order sent; the folder is gone after the answer', async () => {
    const photo = filled(1000, 1);
    let seen: UploadedForm | null = null;
    let onDisk: Uint8Array | null = null;
    const app = uploadApp(async (c) => {
      seen = await uploadOf(c);
      assert.equal(await uploadOf(c), seen, 'a second read gets the same form, the body is read once');
      onDisk = new Uint8Array(readFileSync((valuesOf(seen, 'photo')[0] as UploadedFile).path));
      return c.json({ ok: true }, 201);
    });
    const res = await send(app, body([{ name: 'claim', text: '{"a":1}' }, { name: 'photo', filename: 'car.jpg', bytes: photo }]));
    assert.equal(res.status, 201);
    const form = seen as unknown as UploadedForm;
    assert.deepEqual(textsOf(form, 'claim'), ['{"a":1}']);
    const file = valuesOf(form, 'photo')[0] as UploadedFile;
    assert.deepEqual([file.name, file.type, file.size, file.tooLarge, file.sha256], ['car.jpg', 'image/jpeg', 1000, false, sha256(photo)]);
    assert.deepEqual(onDisk, photo);
    assert.equal(form.tooManyFiles, false);
    assert.equal(existsSync(form.folder), false, 'the request folder is removed once answered');
  });

  test("a file past the part's limit is cut off there and marked, for the route's own message; files past the count are not kept", async () => {
    let form: UploadedForm | null = null;
    let kept: number[] = [];
    const app = uploadApp(async (c) => {
      form = await uploadOf(c);
      kept = valuesOf(form, 'photo').map((file) => readFileSync((file as UploadedFile).path).length);
      return c.json({}, 201);
    });
    const photos = [filled(5000, 1), filled(10, 2), filled(10, 3)];
    await send(app, body(photos.map((bytes, i) => ({ name: 'photo', filename: `${i}.jpg`, bytes }))));
    const got = form as unknown as UploadedForm;
    const files = valuesOf(got, 'photo') as UploadedFile[];
    // a file of exactly the limit is whole; one byte more tells it was larger, and no more is kept
    assert.deepEqual(files.map((file) => [file.size, file.tooLarge]), [[1001, true], [10, false]]);
    assert.deepEqual(kept, [1001, 10], 'what was kept on disk stops one byte past the limit');
    assert.equal(got.tooManyFiles, true);
  });

  test('a text part past its limit, or more text parts than the endpoint takes, is a 413; the folder is removed all the same', async () => {
    let folder = '';
    const app = uploadApp(async (c) => {
      try {
        await uploadOf(c);
      } finally {
        folder = (c.get('ppm.upload' as never) as { folder: string }).folder;
      }
      return c.json({}, 201);
    });
    const long = await send(app, body([{ name: 'photo', filename: 'a.jpg', bytes: filled(10, 1) }, { name: 'claim', text: 'x'.repeat(101) }]));
    assert.equal(long.status, 413);
    assert.deepEqual((await long.json()).error_messages, [HTTP_MESSAGES.tooLarge]);
    assert.ok(folder && !existsSync(folder), 'the folder of a refused upload is removed');
    const many = await send(app, body(['a', 'b', 'c'].map((name) => ({ name, text: '1' }))));
    assert.equal(many.status, 413);
  });

  test('a body cut short or without its boundary is MalformedUpload, with the same fingerprint for the same bytes', async () => {
    const hashes: string[] = [];
    const app = uploadApp(async (c) => {
      try {
        await uploadOf(c);
        return c.json({ parsed: true }, 201);
      } catch (error) {
        assert.ok(error instanceof MalformedUpload);
        hashes.push(error.bytesSha256);
        return c.json({ parsed: false }, 400);
      }
    });
    const cut = body([{ name: 'photo', filename: 'a.jpg', bytes: filled(500, 1) }], '');
    assert.equal((await send(app, cut)).status, 400);
    assert.equal((await send(app, cut)).status, 400);
    assert.equal(hashes[0], hashes[1]);
    assert.equal(hashes[0], sha256(cut));
    const res = await app.request('/upload', { method: 'POST', body: 'x', headers: { 'content-type': 'multipart/form-data' } });
    assert.equal(res.status, 400, 'no boundary');
  });

  test('a route that refuses before reading leaves the body unread', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 100) controller.close();
        else controller.enqueue(filled(1000, pulled));
      },
    }, { highWaterMark: 0 });
    const app = uploadApp(async () => {
      throw new ApiError(429, 'busy');
    });
    const res = await app.request('/upload', {
      method: 'POST', body: stream, duplex: 'half', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    } as RequestInit);
    assert.equal(res.status, 429);
    assert.equal(pulled, 0);
  });
});
