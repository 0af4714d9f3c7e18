/**
 * `node api/main.ts` as a child process, started as a deployment starts it, for the tests of the fleet
 * (api/fleet.test.ts) and of servers side by side (test/e2e/fleet.e2e.test.ts): its output is kept, and
 * `waitFor` resolves when a line matches (or fails when the process ends first), so a test waits for what it
 * asserts and never for a fixed time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { join } from 'node:path';
import { tempDir } from './harness.ts';

const MAIN = join(import.meta.dirname, '..', 'main.ts');
/** Long enough for two servers to start and migrate a fresh database on a busy 2-core machine. */
const START_WAIT_MS = 60_000;

export class ServerProcess {
  output = '';
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  readonly #listeners = new Set<() => void>();

  constructor(child: ChildProcess) {
    this.child = child;
    const take = (chunk: Buffer) => {
      this.output += chunk.toString();
      for (const listener of this.#listeners) listener();
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    this.exited = once(child, 'exit').then(([code]) => {
      for (const listener of this.#listeners) listener();
      return code as number | null;
    });
  }

  /** The first match of `pattern` in the output from `from` on (an earlier length of `output`). */
  waitFor(pattern: RegExp, from = 0, timeoutMs = START_WAIT_MS): Promise<RegExpExecArray> {
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => done(new Error(`no line matching ${pattern} within ${timeoutMs} ms:\n${this.output}`)), timeoutMs);
      const done = (error?: Error, match?: RegExpExecArray) => {
        clearTimeout(timer);
        this.#listeners.delete(check);
        if (error) reject(error);
        else resolvePromise(match!);
      };
      const check = () => {
        const match = pattern.exec(this.output.slice(from));
        if (match) done(undefined, match);
        else if (this.child.exitCode !== null || this.child.signalCode !== null) done(new Error(`ended before a line matched ${pattern}:\n${this.output}`));
      };
      this.#listeners.add(check);
      check();
    });
  }

  /** SIGTERM, and the exit code once it has stopped. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return this.exited;
  }
}

export interface ServerProcessOptions {
  /** The environment beyond the defaults below (PORT 0, no demo, a data directory of its own, no site). */
  env?: Record<string, string>;
  /** Modules node loads first (`node --import`), e.g. a test's clock. */
  imports?: string[];
}

export function startServerProcess(options: ServerProcessOptions = {}): ServerProcess {
  const dataDir = tempDir('ppm-process-');
  const child = spawn(process.execPath, [...(options.imports ?? []).flatMap((module) => ['--import', module]), MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir.path,
      HOST: '127.0.0.1',
      PORT: '0',
      DEMO_PORT: '0',
      SITE_DIR: join(dataDir.path, 'no-site'),
      EMBED_DIR: join(dataDir.path, 'no-embed'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = new ServerProcess(child);
  void started.exited.then(() => dataDir.remove());
  return started;
}

/** GET on a connection of its own (a fetch would keep one alive, and behind node:cluster reach one worker). */
export function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const sent = request(url, { agent: false, headers: { Connection: 'close' } }, (response) => {
      response.resume();
      response.on('end', () => resolvePromise(response.statusCode!));
    });
    sent.on('error', reject);
    sent.end();
  });
}
