/**
 * Which blob store the service uses, from the environment: an S3-compatible bucket when BLOB_S3_BUCKET is
 * set, files under DATA_DIR/blobs otherwise.
 *
 * | variable                   | default                     | meaning |
 * |----------------------------|-----------------------------|---------|
 * | BLOB_S3_BUCKET             | (unset: files in DATA_DIR/blobs) | the bucket for PDFs and photos; set, the four below are needed too (region has a default) |
 * | BLOB_S3_ENDPOINT           | (none)                      | the store's origin: https://s3.us-east-1.amazonaws.com, http://127.0.0.1:9000 (MinIO), ... |
 * | BLOB_S3_REGION             | us-east-1                   | the region the signature names ('auto' for R2) |
 * | BLOB_S3_ACCESS_KEY_ID      | (none)                      | the access key |
 * | BLOB_S3_SECRET_ACCESS_KEY  | (none)                      | the secret key; never logged, never in an error |
 * | BLOB_S3_FORCE_PATH_STYLE   | true                        | true: endpoint/bucket/key; false: bucket.endpoint/key (virtual-hosted) |
 *
 * BLOB_STORE_README_ROWS says the same in README.md's configuration table.
 */
import { blobsDirOf, ConfigError, normalizeOrigin } from '../config.ts';
import { createFileBlobStore } from './file-store.ts';
import { createS3BlobStore } from './s3-store.ts';
import type { BlobStore } from './store.ts';

type Env = Record<string, string | undefined>;

export interface S3BlobConfig {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Rows for README.md's configuration table (| variable | default | meaning |). */
export const BLOB_STORE_README_ROWS = [
  '| `BLOB_S3_BUCKET` | unset: files in `DATA_DIR/blobs` | where PDFs and photos are kept: set, an S3-compatible bucket (AWS S3, MinIO, Ceph, R2), signed with SigV4; it needs `BLOB_S3_ENDPOINT`, `BLOB_S3_ACCESS_KEY_ID` and `BLOB_S3_SECRET_ACCESS_KEY` too, and any of them without the others stops the start. Unset, files 0600 in folders 0700 |',
  '| `BLOB_S3_ENDPOINT` | none | the store\'s origin, e.g. `https://s3.us-east-1.amazonaws.com` or `http://127.0.0.1:9000` (MinIO) |',
  '| `BLOB_S3_REGION` | `us-east-1` | the region the signature names (`auto` for R2) |',
  '| `BLOB_S3_ACCESS_KEY_ID`, `BLOB_S3_SECRET_ACCESS_KEY` | none | the bucket\'s credentials; the secret never reaches a log or an error |',
  '| `BLOB_S3_FORCE_PATH_STYLE` | `true` | `true`: `endpoint/bucket/key` (MinIO, Ceph, R2); `false`: `bucket.endpoint/key` (virtual-hosted) |',
].join('\n');

const NEEDED_WITH_BUCKET = ['BLOB_S3_ENDPOINT', 'BLOB_S3_ACCESS_KEY_ID', 'BLOB_S3_SECRET_ACCESS_KEY'] as const;
const OPTIONAL_WITH_BUCKET = ['BLOB_S3_REGION', 'BLOB_S3_FORCE_PATH_STYLE'] as const;
/** S3's naming rule for buckets, which MinIO enforces as well. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function optional(env: Env, key: string): string | undefined {
  const value = env[key]?.trim();
  return value ? value : undefined;
}

function yesNo(env: Env, key: string, fallback: boolean): boolean {
  const raw = optional(env, key);
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${key} must be true or false, got "${raw}".`);
}

/**
 * The bucket's settings, or undefined for the file store. Half a configuration stops the start: with
 * the bucket and no key, or keys and no bucket, documents would fail at the first policy, or quietly
 * land on the local disk of one replica.
 */
export function s3BlobConfig(env: Env): S3BlobConfig | undefined {
  const bucket = optional(env, 'BLOB_S3_BUCKET');
  if (!bucket) {
    const stray = [...NEEDED_WITH_BUCKET, ...OPTIONAL_WITH_BUCKET].filter((key) => optional(env, key));
    if (stray.length > 0) {
      throw new ConfigError(`${stray.join(', ')} set without BLOB_S3_BUCKET: set BLOB_S3_BUCKET to keep blobs in a bucket, or unset them to keep files in DATA_DIR/blobs.`);
    }
    return undefined;
  }
  const [endpoint, accessKeyId, secretAccessKey] = NEEDED_WITH_BUCKET.map((key) => optional(env, key));
  if (!endpoint || !accessKeyId || !secretAccessKey) {
    const missing = NEEDED_WITH_BUCKET.filter((key) => !optional(env, key));
    throw new ConfigError(`BLOB_S3_BUCKET is set, so BLOB_S3_ENDPOINT, BLOB_S3_ACCESS_KEY_ID and BLOB_S3_SECRET_ACCESS_KEY are needed too; missing: ${missing.join(', ')}.`);
  }
  if (!BUCKET_NAME.test(bucket)) {
    throw new ConfigError(`BLOB_S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, '.' and '-'), got "${bucket}".`);
  }
  return {
    endpoint: normalizeOrigin(endpoint, 'BLOB_S3_ENDPOINT'),
    region: optional(env, 'BLOB_S3_REGION') ?? 'us-east-1',
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: yesNo(env, 'BLOB_S3_FORCE_PATH_STYLE', true),
  };
}

/** The bucket when BLOB_S3_BUCKET is set, else files under dataDir/blobs. Touches neither until used. */
export function blobStoreFromEnv(env: Env, dataDir: string): BlobStore {
  const s3 = s3BlobConfig(env);
  return s3 ? createS3BlobStore(s3) : createFileBlobStore(blobsDirOf(dataDir));
}
