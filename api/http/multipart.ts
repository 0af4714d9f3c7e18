/**
 * File uploads read as they stream, never held whole (issue 22, item 5). 100 parallel 10 MB claims took the
 * server from 872 MB to 2,950 MB when every body was read into memory (Hono's parseBody and the Web
 * Request.formData() both buffer the whole body, and the idempotency fingerprint held it a second time).
 *
 * Here busboy parses the body as it arrives (pulled from api/http/guards.ts limitUpload's counting stream,
 * so the request's own limit still answers 413), and each file part goes straight to a file of its own in a
 * folder made for the request, hashed on the way for the Idempotency-Key's fingerprint. What stays in memory
 * is busboy's window and the text parts. Limits per part, from the endpoint's entry (contract/api/endpoints):
 *
 * - a file past `fileBytes` stops being written a byte later and is marked `tooLarge`, so the route answers its own
 *   message naming the file ("... is larger than 10 MB"); the rest of that part is read and thrown away;
 * - files past `files` are not written and the form is marked `tooManyFiles`, for the route's message;
 * - a text part past `fieldBytes`, or more than `fields` text parts, is a 413: no form of ours has either.
 *
 * The folder is removed when the request ends, whatever its outcome (`uploadGuard`, placed by ./endpoint.ts
 * before the route's own middleware); a process killed mid-request leaves it in the system's temporary
 * folder, named `ppm-upload-*`, for the system's own clean-up. Reading is lazy: nothing is read until the
 * route (or its idempotency step) asks, so the concurrency caps and rate limits that come first refuse a
 * request before a byte of its body is read.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Context, MiddlewareHandler } from 'hono';
import type { UploadParts } from '../../contract/api/endpoints/endpoint.ts';
import { ApiError, HTTP_MESSAGES } from './errors.ts';

export interface UploadedFile {
  /** The file's name as the person's device gave it (for messages; never logged). '' when none. */
  name: string;
  /** The declared content type, as sent: the routes judge a photo by its bytes, never by this. */
  type: string;
  /** Bytes kept: at most one past the part's limit (then `tooLarge`). */
  size: number;
  /** More than the part's limit was sent; what was kept is not the whole file. */
  tooLarge: boolean;
  /** SHA-256 of the bytes received, hex. */
  sha256: string;
  /** Where the bytes are, inside the request's folder (removed when the request ends). */
  path: string;
}

export type UploadedValue = string | UploadedFile;

export interface UploadedForm {
  /** Every part in the order sent: the idempotency fingerprint reads them all. */
  parts: readonly { name: string; value: UploadedValue }[];
  /** More files were sent than the endpoint takes; those were not kept. */
  tooManyFiles: boolean;
  /** The request's own folder: a route may write what it makes from the files here, removed with them. */
  folder: string;
}

/** The body is not a multipart form we can read: cut short, no boundary, a part without a name. */
export class MalformedUpload extends Error {
  override name = 'MalformedUpload';
  /** SHA-256 of the bytes read before the parser stopped: the fingerprint of a body that does not parse. */
  readonly bytesSha256: string;
  constructor(message: string, bytesSha256: string) {
    super(message);
    this.bytesSha256 = bytesSha256;
  }
}

/** The texts sent under `name`, in order. */
export function textsOf(form: UploadedForm, name: string): string[] {
  return form.parts.flatMap((part) => (part.name === name && typeof part.value === 'string' ? [part.value] : []));
}

/** Every value sent under `name`, texts and files, in order. */
export function valuesOf(form: UploadedForm, name: string): UploadedValue[] {
  return form.parts.flatMap((part) => (part.name === name ? [part.value] : []));
}

/** A file's bytes, for a part already limited to its endpoint's `fileBytes`. */
export async function bytesOf(file: UploadedFile): Promise<Uint8Array> {
  return new Uint8Array(await readFile(file.path));
}

