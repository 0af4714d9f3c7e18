/**
 * Where the tests' PGlite databases start from. PGlite's initdb takes 3 to 7 s of CPU (10 s and more of a busy
 * machine's time), and the migrations about one more; each database a test opened paid for both, about 45 in
 * the API suite. A data directory's image (PGlite's dumpDataDir tar) loads in under a second of CPU, so each
 * image is made once and kept in the OS temp folder.
 *
 * An image's file name is a hash of what made it: PGlite's version (another version may lay its data directory
 * out otherwise) and, for the migrated one, every file of api/db/migrations/. A changed or added migration
 * names a new image, so a kept one is never stale. (Data step 021 reads stored quotes; on the empty database an
 * image is made from there are none, so the code it imports cannot change the image.)
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, MIGRATIONS_DIR } from '../db/migrate.ts';

export type PgliteImageKind = 'fresh' | 'migrated';

const IMAGES_DIR = join(tmpdir(), 'ppm-pglite-images');

function pgliteVersion(): string {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const packageJson = join(dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}

/**
 * A name for the database `kind` as this tree makes it: the kind and a hash of PGlite's version and, for the
 * migrated one, of every migration. What is kept under it (an image here, the e2e servers' data directory in
 * test/e2e/database-copy.ts) is never stale.
 */
export function databaseStateName(kind: PgliteImageKind): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  if (kind === 'migrated') {
    for (const file of readdirSync(MIGRATIONS_DIR).sort()) hash.update(`${file}\n`).update(readFileSync(join(MIGRATIONS_DIR, file)));
  }
  return `${kind}-${hash.digest('hex').slice(0, 16)}`;
}

const imageName = (kind: PgliteImageKind) => `${databaseStateName(kind)}.tar`;

async function makeImage(kind: PgliteImageKind): Promise<Blob> {
  const { pgliteImage } = await import('../db/pglite.ts');
  if (kind === 'fresh') return pgliteImage(async () => {});
  return pgliteImage((db) => migrate(db), await imageOf('fresh'));
}

async function readOrMake(kind: PgliteImageKind): Promise<Blob> {
  const path = join(IMAGES_DIR, imageName(kind));
  try {
    return new Blob([readFileSync(path)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const image = await makeImage(kind);
  mkdirSync(IMAGES_DIR, { recursive: true });
  // Another test process may be reading or making the same image: it sees the whole file or none.
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, new Uint8Array(await image.arrayBuffer()));
  renameSync(partial, path);
  return image;
}

const images = new Map<PgliteImageKind, Promise<Blob>>();

/** The image of a new database (`fresh`, as initdb leaves it) or of one with every migration applied. */
export function imageOf(kind: PgliteImageKind): Promise<Blob> {
  let image = images.get(kind);
  if (!image) {
    image = readOrMake(kind);
    images.set(kind, image);
  }
  return image;
}
