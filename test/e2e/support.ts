/**
 * What every end-to-end test needs: the real server started the README's way (`npm run serve`, i.e. the
 * `node api/main.ts` that `npm start` runs after building) on free ports with its own data folder, and
 * Debian's Chromium driven by playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before } from 'node:test';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { outboxDirOf } from '../../api/config.ts';
import { parseEml } from '../../api/mail/eml.ts';
import { copyMigratedDatabase } from './database-copy.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Ports the kernel calls free, all distinct: each stays bound until every one is picked, since a port
 * released before the next is asked for can be handed out twice.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  try {
    return await Promise.all(
      servers.map(
        (server) =>
          new Promise<number>((resolvePort, reject) => {
            server.on('error', reject);
            server.listen(0, '127.0.0.1', () => {
              const address = server.address();
              if (typeof address === 'object' && address) resolvePort(address.port);
              else reject(new Error('no port'));
            });
          }),
      ),
    );
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((done) => (server.listening ? server.close(() => done()) : done()))));
  }
}

export interface RunningServer {
  url: string;
  demoUrl: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
  cleanUp: () => void;
}

/** A process of ours started for a test: what it printed so far, and how to stop it with all it started. */
export interface StartedProcess {
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts `command` in the repository in its own process group and resolves once `readyUrl` answers 2xx
 * (within 60 s, else it is stopped and the error carries what it printed). stop() ends the whole group:
 * npm and the node it started, or astro and its Vite.
 */
export async function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { env: Record<string, string>; readyUrl: string },
): Promise<StartedProcess> {
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.on('exit', () => done()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, 'SIGTERM');
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited early:\n${output}`);
    try {
      if ((await fetch(options.readyUrl)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not answer ${options.readyUrl} within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { output: () => output, stop };
}

export interface ServerOptions {
  /**
   * 'copy' (the default): the embedded database is a copy of one already migrated (./database-copy.ts), as a
   * restarted server finds its own. 'new': an empty data folder, where the server runs initdb and every
   * migration, as on the README's first start.
   */
  database?: 'copy' | 'new';
}

/** Starts `npm run serve` with its own ports and data folder; resolves once /api/health answers. */
export async function startServer(env: Record<string, string> = {}, options: ServerOptions = {}): Promise<RunningServer> {
  const [port, demoPort] = (await freePorts(2)) as [number, number];
  const dataDir = mkdtempSync(join(tmpdir(), 'ppm-e2e-'));
  // Removed at exit too, whatever happened to the test's own clean-up (a failed before() runs no after()).
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  if (options.database !== 'new' && !env.DATABASE_URL) await copyMigratedDatabase(dataDir);
  const url = `http://localhost:${port}`;
  const demoUrl = `http://localhost:${demoPort}`;
  const { output, stop } = await startProcess('the server', 'npm', ['run', 'serve', '--silent'], {
    env: {
      NODE_ENV: 'development',
      PORT: String(port),
      DEMO_PORT: String(demoPort),
      PUBLIC_ORIGIN: url,
      CORS_ORIGINS: demoUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      ...env,
    },
    readyUrl: `${url}/api/health`,
  });
  return { url, demoUrl, dataDir, output, stop, cleanUp: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * One server and one browser for a describe block: started before its tests, stopped and cleaned after.
 * Read them through the getters inside tests (they exist only once `before` has run).
 */
export function serverAndBrowser(env: Record<string, string> = {}, options: ServerOptions = {}): { readonly server: RunningServer; readonly browser: Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    server = await startServer(env, options);
    browser = await launchChromium();
  });
  after(async () => {
    try {
      await browser?.close();
      await server?.stop();
    } finally {
      server?.cleanUp();
    }
  });
  return {
    get server() {
      if (!server) throw new Error('the server starts in before()');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in before()');
      return browser;
    },
  };
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core (WCAG 2.x A and AA) in the page, through the DevTools protocol so the page's CSP does not apply. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type AxeResult = { violations: { id: string; nodes: { target: unknown }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}

/**
 * The .eml files in the server's outbox, oldest first, once there are at least `count`. The server sends
 * mail from its queue just after answering (api/mail/queue.ts), so a test that saw the answer on the page
 * may look a moment before the file is there.
 */
export async function outboxMails(dataDir: string, count: number, timeoutMs = 10_000): Promise<string[]> {
  const dir = outboxDirOf(dataDir);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.eml')).sort() : [];
    if (names.length >= count || Date.now() > deadline) return names.map((name) => join(dir, name));
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 50));
  }
}

/**
 * The text messages (.sms.txt, api/messages/texter.ts) in the server's outbox, oldest first, once there are
 * at least `count`; read one with parseTextFile from api/messages/texter.ts.
 */
export async function outboxTexts(dataDir: string, count: number, timeoutMs = 10_000): Promise<string[]> {
  const dir = outboxDirOf(dataDir);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.sms.txt')).sort() : [];
    if (names.length >= count || Date.now() > deadline) return names.map((name) => join(dir, name));
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 50));
  }
}

/**
 * The first link to `path` carrying a 64-hex token in an e-mail to `to` (whose text matches `pattern`, when
 * given), once the message is in the outbox of `dataDir`.
 */
export async function linkFromMail(dataDir: string, to: string, path: string, pattern?: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const linkPattern = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, (c) => `\\${c}`)}[^\\s]*token=[0-9a-f]{64}`);
  for (;;) {
    for (const file of await outboxMails(dataDir, 0, 0)) {
      const mail = parseEml(readFileSync(file, 'utf8'));
      if (!(mail.headers.get('to') ?? '').toLowerCase().includes(to.toLowerCase())) continue;
      const text = mail.parts.find((part) => part.contentType === 'text/plain')?.body ?? '';
      if (pattern && !pattern.test(text)) continue;
      const link = linkPattern.exec(text)?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} with a ${path} link`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until an input shows `expected`, and fails naming what it shows if it does not within the timeout.
 * A masked field's mask comes with the person's first interaction (widgets/core/fields/MaskedField.tsx), so
 * text typed before it arrives is masked a moment later: a test reads the value it waits for, not the first.
 */
export async function inputShows(field: Locator, expected: string, timeoutMs = 10_000): Promise<void> {
  const input = await field.elementHandle();
  const shown = await field
    .page()
    .waitForFunction(([element, wanted]) => (element as HTMLInputElement).value === wanted, [input, expected] as const, { timeout: timeoutMs })
    .then(() => expected, () => field.inputValue());
  if (shown !== expected) throw new Error(`the input shows ${JSON.stringify(shown)}, not ${JSON.stringify(expected)}`);
}

/** A layout shift the page reported (layout-shift.e2e.test.ts, home.e2e.test.ts): its score and what moved. */
export interface Shift {
  value: number;
  moved: string[];
}

/** Records every layout shift of the page from its first byte, with what moved. */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    Object.assign(globalThis, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      // what moved, and from where to where: a shift of a few pixels names its cause (a margin, a width)
      const named = ({ node, previousRect: from, currentRect: to }: Source) =>
        `${node instanceof Element ? `${node.localName}.${node.className}` : String(node?.nodeName)} (${from.x},${from.y} ${from.width}x${from.height} -> ${to.x},${to.y} ${to.width}x${to.height})`;
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({ value: entry.value, moved: (entry.sources ?? []).map(named) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts so far, read two frames on, so that a shift the last change caused has been reported. */
export async function layoutShifts(page: Page): Promise<Shift[]> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(() => (globalThis as unknown as { layoutShifts: Shift[] }).layoutShifts.splice(0));
}
