/**
 * The blob store on the local disk, the default: each blob is a file under root (DATA_DIR/blobs), at the
 * path its key names, so an operator can open a policy's PDF straight from the folder.
 *
 * - Atomic: the bytes and their sidecar (below) go to hidden temporary files in the same folder and reach
 *   the disk (fsync) in full; only then do they take their names by rename(2). A crash or a full disk
 *   mid-write never leaves half a PDF under the name: a reader sees the old blob or the new one, and a
 *   write that fails removes its temporary files.
 * - Private: files 0600 and the folders it creates 0700. These are policy documents and odometer photos.
 * - The content type is kept in a sidecar, `.<name>.meta.json`, rather than derived from the extension:
 *   `get` must give back the type `put` was given, as S3 does, for any key; a table of extensions would
 *   make this store refuse or mislabel keys the bucket takes. The sidecar takes its name before the
 *   bytes and is removed after them, so a blob that can be read always has its type (only a crash
 *   between the two renames of an overwrite could pair the old bytes with the new type). Its name starts
 *   with a dot, which no key segment can, so no key ever names a sidecar or a temporary file.
 */
import { randomBytes } from 'node:crypto';
import { close, fsync, open, writeFile } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { basename, dirname, join } from 'node:path';
import { assertBlobKey, type BlobStore } from './store.ts';

const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;
/** What a blob whose sidecar was removed by hand is served as. */
const UNKNOWN_TYPE = 'application/octet-stream';

function sidecarOf(file: string): string {
  return join(dirname(file), `.${basename(file)}.meta.json`);
}

function temporaryBeside(file: string): string {
  return join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.partial`);
}

// File descriptors through node:fs's callback functions rather than node:fs/promises' FileHandle, an object
// with its own close and a finaliser for every file: a policy's documents open nine (as the mail outbox does,
// api/mail/outbox-folder.ts, where the difference showed in the quote bench).
const openFile = promisify(open);
const writeToFile = promisify(writeFile);
const syncFile = promisify(fsync);
const closeFile = promisify(close);

/** A new file holding `data`, on the disk (fsync) before it is given any other name. */
async function writeDurably(path: string, data: Uint8Array | string): Promise<void> {
  const fd = await openFile(path, 'wx', FILE_MODE);
  try {
    await writeToFile(fd, data);
    await syncFile(fd);
  } finally {
    await closeFile(fd);
  }
}

/** Makes the renames in `folder` survive a power cut: until its entry is on disk, a file may vanish. */
async function syncFolder(folder: string): Promise<void> {
  const fd = await openFile(folder, 'r');
  try {
    await syncFile(fd);
  } finally {
    await closeFile(fd);
  }
}

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTDIR: a key that runs through another blob's file ('a.pdf/b') names nothing.
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

function contentTypeOf(sidecar: Buffer | null): string {
  if (!sidecar) return UNKNOWN_TYPE;
  const { contentType } = JSON.parse(sidecar.toString('utf8')) as { contentType?: unknown };
  return typeof contentType === 'string' ? contentType : UNKNOWN_TYPE;
}

export function createFileBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => join(root, ...assertBlobKey(key).split('/'));
  return {
    kind: 'files',
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      const sidecar = sidecarOf(file);
      const folder = dirname(file);
      const fileTemporary = temporaryBeside(file);
      const sidecarTemporary = temporaryBeside(sidecar);
      await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
      try {
        // Both written in full before either takes its name: a write that fails midway changes nothing.
        await writeDurably(sidecarTemporary, JSON.stringify({ contentType }));
        await writeDurably(fileTemporary, bytes);
        await rename(sidecarTemporary, sidecar);
        await rename(fileTemporary, file);
      } catch (error) {
        await Promise.all([rm(sidecarTemporary, { force: true }), rm(fileTemporary, { force: true })]);
        throw error;
      }
      await syncFolder(folder);
    },
    async get(key) {
      const file = fileOf(key);
      const bytes = await readIfPresent(file);
      if (!bytes) return null;
      const contentType = contentTypeOf(await readIfPresent(sidecarOf(file)));
      // A plain Uint8Array over the Buffer's memory, as the S3 store gives: no copy, one type for callers.
      return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType };
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(sidecarOf(file), { force: true });
    },
  };
}
