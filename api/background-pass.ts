/**
 * A piece of background work run in passes: the mail queue's deliveries (api/mail/queue.ts) and the
 * documents job's renderings (api/documents/job.ts). A kick runs a pass now; a kick during a pass runs one
 * more after it, never two at once in a process (what two processes share is settled by each job's own
 * claims and leases). A timer runs one every `intervalMs` for what a previous process or a failed pass
 * left. A pass that throws (the database unreachable or closing) is logged and waits for the next kick.
 */
import { logError, type LogSink } from './log.ts';

export interface BackgroundPass {
  /** A pass now, or one more after the pass under way; resolves when that pass is done. */
  kick(): Promise<void>;
  /** Resolves once no pass is running. */
  settled(): Promise<void>;
  /** A pass now, then one every interval. */
  start(): void;
  /** Stops the timer and waits for a pass under way to finish. */
  stop(): Promise<void>;
}

export function backgroundPass(options: { name: string; pass: () => Promise<void>; intervalMs: number; log: LogSink }): BackgroundPass {
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopped = false;

  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await options.pass();
        } catch (error) {
          logError(options.log, options.name, error);
          return;
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    kick,
    async settled() {
      while (running) await running;
    },
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void kick(), options.intervalMs);
      timer.unref();
      void kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      while (running) await running;
    },
  };
}
