import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createS3BlobStore, type S3BlobStoreOptions } from './s3-store.ts';
import { BlobKeyError, BlobStoreError } from './store.ts';
import { PDF_LIKE } from './testing.ts';

const BUCKET = 'ppm-blobs';
const ACCESS_KEY_ID = 'PPMTESTACCESSKEY';
const SECRET = 'ppm/test+secret/0123456789abcdefABCDEF';

// ---------------------------------------------------------------------------------------------------------
// A second SigV4, written here from AWS's description of what S3 checks, sharing no code with sigv4.ts: a
// signing bug cannot pass because the same function signs and checks.

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** UriEncode of the SigV4 description, byte by byte over the UTF-8. */
function awsUriEncode(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

interface ReceivedRequest {
  method: string;
  /** The request target as received: raw path and query. */
  target: string;
  headers: IncomingHttpHeaders;
  body: Uint8Array;
}

const hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** S3's verdict on a request's signature: null when it holds, otherwise the error code S3 answers with. */
function signatureProblem(request: ReceivedRequest): string | null {
  const header = (name: string) => String(request.headers[name] ?? '');
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(header('authorization'));
  if (!auth) return 'AccessDenied';
  const [, accessKeyId, day, region, signedHeaders, signature] = auth as unknown as [string, string, string, string, string, string];
  if (accessKeyId !== ACCESS_KEY_ID) return 'InvalidAccessKeyId';
  if (header('x-amz-content-sha256') !== hex(request.body)) return 'XAmzContentSHA256Mismatch';
  const names = signedHeaders.split(';');
  if (!['host', 'x-amz-content-sha256', 'x-amz-date'].every((name) => names.includes(name))) return 'AccessDenied';
  if (!header('x-amz-date').startsWith(day)) return 'AuthorizationHeaderMalformed';

  const queryStart = request.target.indexOf('?');
  const rawPath = queryStart < 0 ? request.target : request.target.slice(0, queryStart);
  const rawQuery = queryStart < 0 ? '' : request.target.slice(queryStart + 1);
  const path = rawPath.split('/').map((segment) => awsUriEncode(decodeURIComponent(segment))).join('/');
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      const value = equals < 0 ? '' : pair.slice(equals + 1);
      return [awsUriEncode(decodeURIComponent(name)), awsUriEncode(decodeURIComponent(value))];
    })
    .sort((a, b) => (a[0]! === b[0]! ? (a[1]! < b[1]! ? -1 : 1) : a[0]! < b[0]! ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonical = [
    request.method,
    path,
    query,
    ...names.map((name) => `${name}:${header(name).trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    header('x-amz-content-sha256'),
  ].join('\n');
  const stringToSign = `AWS4-HMAC-SHA256\n${header('x-amz-date')}\n${day}/${region}/s3/aws4_request\n${hex(canonical)}`;
  let key: Buffer = Buffer.from(`AWS4${SECRET}`);
  for (const part of [day, region, 's3', 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? null : 'SignatureDoesNotMatch';
}

// ---------------------------------------------------------------------------------------------------------
// S3 as a stand-in on loopback: path-style, one bucket, objects in a Map, S3's XML errors.

interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

interface S3StandIn {
  endpoint: string;
  objects: Map<string, StoredObject>;
  received: { method: string; target: string; signedHeaders: string }[];
  server: Server;
}

function s3Error(code: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>stand-in</Message><RequestId>0</RequestId></Error>`;
}

async function startS3StandIn(): Promise<S3StandIn> {
  const objects = new Map<string, StoredObject>();
  const received: S3StandIn['received'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', target: req.url ?? '', headers: req.headers, body: new Uint8Array(Buffer.concat(chunks)) };
      received.push({ method: request.method, target: request.target, signedHeaders: /SignedHeaders=([^,]+)/.exec(String(req.headers.authorization))?.[1] ?? '' });
      const answer = (status: number, code?: string) => {
        res.writeHead(status, code ? { 'content-type': 'application/xml' } : {});
        res.end(code ? s3Error(code) : undefined);
      };
      const problem = signatureProblem(request);
      if (problem) return answer(403, problem);
      const [, bucket, ...keyParts] = new URL(request.target, 'http://stand-in').pathname.split('/');
      const key = decodeURIComponent(keyParts.join('/'));
      if (bucket !== BUCKET) return answer(404, 'NoSuchBucket');
      if (request.method === 'PUT') {
        objects.set(key, { bytes: request.body, contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
        return answer(200);
      }
      if (request.method === 'DELETE') {
        objects.delete(key);
        return answer(204);
      }
      const object = objects.get(key);
      if (!object) return answer(404, 'NoSuchKey');
      res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.bytes.byteLength });
      res.end(object.bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, objects, received, server };
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

// ---------------------------------------------------------------------------------------------------------

describe('createS3BlobStore against a stand-in S3 that checks every signature itself', () => {
  let s3: S3StandIn;
  const options = (overrides: Partial<S3BlobStoreOptions> = {}): S3BlobStoreOptions => ({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET,
    ...overrides,
  });

  before(async () => {
    s3 = await startS3StandIn();
  });
  after(() => closeServer(s3.server));

  test('put, get, overwrite and delete a binary blob under a key with folders, path-style and signed', async () => {
    const store = createS3BlobStore(options());
    assert.equal(store.kind, 's3');
    const key = 'policies/7/documents/declarations-1.pdf';
    await store.put(key, PDF_LIKE, 'application/pdf');
    assert.deepEqual(s3.objects.get(key), { bytes: PDF_LIKE, contentType: 'application/pdf' });
    assert.deepEqual(s3.received.at(-1), {
      method: 'PUT',
      target: `/${BUCKET}/${key}`,
      signedHeaders: 'content-type;host;x-amz-content-sha256;x-amz-date',
    });
    assert.deepEqual(await store.get(key), { bytes: PDF_LIKE, contentType: 'application/pdf' });

    const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    await store.put(key, photo, 'image/jpeg');
    assert.deepEqual(await store.get(key), { bytes: photo, contentType: 'image/jpeg' });

    await store.delete(key);
    assert.equal(s3.objects.has(key), false);
    assert.equal(await store.get(key), null);
  });

  test('a missing object is null, and deleting it is no error', async () => {
    const store = createS3BlobStore(options());
    assert.equal(await store.get('policies/404/odometer/never.jpg'), null);
    await store.delete('policies/404/odometer/never.jpg');
    assert.deepEqual(s3.received.at(-1)?.method, 'DELETE');
  });

  test('a wrong secret is refused by S3 and the error names SignatureDoesNotMatch, never a secret', async () => {
    const wrongSecret = 'not-the-secret-at-all';
    const store = createS3BlobStore(options({ secretAccessKey: wrongSecret }));
    const refused = await store.put('policies/7/x.pdf', PDF_LIKE, 'application/pdf').then(
      () => assert.fail('the put was accepted'),
      (error: unknown) => error,
    );
    assert.ok(refused instanceof BlobStoreError);
    assert.equal(refused.message, 'S3 PUT policies/7/x.pdf answered 403 SignatureDoesNotMatch');
    assert.ok(!refused.message.includes(wrongSecret) && !refused.message.includes(SECRET));
    assert.equal(s3.objects.has('policies/7/x.pdf'), false);
    await assert.rejects(store.get('policies/7/x.pdf'), /S3 GET policies\/7\/x\.pdf answered 403 SignatureDoesNotMatch/);
  });

  test('the content type and the body are covered by the signature: changed after signing, S3 refuses', async () => {
    const retyping: typeof fetch = (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), 'content-type': 'text/html' } });
    await assert.rejects(createS3BlobStore(options({ fetch: retyping })).put('a/b.pdf', PDF_LIKE, 'application/pdf'), /403 SignatureDoesNotMatch/);
    const rewriting: typeof fetch = (url, init) => fetch(url, { ...init, body: new Uint8Array([1, 2, 3]) });
    await assert.rejects(createS3BlobStore(options({ fetch: rewriting })).put('a/b.pdf', PDF_LIKE, 'application/pdf'), /403 XAmzContentSHA256Mismatch/);
    assert.equal(s3.objects.has('a/b.pdf'), false);
  });

  test('a bucket that does not exist is an error, not a missing blob', async () => {
    const store = createS3BlobStore(options({ bucket: 'no-such-bucket' }));
    await assert.rejects(store.get('policies/7/a.pdf'), /S3 GET policies\/7\/a\.pdf answered 404 NoSuchBucket/);
  });

  test('a key outside the rule is refused before any request', async () => {
    const before = s3.received.length;
    await assert.rejects(createS3BlobStore(options()).get('../etc/passwd'), BlobKeyError);
    assert.equal(s3.received.length, before);
  });
});

test('virtual-hosted style puts the bucket in the host name and signs that host', async () => {
  const sent: { url: URL; init: RequestInit }[] = [];
  const capture: typeof fetch = async (url, init = {}) => {
    sent.push({ url: new URL(String(url)), init });
    return new Response(null, { status: 200 });
  };
  const store = createS3BlobStore({
    endpoint: 'https://s3.example:8443',
    region: 'eu-central-1',
    bucket: BUCKET,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET,
    forcePathStyle: false,
    fetch: capture,
  });
  await store.put('policies/7/odometer/1.webp', PDF_LIKE, 'image/webp');
  const [request] = sent;
  assert.equal(request?.url.href, `https://${BUCKET}.s3.example:8443/policies/7/odometer/1.webp`);
  const headers = { ...(request.init.headers as Record<string, string>), host: request.url.host };
  assert.equal(signatureProblem({ method: 'PUT', target: request.url.pathname, headers, body: request.init.body as Uint8Array }), null);
  assert.equal(signatureProblem({ method: 'PUT', target: `/${BUCKET}${request.url.pathname}`, headers, body: request.init.body as Uint8Array }), 'SignatureDoesNotMatch');
});

test('a store that never answers fails the request after the timeout', async () => {
  const silent = createServer(() => {
    // Reads the request and never answers, like a hung store or a dropped route.
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    const store = createS3BlobStore({
      endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET,
      timeoutMs: 150,
    });
    const started = performance.now();
    await assert.rejects(store.get('policies/7/a.pdf'), (error: unknown) => {
      assert.ok(error instanceof BlobStoreError);
      assert.equal(error.message, 'S3 GET policies/7/a.pdf: no answer within 150 ms');
      assert.equal((error.cause as Error).name, 'TimeoutError');
      return true;
    });
    assert.ok(performance.now() - started < 2_000);
  } finally {
    await closeServer(silent);
  }
});
