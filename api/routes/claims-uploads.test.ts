/**
 * Issue 22, item 5: a claim's upload takes bounded memory. Its size is refused from its Content-Length before
 * a byte is read, a chunked body is counted as it streams and refused past the limit, and the uploads
 * received at once are capped per client address and over all clients (429 with Retry-After, before the
 * body is read).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '../../contract/index.ts';
import { CLAIM_UPLOAD_LIMIT } from '../../contract/api/endpoints/contact.ts';
import { HTTP_MESSAGES } from '../http/errors.ts';
import { dbTargets, PUBLIC_ORIGIN, suiteApp, testApp, type TestApp } from '../testing/harness.ts';

const URL_CLAIMS = 'http://localhost:4321/api/contact/claims';
const BOUNDARY = 'ppm-test-boundary';
const encoder = new TextEncoder();
/** The start of a multipart body: a photo part whose bytes follow. */
const head = encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);

let clients = 0;
let keys = 0;

function claimRequest(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}, client = `198.51.100.${++clients % 250}`): RequestInit {
  return {
    method: 'POST',
    body,
    duplex: 'half',
    headers: {
      Origin: PUBLIC_ORIGIN,
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      'X-Forwarded-For': client,
      'Idempotency-Key': `claim-uploads-${process.pid}-${++keys}`,
      ...headers,
    },
  } as RequestInit;
}

/** A body whose every read fails the test: what is refused from its headers must never be read. */
function unreadable(): { stream: ReadableStream<Uint8Array>; read: () => boolean } {
  let read = false;
  const stream = new ReadableStream<Uint8Array>({
    pull() {
      read = true;
      throw new Error('the body was read');
    },
  }, { highWaterMark: 0 }); // nothing pulled until someone reads
  return { stream, read: () => read };
}

/** A body of `total` bytes of a photo part, sent 1 MiB at a time as it is read (chunked: no Content-Length). */
function endless(total: number): { stream: ReadableStream<Uint8Array>; sent: () => number } {
  let sent = 0;
  const chunk = new Uint8Array(1024 * 1024);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(head);
        sent += head.length;
      } else if (sent < total) {
        controller.enqueue(chunk);
        sent += chunk.length;
      } else controller.close();
    },
  });
  return { stream, sent: () => sent };
}

/** A body that sends its first part and then waits for `finish()`, which ends it (an incomplete form: 400). */
function held(): { stream: ReadableStream<Uint8Array>; started: Promise<void>; finish: () => void } {
  let finish!: () => void;
  let started!: () => void;
  const begun = new Promise<void>((resolve) => (started = resolve));
  const done = new Promise<void>((resolve) => (finish = resolve));
  let step = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (step++ === 0) {
        controller.enqueue(head);
        started();
        return;
      }
      await done;
      controller.close();
    },
  });
  return { stream, started: begun, finish };
}

async function answerOf(res: Response) {
  return { status: res.status, retryAfter: res.headers.get('Retry-After'), messages: ((await res.json()) as { error_messages?: string[] }).error_messages };
}

for (const target of dbTargets()) {
  describe(`claim uploads in bounded memory (issue 22, item 5) on ${target}`, () => {
    const { testDb, t } = suiteApp(target, { config: { trustProxy: 1 } });

    test('a Content-Length over the limit is a 413 with the limit\'s message, and the body is never read', async () => {
      const body = unreadable();
      const res = await t.app.request(URL_CLAIMS, claimRequest(body.stream, { 'Content-Length': String(CLAIM_UPLOAD_LIMIT + 1) }));
      const answer = await answerOf(res);
      assert.equal(answer.status, 413, JSON.stringify(answer));
      assert.deepEqual(answer.messages, [HTTP_MESSAGES.tooLarge]);
      assert.equal(body.read(), false, 'the body was not read');
    });

    test('a Content-Length that is not a number is a 400, the body unread', async () => {
      const body = unreadable();
      const res = await t.app.request(URL_CLAIMS, claimRequest(body.stream, { 'Content-Length': '12abc' }));
      const answer = await answerOf(res);
      assert.equal(answer.status, 400, JSON.stringify(answer));
      assert.deepEqual(answer.messages, [HTTP_MESSAGES.badLength]);
      assert.equal(body.read(), false);
    });

    test('a chunked body past the limit is a 413, and reading stops about at the limit', async () => {
      const body = endless(CLAIM_UPLOAD_LIMIT + 20 * 1024 * 1024);
      const res = await t.app.request(URL_CLAIMS, claimRequest(body.stream));
      const answer = await answerOf(res);
      assert.equal(answer.status, 413, JSON.stringify(answer));
      assert.deepEqual(answer.messages, [HTTP_MESSAGES.tooLarge]);
      assert.ok(body.sent() <= CLAIM_UPLOAD_LIMIT + 4 * 1024 * 1024, `read ${body.sent()} bytes of a body past ${CLAIM_UPLOAD_LIMIT}`);
    });

    test('a body longer than its Content-Length said is counted all the same: 413 past the limit', async () => {
      const body = endless(CLAIM_UPLOAD_LIMIT + 20 * 1024 * 1024);
      const res = await t.app.request(URL_CLAIMS, claimRequest(body.stream, { 'Content-Length': '1000' }));
      assert.equal(res.status, 413);
      await res.body?.cancel();
    });

    test('uploads past the caps get a 429 with Retry-After before their body is read: per client, and over all clients', async () => {
      const capped: TestApp = testApp(testDb.db, { config: { trustProxy: 1 }, uploadsAtOnce: 3, claimUploadCap: { perClient: 2, retryAfterSeconds: 10 } });
      const open: ReturnType<typeof held>[] = [];
      try {
        const who = '203.0.113.7';
        const pending: (Response | Promise<Response>)[] = [];
        for (const client of [who, who, '203.0.113.8']) {
          const body = held();
          open.push(body);
          pending.push(capped.app.request(URL_CLAIMS, claimRequest(body.stream, {}, client)));
        }
        await Promise.all(open.map((body) => body.started));

        // a third of the same address: its own cap
        const mine = unreadable();
        const sameClient = await answerOf(await capped.app.request(URL_CLAIMS, claimRequest(mine.stream, {}, who)));
        assert.equal(sameClient.status, 429, JSON.stringify(sameClient));
        assert.deepEqual(sameClient.messages, [MESSAGES.claimBusy]);
        assert.equal(sameClient.retryAfter, '10');
        assert.equal(mine.read(), false);

        // a new address while three uploads are received: the cap over all
        const theirs = unreadable();
        const other = await answerOf(await capped.app.request(URL_CLAIMS, claimRequest(theirs.stream, {}, '203.0.113.9')));
        assert.equal(other.status, 429, JSON.stringify(other));
        assert.deepEqual(other.messages, [HTTP_MESSAGES.uploadsBusy]);
        assert.equal(other.retryAfter, '5');
        assert.equal(theirs.read(), false);

        for (const body of open) body.finish();
        const finished = await Promise.all(pending.map(async (res) => (await answerOf(await res)).status));
        assert.ok(finished.every((status) => status !== 429), `the held ones were received: ${finished}`);

        // the places are given back
        const later = held();
        later.finish();
        const again = await capped.app.request(URL_CLAIMS, claimRequest(later.stream, {}, '203.0.113.9'));
        assert.notEqual(again.status, 429);
        await again.body?.cancel();
      } finally {
        for (const body of open) body.finish();
        capped.cleanup();
      }
    });
  });
}