/** A pipeline step that hashes what passes through it, and tells each chunk's size to `counted`. */
function hashing(hash: ReturnType<typeof createHash>, counted: (bytes: number) => void = () => {}) {
  return async function* (source: AsyncIterable<Uint8Array>) {
    for await (const chunk of source) {
      counted(chunk.length);
      hash.update(chunk);
      yield chunk;
    }
  };
}

/** Reads `request`'s multipart body into `folder` under `limits`. Throws the body limit's ApiError, a 413, or MalformedUpload. */
async function receive(request: Request, limits: UploadParts, folder: string): Promise<UploadedForm> {
  const parts: { name: string; value: UploadedValue }[] = [];
  let tooManyFiles = false;
  let refusal: ApiError | null = null;
  const writes: Promise<void>[] = [];
  const whole = createHash('sha256');
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      // busboy says 'limit' when a file reaches fileSize, even one of exactly that size: one byte more tells
      // a file that was larger from one that was not
      limits: { files: limits.files, fileSize: limits.fileBytes + 1, fields: limits.fields, fieldSize: limits.fieldBytes },
      defParamCharset: 'utf8',
    });
  } catch (error) {
    throw new MalformedUpload(error instanceof Error ? error.message : String(error), whole.digest('hex'));
  }
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) refusal ??= new ApiError(413, HTTP_MESSAGES.tooLarge);
    else parts.push({ name, value });
  });
  parser.on('fieldsLimit', () => (refusal ??= new ApiError(413, HTTP_MESSAGES.tooLarge)));
  parser.on('filesLimit', () => (tooManyFiles = true));
  parser.on('file', (name, stream, info) => {
    const file: UploadedFile = {
      name: info.filename ?? '', type: info.mimeType, size: 0, tooLarge: false, sha256: '', path: join(folder, `part-${parts.length}`),
    };
    parts.push({ name, value: file });
    stream.on('limit', () => (file.tooLarge = true));
    const hash = createHash('sha256');
    writes.push(
      pipeline(stream, hashing(hash, (bytes) => (file.size += bytes)), createWriteStream(file.path)).then(() => {
        file.sha256 = hash.digest('hex');
      }),
    );
  });
  const body = request.body ? Readable.fromWeb(request.body as import('node:stream/web').ReadableStream) : Readable.from([]);
  try {
    await pipeline(body, hashing(whole), parser as unknown as Writable);
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    if (error instanceof ApiError) throw error; // the body's own limit (guards.ts limitUpload)
    if (refusal) throw refusal;
    throw new MalformedUpload(error instanceof Error ? error.message : String(error), whole.digest('hex'));
  }
  if (refusal) throw refusal;
  return { parts, tooManyFiles, folder };
}

const UPLOAD = 'ppm.upload';

interface UploadState {
  limits: UploadParts;
  folder: string | null;
  received: Promise<UploadedForm> | null;
}

/**
 * The endpoint's upload, read on the first call (to a folder of the request's own) and the same form on
 * every later call: the idempotency step and the handler read one body once. Throws what `receive` throws,
 * the same error each time.
 */
export function uploadOf(c: Context): Promise<UploadedForm> {
  const state = c.get(UPLOAD as never) as UploadState | undefined;
  if (!state) throw new Error('no upload here: the endpoint is not a multipart one, or uploadGuard is not before this');
  state.received ??= (async () => {
    state.folder = await mkdtemp(join(tmpdir(), 'ppm-upload-'));
    return receive(c.req.raw, state.limits, state.folder);
  })();
  return state.received;
}

/**
 * Makes `uploadOf` available to the route and removes what it wrote once the answer is made. A body the
 * route never read is left unread (Node discards it with the connection).
 */
export function uploadGuard(limits: UploadParts): MiddlewareHandler {
  return async (c, next) => {
    const state: UploadState = { limits, folder: null, received: null };
    c.set(UPLOAD as never, state as never);
    try {
      await next();
    } finally {
      if (state.received) await state.received.catch(() => undefined);
      if (state.folder) await rm(state.folder, { recursive: true, force: true });
    }
  };
}
