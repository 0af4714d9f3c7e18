/**
 * The blob store: where PDFs and photos live, never in queue or quote rows (issue 8). Two implementations
 * behind one interface: files under DATA_DIR/blobs (file-store.ts) and an S3-compatible bucket
 * (s3-store.ts); config.ts picks one from the environment.
 *
 * Keys are ours, built with `blobKey('policies', 123, 'documents', '456.pdf')`. They are checked before any
 * store touches them, because the file store turns a key into a path: segments of letters, digits, '-',
 * '_' and '.', each starting with a letter or digit (so no '.', '..' or hidden name), joined by single '/'
 * (so no leading '/', no '//', no '\'). The same rule holds for both stores, so a key that works on a
 * laptop works against the bucket.
 */

export interface StoredBlob {
  bytes: Uint8Array;
  contentType: string;
}

export interface BlobStore {
  readonly kind: 'files' | 's3';
  /** Stores bytes under key (overwrites). Refuses a key that is not a blob key (BlobKeyError). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes and content type, or null when there is no such blob. */
  get(key: string): Promise<StoredBlob | null>;
  /** Removes the blob; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
}

/** A key outside the rule above: a programming error, never the visitor's input. */
export class BlobKeyError extends Error {
  override name = 'BlobKeyError';
}

/** A store that failed or refused (S3's status and error code; never a credential). */
export class BlobStoreError extends Error {
  override name = 'BlobStoreError';
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** S3's limit on a key. */
const MAX_KEY_LENGTH = 1024;
/** A file name may have 255 bytes; the file store adds a dot, a random part and a suffix around a segment. */
const MAX_SEGMENT_LENGTH = 200;

/** The key itself when it follows the rule; BlobKeyError otherwise. */
export function assertBlobKey(key: string): string {
  const valid =
    typeof key === 'string' &&
    key.length <= MAX_KEY_LENGTH &&
    key.split('/').every((segment) => SEGMENT.test(segment) && segment.length <= MAX_SEGMENT_LENGTH);
  if (!valid) {
    throw new BlobKeyError(
      `not a blob key: ${JSON.stringify(String(key).slice(0, 80))} (segments of letters, digits, '-', '_' and '.', each starting with a letter or digit, joined by single '/')`,
    );
  }
  return key;
}

/** Joins parts with '/' and checks the result: blobKey('policies', 123, 'documents', '456.pdf'). */
export function blobKey(...parts: (string | number)[]): string {
  const notAnId = parts.find((part) => typeof part === 'number' && !(Number.isSafeInteger(part) && part >= 0));
  // String(NaN) would pass the rule as the segment 'NaN' and file the blob under it.
  if (notAnId !== undefined) throw new BlobKeyError(`a number in a blob key must be a non-negative integer id, got ${notAnId}`);
  return assertBlobKey(parts.join('/'));
}
