import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../config.ts';
import { BLOB_STORE_README_ROWS, blobStoreFromEnv, s3BlobConfig } from './config.ts';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const BUCKET_ENV = {
  BLOB_S3_BUCKET: 'ppm-blobs',
  BLOB_S3_ENDPOINT: 'http://127.0.0.1:9000/',
  BLOB_S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
  BLOB_S3_SECRET_ACCESS_KEY: SECRET,
};

test('without BLOB_S3_BUCKET, blobs are files under DATA_DIR/blobs', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ppm-blobs-config-'));
  try {
    const store = blobStoreFromEnv({}, dataDir);
    assert.equal(store.kind, 'files');
    await store.put('policies/1/a.pdf', new Uint8Array([1]), 'application/pdf');
    assert.ok(existsSync(join(dataDir, 'blobs', 'policies', '1', 'a.pdf')));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('with the bucket, its endpoint and keys: the S3 store, region us-east-1 and path-style by default', () => {
  assert.deepEqual(s3BlobConfig(BUCKET_ENV), {
    endpoint: 'http://127.0.0.1:9000',
    region: 'us-east-1',
    bucket: 'ppm-blobs',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: SECRET,
    forcePathStyle: true,
  });
  assert.equal(blobStoreFromEnv(BUCKET_ENV, '/unused').kind, 's3');
  const r2 = s3BlobConfig({ ...BUCKET_ENV, BLOB_S3_REGION: 'auto', BLOB_S3_FORCE_PATH_STYLE: 'false' });
  assert.equal(r2?.region, 'auto');
  assert.equal(r2?.forcePathStyle, false);
});

test('half a configuration stops the start and names what is missing', () => {
  assert.throws(
    () => s3BlobConfig({ BLOB_S3_BUCKET: 'ppm-blobs' }),
    new ConfigError(
      'BLOB_S3_BUCKET is set, so BLOB_S3_ENDPOINT, BLOB_S3_ACCESS_KEY_ID and BLOB_S3_SECRET_ACCESS_KEY are needed too; missing: BLOB_S3_ENDPOINT, BLOB_S3_ACCESS_KEY_ID, BLOB_S3_SECRET_ACCESS_KEY.',
    ),
  );
  assert.throws(() => s3BlobConfig({ ...BUCKET_ENV, BLOB_S3_SECRET_ACCESS_KEY: ' ' }), /; missing: BLOB_S3_SECRET_ACCESS_KEY\.$/);
  assert.throws(
    () => s3BlobConfig({ ...BUCKET_ENV, BLOB_S3_BUCKET: '' }),
    new ConfigError(
      'BLOB_S3_ENDPOINT, BLOB_S3_ACCESS_KEY_ID, BLOB_S3_SECRET_ACCESS_KEY set without BLOB_S3_BUCKET: set BLOB_S3_BUCKET to keep blobs in a bucket, or unset them to keep files in DATA_DIR/blobs.',
    ),
  );
  assert.throws(() => s3BlobConfig({ BLOB_S3_REGION: 'eu-west-1' }), /BLOB_S3_REGION set without BLOB_S3_BUCKET/);
});

test('a malformed value stops the start with the variable named, and no error repeats the secret', () => {
  const refusals: [Record<string, string>, RegExp][] = [
    [{ BLOB_S3_ENDPOINT: 'https://s3.example/prefix' }, /BLOB_S3_ENDPOINT: .* must be an origin only/],
    [{ BLOB_S3_ENDPOINT: 's3.example' }, /BLOB_S3_ENDPOINT: "s3\.example" is not an origin/],
    [{ BLOB_S3_BUCKET: 'PPM_Blobs' }, /BLOB_S3_BUCKET must be a bucket name/],
    [{ BLOB_S3_FORCE_PATH_STYLE: 'yes' }, /BLOB_S3_FORCE_PATH_STYLE must be true or false, got "yes"/],
  ];
  for (const [change, message] of refusals) {
    assert.throws(
      () => s3BlobConfig({ ...BUCKET_ENV, ...change }),
      (error: unknown) => error instanceof ConfigError && message.test(error.message) && !error.message.includes(SECRET),
    );
  }
});

test('README rows: one per line of | variable | default | meaning |, naming every variable the configuration reads', () => {
  const read = new Set<string>();
  const recording = (env: Record<string, string>) =>
    new Proxy(env, {
      get(target, key) {
        if (typeof key === 'string') read.add(key);
        return target[key as string];
      },
    });
  s3BlobConfig(recording({}));
  s3BlobConfig(recording(BUCKET_ENV));
  assert.ok(read.size >= 6);
  for (const variable of read) assert.ok(BLOB_STORE_README_ROWS.includes(`\`${variable}\``), variable);
  for (const row of BLOB_STORE_README_ROWS.split('\n')) assert.equal(row.split(' | ').length, 3, row);
});

test("README.md's configuration table carries these rows as written", () => {
  const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
  for (const row of BLOB_STORE_README_ROWS.split('\n')) assert.ok(readme.includes(row), row);
});
