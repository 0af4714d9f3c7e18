import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createFileBlobStore } from './file-store.ts';
import { BlobKeyError, type StoredBlob } from './store.ts';
import { PDF_LIKE, REFUSED_KEYS } from './testing.ts';

const KEY = 'policies/7/documents/declarations-1.pdf';

// One folder a test: the hooks belong to this block, not to every file that shares the test process.
describe('blobs kept as files', () => {
  let work: string;
  let root: string;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'ppm-blobs-'));
    root = join(work, 'blobs');
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  const modeOf = (path: string) => statSync(path).mode & 0o777;
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  const fingerprint = (blob: StoredBlob | null) => blob && { size: blob.bytes.byteLength, sha256: sha256(blob.bytes), contentType: blob.contentType };

  test('a blob is a plain file at the path its key names, read back with its content type', async () => {
    const store = createFileBlobStore(root);
    assert.equal(store.kind, 'files');
    await store.put(KEY, PDF_LIKE, 'application/pdf');
    assert.deepEqual(await store.get(KEY), { bytes: PDF_LIKE, contentType: 'application/pdf' });
    assert.deepEqual(new Uint8Array(readFileSync(join(root, KEY))), PDF_LIKE);
  });

  test('a put overwrites the bytes and the content type', async () => {
    const store = createFileBlobStore(root);
    await store.put(KEY, PDF_LIKE, 'application/pdf');
    const photo = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    await store.put(KEY, photo, 'image/png');
    assert.deepEqual(await store.get(KEY), { bytes: photo, contentType: 'image/png' });
    assert.deepEqual(readdirSync(join(root, 'policies/7/documents')).sort(), ['.declarations-1.pdf.meta.json', 'declarations-1.pdf']);
  });

  test('a missing blob is null, also under a name that runs through another blob', async () => {
    const store = createFileBlobStore(root);
    assert.equal(await store.get(KEY), null);
    await store.put(KEY, PDF_LIKE, 'application/pdf');
    assert.equal(await store.get(`${KEY}/inside`), null);
  });

  test('delete removes the blob and its sidecar; deleting a missing blob is no error', async () => {
    const store = createFileBlobStore(root);
    await store.put(KEY, PDF_LIKE, 'application/pdf');
    await store.delete(KEY);
    assert.equal(await store.get(KEY), null);
    assert.deepEqual(readdirSync(join(root, 'policies/7/documents')), []);
    await store.delete(KEY);
  });

  test('keys outside the rule are refused before the disk is touched', async () => {
    const store = createFileBlobStore(root);
    for (const key of REFUSED_KEYS) {
      await assert.rejects(store.put(key, PDF_LIKE, 'application/pdf'), BlobKeyError, JSON.stringify(key));
      await assert.rejects(store.get(key), BlobKeyError, JSON.stringify(key));
      await assert.rejects(store.delete(key), BlobKeyError, JSON.stringify(key));
    }
    assert.deepEqual(readdirSync(work), []);
  });

  test('files are 0600 and the folders the store creates 0700', async () => {
    const store = createFileBlobStore(root);
    await store.put(KEY, PDF_LIKE, 'application/pdf');
    await store.put(KEY, PDF_LIKE, 'application/pdf');
    assert.equal(modeOf(join(root, KEY)), 0o600);
    assert.equal(modeOf(join(root, 'policies/7/documents/.declarations-1.pdf.meta.json')), 0o600);
    for (const folder of ['', 'policies', 'policies/7', 'policies/7/documents']) assert.equal(modeOf(join(root, folder)), 0o700, folder || 'root');
  });

  test('a write that fails midway (the file-size limit hit after 64 KiB) leaves the old blob whole and no partial file', async () => {
    const store = createFileBlobStore(root);
    await store.put(KEY, PDF_LIKE, 'application/pdf');
    // A child process under `ulimit -f 64`: the kernel refuses the write past 64 KiB with EFBIG, as a full
    // disk would refuse it with ENOSPC, after the first bytes of the new blob are already on disk.
    const script = `
      import { createFileBlobStore } from ${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'file-store.ts')).href)};
      const store = createFileBlobStore(${JSON.stringify(root)});
      const put = (key) => store.put(key, new Uint8Array(1024 * 1024).fill(0x25), 'image/png').then(() => 'stored', (error) => error.code);
      console.log(JSON.stringify([await put(${JSON.stringify(KEY)}), await put('policies/7/documents/new.pdf')]));`;
    const { stdout } = await promisify(execFile)('bash', ['-c', 'ulimit -f 64 && exec "$0" --input-type=module -e "$1"', process.execPath, script]);
    assert.deepEqual(JSON.parse(stdout), ['EFBIG', 'EFBIG']);
    // Compared by size and hash: a diff of two large byte arrays takes minutes to print.
    assert.deepEqual(fingerprint(await store.get(KEY)), { size: PDF_LIKE.byteLength, sha256: sha256(PDF_LIKE), contentType: 'application/pdf' });
    assert.equal(await store.get('policies/7/documents/new.pdf'), null);
    assert.deepEqual(readdirSync(join(root, 'policies/7/documents')).sort(), ['.declarations-1.pdf.meta.json', 'declarations-1.pdf']);
  });
});
