/**
 * The odometer's OCR in a process of its own, at a lower priority (issue 22, item 5).
 *
 * Why: reading one photo (./ocr.ts) is pixel work in JavaScript, which held the server's event loop for 100
 * to 170 ms a photo, plus tesseract's thread: with a few photos at once /api/health waited over 500 ms. In a
 * child process niced to OCR_NICE the API's own thread comes first on the cores, and what the reading takes
 * in memory (tesseract's model and WebAssembly heap, the images) goes back to the system when the process
 * ends, OCR_IDLE_MS after the last photo. The next photo starts it again (about a second).
 *
 * The photo goes over the IPC channel with V8's serialisation (a Uint8Array as it is); the readings come
 * back the same way. A process that dies under a reading (killed, out of memory) fails that reading once
 * and is started again for the next try; the caller's reading is tried once more before it fails.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { OcrReadings } from './ocr.ts';

/** This much below the server's own priority, so a burst of photos waits for the cores rather than the API's answers. */
const OCR_NICE = 10;
/** The lowest priority there is (a nice value above it is refused). */
const LOWEST_PRIORITY = 19;
/** Quiet this long, the process ends and its memory goes back to the system. */
const OCR_IDLE_MS = 30_000;

export type OcrRequest = { id: number; photo: Uint8Array };
export type OcrReply = { id: number; readings: OcrReadings } | { id: number; error: string };

interface Reader {
  child: ChildProcess;
  pending: Map<number, { resolve: (readings: OcrReadings) => void; reject: (error: Error) => void }>;
}

let reader: Reader | null = null;
let nextId = 1;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function startReader(): Reader {
  // execArgv empty: not the parent's flags (a test runner's --test, the server's heap flags)
  const child = fork(fileURLToPath(new URL('./ocr-child.ts', import.meta.url)), [], {
    serialization: 'advanced', execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    setPriority(child.pid!, Math.min(LOWEST_PRIORITY, getPriority() + OCR_NICE));
  } catch {
    // a system that refuses it still reads, at the same priority
  }
  const started: Reader = { child, pending: new Map() };
  child.on('message', (reply: OcrReply) => {
    const waiting = started.pending.get(reply.id);
    if (!waiting) return;
    started.pending.delete(reply.id);
    if ('error' in reply) waiting.reject(new Error(`OCR failed: ${reply.error}`));
    else waiting.resolve(reply.readings);
    if (started.pending.size === 0) idle(started);
  });
  const ended = (why: string) => {
    if (reader === started) reader = null;
    for (const waiting of started.pending.values()) waiting.reject(new OcrProcessEnded(why));
    started.pending.clear();
  };
  child.once('exit', (code, signal) => ended(`the OCR process ended (${signal ?? code})`));
  child.once('error', (error) => ended(error.message));
  return started;
}

/** No reading waits: the process does not keep the server (or a test) alive, and ends after OCR_IDLE_MS. */
function idle(quiet: Reader): void {
  quiet.child.unref();
  quiet.child.channel?.unref();
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (reader === quiet && quiet.pending.size === 0) void closeOcrProcess();
  }, OCR_IDLE_MS).unref();
}

class OcrProcessEnded extends Error {
  override name = 'OcrProcessEnded';
}

function readOnce(photo: Uint8Array): Promise<OcrReadings> {
  clearTimeout(idleTimer);
  const current = (reader ??= startReader());
  current.child.ref();
  current.child.channel?.ref();
  const id = nextId++;
  return new Promise<OcrReadings>((resolve, reject) => {
    current.pending.set(id, { resolve, reject });
    current.child.send({ id, photo } satisfies OcrRequest, (error) => {
      if (!error) return;
      current.pending.delete(id);
      reject(new OcrProcessEnded(error.message));
    });
  });
}

/** Both OCR passes over the normalised photo (./ocr.ts readDigits), in the OCR process. */
export async function readDigitsApart(photo: Uint8Array): Promise<OcrReadings> {
  try {
    return await readOnce(photo);
  } catch (error) {
    if (!(error instanceof OcrProcessEnded)) throw error;
    return readOnce(photo); // a new process, once
  }
}

/** The OCR process's id while it runs (for the tests and an operator's look), else null. */
export function ocrProcessId(): number | null {
  return reader?.child.pid ?? null;
}

/** Ends the OCR process (shutdown, end of tests, OCR_IDLE_MS of quiet); the next reading starts another. */
export async function closeOcrProcess(): Promise<void> {
  clearTimeout(idleTimer);
  const current = reader;
  reader = null;
  if (!current || current.child.exitCode !== null || current.child.signalCode !== null) return;
  const exited = new Promise((resolve) => current.child.once('exit', resolve));
  current.child.disconnect();
  await exited;
}
