/**
 * Use cases speak the domain (issue 20; STYLE.md 13): outside the route layer (api/routes/, api/http/, and
 * api/app.ts which assembles them) no module throws or returns an HTTP failure. An `ApiError`, a status code
 * type or a status number in an outcome would let a use case choose the answer's status again; a rate limit
 * reaches a use case as a port (api/limiter.ts), never as the HTTP middleware.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
const EDGE = ['api/routes/', 'api/http/', 'api/app.ts'];

/**
 * The two that stay, and why: the session guard is a middleware (it reads the cookie and answers the 401 before
 * any route runs); the quote counts its e-mail's limit inside the statement that stores the quote (hitClauses).
 */
const KNOWN: Readonly<Record<string, RegExp>> = {
  'api/auth/session-guard.ts': /ApiError/,
  'api/quotes/create-quote.ts': /http\/rate-limit\.ts/,
  'api/quotes/store.ts': /http\/rate-limit\.ts/,
};

const HTTP_FAILURE = [
  /\bApiError\b/,
  /StatusCode\b/,
  /\bstatus:\s*[1-5]\d\d\b/,
  /from '[./]*\/http\/rate-limit\.ts'/,
];

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('testing') && !name.includes('stand-in')) yield path;
  }
}

export function httpInUseCases(files: Iterable<string>, read: (path: string) => string = (path) => readFileSync(path, 'utf8')): string[] {
  const found: string[] = [];
  for (const file of files) {
    const path = relative(ROOT, file).split(sep).join('/');
    if (EDGE.some((edge) => path.startsWith(edge))) continue;
    for (const line of read(file).split('\n')) {
      if (line.trimStart().startsWith('*') || line.trimStart().startsWith('//')) continue;
      if (HTTP_FAILURE.some((pattern) => pattern.test(line)) && !KNOWN[path]?.test(line)) found.push(`${path}: ${line.trim()}`);
    }
  }
  return found;
}

test('no use case names an HTTP status, an ApiError or the rate-limit middleware', () => {
  assert.deepEqual(httpInUseCases(sources(join(ROOT, 'api'))), []);
});

test('the check finds a status in an outcome', () => {
  const file = join(ROOT, 'api', 'policies', 'example.ts');
  const found = httpInUseCases([file], () => "  return { kind: 'refused', status: 409, message: MESSAGES.quoteAlreadyBound };");
  assert.equal(found.length, 1);
});
