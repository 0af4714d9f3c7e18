/**
 * The outbox folder (DATA_DIR/outbox): where the mailer (./mailer.ts) writes each e-mail as an .eml file
 * without SMTP_URL, and the texter (api/messages/texter.ts) each text message as an .sms.txt file without
 * Twilio's settings. /dev/outbox lists it (./outbox-page.ts) and tests read it.
 *
 * - Names sort by time and hold nothing about the recipient: 2025-03-01T09-30-12-345Z-3f9a1c2b.eml.
 * - A file is written whole under a hidden temporary name and renamed, so a reader never sees half a message.
 * - Off the event loop: creating a file can stall in the file system. Issue 11 measured 0.2 to 0.9 ms of the
 *   main thread per message under the quote bench's load; issue 25 saw ext4 spend about 1 ms of CPU creating
 *   each of a fresh disk's first few thousand files (its inode tables are set up on first use) and 0.05 ms
 *   once they were, which written synchronously would stop every request meanwhile.
 * - Through node:fs's callback writeFile, not node:fs/promises': the promise API opens a FileHandle for every
 *   file (an object with its own close and a finaliser), which the quote bench showed in the quote's CPU: 2.3
 *   to 2.9 ms a quote with it, 1.6 to 2.8 without, four runs of each alternated (issue 25).
 */
import { writeFile as writeFileCallback } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { secureRandomBytes } from '../random.ts';

const writeFile = promisify(writeFileCallback);

/** A new file's name: the time to the millisecond, 8 random hex digits, then `extension` ('eml', 'sms.txt'). */
export function outboxFileName(date: Date, extension: string): string {
  return `${date.toISOString().replace(/[:.]/g, '-')}-${secureRandomBytes(4).toString('hex')}.${extension}`;
}

export interface OutboxFolder {
  /** Writes a new file `name` (never over an existing one) holding `content`; its path. */
  write(name: string, content: Buffer | string): Promise<string>;
}

export function outboxFolder(folder: string): OutboxFolder {
  // The folder is made once, and again should someone have removed it since.
  let made: Promise<unknown> | null = null;
  async function writeNew(path: string, content: Buffer | string): Promise<void> {
    made ??= mkdir(folder, { recursive: true }).catch((error: unknown) => {
      made = null; // tried again with the next message (the queue retries this one)
      throw error;
    });
    await made;
    try {
      await writeFile(path, content, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(folder, { recursive: true });
      await writeFile(path, content, { flag: 'wx' });
    }
  }
  return {
    async write(name, content) {
      const file = join(folder, name);
      const partial = join(folder, `.${name}.partial`);
      await writeNew(partial, content);
      await rename(partial, file);
      return file;
    },
  };
}
