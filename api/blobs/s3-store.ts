/**
 * The blob store in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...): PUT, GET and DELETE Object
 * over fetch, signed with SigV4 (sigv4.ts), the payload's SHA-256 signed too.
 *
 * - Path-style URLs by default (endpoint/bucket/key), which MinIO, Ceph, R2 and most S3-compatibles take;
 *   `forcePathStyle: false` for virtual-hosted ones (bucket.endpoint/key).
 * - A GET of a missing object is null. Every other failure throws a BlobStoreError with the method, the
 *   key, the status and S3's <Code> (SignatureDoesNotMatch, NoSuchBucket, ...), never S3's message and
 *   never a credential.
 * - Each request, body included, is given `timeoutMs` (15 s): a hung store fails the request instead of
 *   holding it open.
 */
import { sha256Hex } from '../hash.ts';
import { EMPTY_PAYLOAD_SHA256, signRequest, uriEncode } from './sigv4.ts';
import { assertBlobKey, BlobStoreError, type BlobStore } from './store.ts';

export interface S3BlobStoreOptions {
  /** The store's origin: https://s3.us-east-1.amazonaws.com, http://127.0.0.1:9000, https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** true (default): endpoint/bucket/key; false: bucket.endpoint/key. */
  forcePathStyle?: boolean;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** S3 answers a small object in well under a second; past this the call fails and its caller decides. */
const S3_REQUEST_TIMEOUT_MS = 15_000;

type Method = 'PUT' | 'GET' | 'DELETE';

interface S3Answer {
  status: number;
  contentType: string | null;
  body: Uint8Array;
}

/** S3's error code from its XML error body, e.g. <Code>NoSuchKey</Code>. */
function errorCode(body: Uint8Array): string | undefined {
  return /<Code>([^<]{1,100})<\/Code>/.exec(new TextDecoder().decode(body))?.[1];
}

export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const endpoint = new URL(options.endpoint);
  const bucket = uriEncode(options.bucket);
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? S3_REQUEST_TIMEOUT_MS;

  // Keys need no encoding: assertBlobKey admits only characters that stand for themselves in a URL.
  const objectUrl = (key: string): URL =>
    options.forcePathStyle === false ? new URL(`${endpoint.protocol}//${bucket}.${endpoint.host}/${key}`) : new URL(`/${bucket}/${key}`, endpoint);

  async function send(method: Method, key: string, upload?: { bytes: Uint8Array; contentType: string }): Promise<S3Answer> {
    const url = objectUrl(assertBlobKey(key));
    const headers: Record<string, string> = upload ? { 'content-type': upload.contentType } : {};
    const signed = signRequest({
      method,
      url,
      headers,
      payloadSha256: upload ? sha256Hex(upload.bytes) : EMPTY_PAYLOAD_SHA256,
      region: options.region,
      service: 's3',
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      now: new Date(),
    });
    try {
      const response = await fetchImpl(url, {
        method,
        headers: { ...headers, ...signed },
        // BodyInit's type names ArrayBuffer-backed arrays only; fetch sends any Uint8Array, and a copy of a 10 MB photo buys nothing.
        body: upload ? (upload.bytes as Uint8Array<ArrayBuffer>) : null,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: response.status, contentType: response.headers.get('content-type'), body: new Uint8Array(await response.arrayBuffer()) };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new BlobStoreError(`S3 ${method} ${key}: ${timedOut ? `no answer within ${timeoutMs} ms` : 'the request failed'}`, { cause: error });
    }
  }

  const failure = (method: Method, key: string, answer: S3Answer) => {
    const code = errorCode(answer.body);
    return new BlobStoreError(`S3 ${method} ${key} answered ${answer.status}${code ? ` ${code}` : ''}`);
  };

  /** A 404 about the object (with no code, as some compatibles answer). NoSuchBucket is a 404 too, and a misconfiguration must not pass for a missing blob. */
  const isMissingObject = (answer: S3Answer) => answer.status === 404 && (errorCode(answer.body) ?? 'NoSuchKey') === 'NoSuchKey';
  const isSuccess = (answer: S3Answer) => answer.status >= 200 && answer.status < 300;

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const answer = await send('PUT', key, { bytes, contentType });
      if (!isSuccess(answer)) throw failure('PUT', key, answer);
    },
    async get(key) {
      const answer = await send('GET', key);
      if (isMissingObject(answer)) return null;
      if (!isSuccess(answer)) throw failure('GET', key, answer);
      return { bytes: answer.body, contentType: answer.contentType ?? 'application/octet-stream' };
    },
    async delete(key) {
      // S3 answers 204 whether or not the object existed; some compatibles answer 404 NoSuchKey.
      const answer = await send('DELETE', key);
      if (!isSuccess(answer) && !isMissingObject(answer)) throw failure('DELETE', key, answer);
    },
  };
}
