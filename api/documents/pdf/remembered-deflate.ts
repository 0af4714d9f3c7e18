/**
 * node:zlib's deflate, as pdf-lib's `pako` in the PDF process (./native-deflate.ts), deflating a large input
 * seen before only once. Apart from the hook so that a test can take it without changing how this process
 * loads pdf-lib.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** Inputs this large are looked up before they are deflated; a smaller one costs less to deflate than to hash. */
const REMEMBERED_FROM_BYTES = 4096;
/** Deflated streams kept (font files of 20 to 40 KB deflate to about half): about 1 MB at most. */
const REMEMBERED = 64;
const deflated = new Map<string, Uint8Array>();

/**
 * Most of a document's bytes are the same in every document: its two font files (./fonts.ts builds every
 * subset from printable ASCII up, and keeps each file built) and the pages of terms that print no data. 77 to
 * 93% of what the builders deflate was deflated before, so a large input is looked up by its SHA-256 first.
 */
export function deflate(data: Uint8Array): Uint8Array {
  if (data.byteLength < REMEMBERED_FROM_BYTES) return deflateSync(data);
  const key = createHash('sha256').update(data).digest('base64');
  let out = deflated.get(key);
  if (!out) {
    out = deflateSync(data);
    if (deflated.size >= REMEMBERED) deflated.delete(deflated.keys().next().value!);
    deflated.set(key, out);
  }
  return out;
}
