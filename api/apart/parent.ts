/**
 * Work in a process of its own, at a lower priority (issue 22, item 5): the odometer's OCR
 * (api/odometer/ocr-process.ts) and the documents' PDFs (api/documents/pdf/apart.ts).
 *
 * Why: both are JavaScript that holds a thread for a long while (OCR's pixel work 100 to 170 ms a photo, a
 * policy's PDFs about 250 ms). On the server's own thread every other request waits meanwhile: with a few
 * photos at once /api/health waited over 500 ms, and every purchase held the API a quarter of a second. In a
 * child process niced `nice` below the server the API's own thread comes first on the cores, and what the
 * work takes in memory (the odometer reader's nets, the fonts, the images) goes back to the system when the process
 * ends, `idleMs` after its last request. The next request starts it again (a fork and the module's imports).
 *
 * Requests and answers go over the IPC channel with V8's serialisation (a Uint8Array or a Date as it is).
 * A process that dies under a request (killed, out of memory) fails what it held and is started again; the
 * request is made once more in the new process before it fails. An error the work throws comes back with
 * its name and message (./child.ts); `revive` may turn it back into the caller's own class.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The lowest priority there is (a nice value above it is refused). */
const LOWEST_PRIORITY = 19;

export type ApartRequest<Req> = { id: number; request: Req };
export type ApartReply<Res> = { id: number; answer: Res } | { id: number; error: { name: string; message: string } };

export interface ProcessApart<Req, Res> {
  /** The work done in the process (started when none runs); made again once in a new one if it died. */
  run(request: Req): Promise<Res>;
  /** The process's id while it runs (for the tests and an operator's look), else null. */
  pid(): number | null;
  /** Ends the process (shutdown, end of tests); the next request starts another. */
  close(): Promise<void>;
}

export interface ApartOptions {
  /** What the work is, for the errors: 'OCR', 'PDF'. */
  name: string;
  /** The child's module, which calls ./child.ts serveApart. */
  module: URL;
  /** How far below the server's own priority it runs. */
  nice: number;
  /** Quiet this long, the process ends and its memory goes back to the system. */
  idleMs: number;
  /** The caller's own error class back from the name and message the child sent, else a plain Error. */
  revive?: (error: { name: string; message: string }) => Error | undefined;
}

interface Running<Res> {
  child: ChildProcess;
  pending: Map<number, { resolve: (answer: Res) => void; reject: (error: Error) => void }>;
}

class ProcessEnded extends Error {
  override name = 'ProcessEnded';
}

export function processApart<Req, Res>(options: ApartOptions): ProcessApart<Req, Res> {
  let running: Running<Res> | null = null;
  let nextId = 1;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  function start(): Running<Res> {
    // execArgv empty: not the parent's flags (a test runner's --test, the server's heap flags)
    const child = fork(fileURLToPath(options.module), [], { serialization: 'advanced', execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    try {
      setPriority(child.pid!, Math.min(LOWEST_PRIORITY, getPriority() + options.nice));
    } catch {
      // a system that refuses it still works, at the same priority
    }
    const started: Running<Res> = { child, pending: new Map() };
    child.on('message', (reply: ApartReply<Res>) => {
      const waiting = started.pending.get(reply.id);
      if (!waiting) return;
      started.pending.delete(reply.id);
      if ('error' in reply) waiting.reject(options.revive?.(reply.error) ?? Object.assign(new Error(`${options.name} failed: ${reply.error.message}`), { name: reply.error.name }));
      else waiting.resolve(reply.answer);
      if (started.pending.size === 0) idle(started);
    });
    const ended = (why: string) => {
      if (running === started) running = null;
      for (const waiting of started.pending.values()) waiting.reject(new ProcessEnded(why));
      started.pending.clear();
    };
    child.once('exit', (code, signal) => ended(`the ${options.name} process ended (${signal ?? code})`));
    child.once('error', (error) => ended(error.message));
    return started;
  }

  /** Nothing waits: the process does not keep the server (or a test, or a command) alive, and ends after idleMs. */
  function idle(quiet: Running<Res>): void {
    quiet.child.unref();
    quiet.child.channel?.unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (running === quiet && quiet.pending.size === 0) void close();
    }, options.idleMs).unref();
  }

  function runOnce(request: Req): Promise<Res> {
    clearTimeout(idleTimer);
    const current = (running ??= start());
    current.child.ref();
    current.child.channel?.ref();
    const id = nextId++;
    return new Promise<Res>((resolve, reject) => {
      current.pending.set(id, { resolve, reject });
      current.child.send({ id, request } satisfies ApartRequest<Req>, (error) => {
        if (!error) return;
        current.pending.delete(id);
        reject(new ProcessEnded(error.message));
      });
    });
  }

  async function close(): Promise<void> {
    clearTimeout(idleTimer);
    const current = running;
    running = null;
    if (!current || current.child.exitCode !== null || current.child.signalCode !== null) return;
    const exited = new Promise((resolve) => current.child.once('exit', resolve));
    // held while it ends: an idle process is unref'd, and a caller with nothing else to wait for (a command's
    // last line) would otherwise leave before the child is gone
    current.child.ref();
    current.child.disconnect();
    await exited;
  }

  return {
    async run(request) {
      try {
        return await runOnce(request);
      } catch (error) {
        if (!(error instanceof ProcessEnded)) throw error;
        return runOnce(request); // a new process, once
      }
    },
    pid: () => running?.child.pid ?? null,
    close,
  };
}
