/**
 * `npm run read-odometer -- [--json] FILE...` (issue 24, item 4): the reader the photo route uses
 * (./read-photo.ts: the same checks, the same normalised copy, the same two readers in their own process),
 * run on each file. Prints, a line per file, each reader's digits and the reading both agree on, or why the
 * file was refused; with `--json`, one JSON array on standard output, an object per file in the order given:
 * `{ "file": "...", "reading": "031560" | null, "readers": { "first": ..., "second": ... } }`, and
 * `"refused": "..."` for a file the route would refuse before reading it.
 *
 * "Agree" is as the verdict compares them (./verdict.ts): the same number, so 031560 and 31560 agree, and the
 * reading is given as the first reader wrote it. It says nothing of a typed reading: that is the verdict's.
 * Exit code 0 when every file was read (agreed or not), 1 when a file could not be opened, 2 for no files.
 */
import { readFileSync } from 'node:fs';
import { closeOcrProcess } from './ocr-process.ts';
import { readOdometerPhoto } from './read-photo.ts';
import { agreedReading } from './verdict.ts';

const USAGE = 'usage: npm run read-odometer -- [--json] FILE...';

export interface PhotoRead {
  file: string;
  /** The digits both readers read (as the same number), or null. */
  reading: string | null;
  readers: { first: string | null; second: string | null };
  /** Why the photo route would refuse the file before reading it (its message to the sender). */
  refused?: string;
}

async function readFile(file: string): Promise<PhotoRead> {
  const read = await readOdometerPhoto(new Uint8Array(readFileSync(file)));
  if (!read.ok) return { file, reading: null, readers: { first: null, second: null }, refused: read.message };
  const readers = { first: read.readings.first, second: read.readings.second };
  return { file, reading: agreedReading(readers), readers };
}

const inWords = (read: PhotoRead) =>
  read.refused !== undefined
    ? `${read.file}: refused: ${read.refused}`
    : `${read.file}: first ${read.readers.first ?? '-'}, second ${read.readers.second ?? '-'}; agreed ${read.reading ?? 'none'}`;

if (import.meta.main) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const files = args.filter((arg) => arg !== '--json');
  if (files.length === 0) {
    console.error(`read-odometer: name at least one photo. ${USAGE}`);
    process.exit(2);
  }
  const reads: PhotoRead[] = [];
  let failed = false;
  try {
    for (const file of files) {
      try {
        const read = await readFile(file);
        reads.push(read);
        if (!json) console.log(inWords(read));
      } catch (error) {
        failed = true;
        console.error(`read-odometer: ${file}: ${(error as Error).message}`);
      }
    }
  } finally {
    await closeOcrProcess();
  }
  if (json) process.stdout.write(`${JSON.stringify(reads, null, 2)}\n`);
  process.exitCode = failed ? 1 : 0;
}
