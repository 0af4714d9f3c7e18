/**
 * `npm test`: every suite, in the order that builds once and fails early on the cheapest signal.
 *
 *   node test/run-all.ts                 types, unit, api, build, browser, e2e
 *   node test/run-all.ts api e2e         only those suites (the build runs when a chosen suite needs it)
 *   DATABASE_URL=postgres://... node test/run-all.ts api-postgres
 *                                        the API test files that take a database target, on that server
 *                                        (not part of the default run: a fresh machine has no PostgreSQL)
 *
 * Node's test runner suites write a TAP copy to a temp file so the closing line can add up every suite;
 * the last line is "tests: N passed, N failed" and the exit code is non-zero when anything failed.
 */
import { spawn } from 'node:child_process';
import { globSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tapFailures, tscFailures, withoutEscapes, wtrFailures } from './failure-summary.ts';

interface Suite {
  name: string;
  /** What it runs; `{tap}` is replaced by a TAP file path for node's test runner. */
  command: string[];
  needsBuild: boolean;
  /** Left out of a run that names no suite. */
  onRequestOnly?: boolean;
  count: (tapFile: string, output: string) => { passed: number; failed: number };
  /** What failed, in a few lines each: repeated above the summary so that the tail of a long CI log names it. */
  failures: (tapFile: string, output: string) => string[];
}

const nodeTest = (...globs: string[]): string[] => [
  process.execPath,
  '--test',
  '--test-concurrency=1',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=tap',
  '--test-reporter-destination={tap}',
  ...globs,
];

/**
 * A node:test command that runs its files in one process (--test-isolation=none), for the API suites: a
 * process of their own cost each file some 3 s of CPU to load the app's modules and compile PGlite's
 * WebAssembly, two thirds of the suite's CPU time. Each file's describe blocks still open and close their
 * own databases; a beforeEach or afterEach outside them would run around every file's tests, and
 * test/unit/api-tests-one-process.test.ts refuses one.
 */
const inOneProcess = ([node, ...args]: string[]): string[] => [node!, '--test-isolation=none', ...args];

const tapFileFailures = (tapFile: string): string[] => tapFailures(readFileSync(tapFile, 'utf8'));

function countTap(tapFile: string): { passed: number; failed: number } {
  const tap = readFileSync(tapFile, 'utf8');
  const number = (key: string) => Number(tap.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  return { passed: number('pass'), failed: number('fail') + number('cancelled') };
}

/** web-test-runner prints per-file results; its summary line reads "N passed, N failed". */
function countWtr(_tap: string, output: string): { passed: number; failed: number } {
  const plain = withoutEscapes(output);
  const passed = [...plain.matchAll(/(\d+) passed/g)].at(-1)?.[1];
  const failed = [...plain.matchAll(/(\d+) failed/g)].at(-1)?.[1];
  return { passed: Number(passed ?? 0), failed: Number(failed ?? 0) };
}

/** tsc prints nothing on success; each error is a line `file(line,col): error TSxxxx: ...`. */
function countTsc(_tap: string, output: string): { passed: number; failed: number } {
  const errors = tscFailures(output).length;
  return { passed: errors === 0 ? 1 : 0, failed: errors };
}

/** The API test files whose tests run once per database target (api/testing/harness.ts dbTargets). */
function databaseTestFiles(): string[] {
  return globSync('api/**/*.test.ts').filter((file) => readFileSync(file, 'utf8').includes('dbTargets()')).sort();
}

const SUITES: Suite[] = [
  { name: 'types', command: [process.execPath, 'node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], needsBuild: false, count: countTsc, failures: (_tap, output) => tscFailures(output) },
  { name: 'unit', command: nodeTest('contract/**/*.test.ts', 'site/**/*.test.ts', 'widgets/**/*-logic.test.ts', 'test/unit/**/*.test.ts'), needsBuild: false, count: countTap, failures: tapFileFailures },
  { name: 'api', command: inOneProcess(nodeTest('api/**/*.test.ts')), needsBuild: false, count: countTap, failures: tapFileFailures },
  { name: 'api-postgres', command: inOneProcess(nodeTest(...databaseTestFiles())), needsBuild: false, onRequestOnly: true, count: countTap, failures: tapFileFailures },
  {
    name: 'browser',
    command: [process.execPath, 'node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs'],
    needsBuild: true,
    count: countWtr,
    failures: (_tap, output) => wtrFailures(output),
  },
  { name: 'e2e', command: nodeTest('test/e2e/**/*.e2e.test.ts'), needsBuild: true, count: countTap, failures: tapFileFailures },
];

function run(command: string[], capture: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const [file, ...args] = command as [string, ...string[]];
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    const onData = (chunk: Buffer, sink: NodeJS.WriteStream) => {
      sink.write(chunk);
      if (capture) output += chunk.toString('utf8');
    };
    child.stdout.on('data', (chunk: Buffer) => onData(chunk, process.stdout));
    child.stderr.on('data', (chunk: Buffer) => onData(chunk, process.stderr));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !SUITES.some((suite) => suite.name === name));
if (unknown.length > 0) {
  console.error(`run-all: unknown suite ${unknown.join(', ')}; choose from ${SUITES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const chosen = wanted.length === 0 ? SUITES.filter((suite) => !suite.onRequestOnly) : SUITES.filter((suite) => wanted.includes(suite.name));
if (chosen.some((suite) => suite.name === 'api-postgres') && !process.env.DATABASE_URL) {
  console.error('run-all: api-postgres needs DATABASE_URL=postgres://user@host:port/database');
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'ppm-tests-'));
const results: { name: string; passed: number; failed: number; code: number; seconds: number; failures: string[] }[] = [];
let built = false;

for (const suite of chosen) {
  if (suite.needsBuild && !built && process.env.PPM_SKIP_BUILD !== '1') {
    console.log('\n=== build (embed bundle and site) ===');
    const build = await run(['npm', 'run', 'build'], false);
    if (build.code !== 0) {
      results.push({ name: 'build', passed: 0, failed: 1, code: build.code, seconds: 0, failures: ['✖ npm run build: see its output above'] });
      break;
    }
    built = true;
  }
  console.log(`\n=== ${suite.name} tests ===`);
  const tapFile = join(work, `${suite.name}.tap`);
  const started = performance.now();
  const { code, output } = await run(suite.command.map((part) => part.replace('{tap}', tapFile)), true);
  let counts = { passed: 0, failed: 0 };
  let failures: string[] = [];
  try {
    counts = suite.count(tapFile, output);
    if (counts.failed > 0) failures = suite.failures(tapFile, output);
  } catch {
    // no TAP file means the runner died before reporting; the exit code below still fails the run
  }
  // A runner that exits non-zero without a counted failure (a crash, a broken config) still fails.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  if (code !== 0 && failures.length === 0) failures = [`✖ the runner exited with code ${code}: see its output above`];
  results.push({ name: suite.name, ...counts, code, seconds: (performance.now() - started) / 1000, failures });
}
rmSync(work, { recursive: true, force: true });

for (const r of results.filter((result) => result.failures.length > 0)) {
  console.log(`\n=== failed in ${r.name} ===\n${r.failures.join('\n')}`);
}
console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.name.padEnd(12)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1)} s`);
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const ranNothing = passed === 0 && failed === 0;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || ranNothing || results.some((r) => r.code !== 0) ? 1 : 0);
