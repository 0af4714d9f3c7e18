/**
 * The house rule of DESIGN.md: imports point one way. site -> widgets -> contract, and api -> contract.
 * This test reads every source file's import specifiers and fails on any that points the wrong way, so a
 * shortcut taken in a hurry cannot land.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SOURCE = /\.(ts|tsx|mts|mjs|js|astro)$/;

/** Which top-level folders each folder may import from (besides itself and packages). */
const ALLOWED: Record<string, readonly string[]> = {
  contract: [],
  api: ['contract'],
  widgets: ['contract'],
  site: ['widgets', 'contract'],
};

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(name)) yield path;
  }
}

/** Static imports, re-exports, dynamic imports and side-effect imports. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

export function violations(files: Iterable<string>, root: string = ROOT): string[] {
  const found: string[] = [];
  for (const file of files) {
    const area = relative(root, file).split(sep)[0]!;
    const allowed = ALLOWED[area];
    if (!allowed) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const specifier = match[1]!;
      if (!specifier.startsWith('.')) continue; // packages are outside this rule
      const target = relative(root, resolve(dirname(file), specifier)).split(sep)[0]!;
      if (target === area || !(target in ALLOWED)) continue;
      if (!allowed.includes(target)) found.push(`${relative(root, file)} imports ${specifier} (${area} -> ${target})`);
    }
  }
  return found;
}

test('imports point one way: site -> widgets -> contract, api -> contract', () => {
  const files = Object.keys(ALLOWED).flatMap((area) => {
    try {
      return [...sourceFiles(join(ROOT, area))];
    } catch {
      return []; // a folder that does not exist yet has nothing to check
    }
  });
  assert.ok(files.length > 0, 'found no source files to check');
  assert.deepEqual(violations(files), []);
});

/**
 * Issue 23: the wizard's steps (widgets/quote-wizard/steps/<step>/) import no other step's folder; what
 * they share lives in widgets/quote-wizard/model/ (or beside the step folders, as the purchase sheet).
 * Tests may borrow another step's fixture.
 */
function crossStepImports(stepsDir: string): string[] {
  const found: string[] = [];
  const isFolder = (name: string) => statSync(join(stepsDir, name), { throwIfNoEntry: false })?.isDirectory() === true;
  for (const file of sourceFiles(stepsDir)) {
    if (/\.(test|fixture)\.ts$/.test(file)) continue;
    const own = relative(stepsDir, file).split(sep)[0]!;
    if (!isFolder(own)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const specifier = match[1]!;
      if (!specifier.startsWith('.')) continue;
      const target = relative(stepsDir, resolve(dirname(file), specifier));
      const folder = target.split(sep)[0]!;
      if (target.startsWith('..') || folder === own || !isFolder(folder)) continue;
      found.push(`${relative(ROOT, file)} imports ${specifier}`);
    }
  }
  return found;
}

test('a wizard step imports no other step (issue 23): what steps share is in quote-wizard/model/', () => {
  assert.deepEqual(crossStepImports(join(ROOT, 'widgets', 'quote-wizard', 'steps')), []);
});

test('the check itself catches a wrong-way import', async () => {
  const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const root = mkdtempSync(join(tmpdir(), 'imports-'));
  try {
    for (const area of ['api', 'widgets', 'contract']) mkdirSync(join(root, area));
    writeFileSync(join(root, 'widgets', 'a.ts'), "import { x } from '../api/db.ts';\nimport { y } from '../contract/index.ts';\n");
    writeFileSync(join(root, 'contract', 'b.ts'), "export * from '../widgets/a.ts';\n");
    writeFileSync(join(root, 'api', 'c.ts'), "const m = await import('../contract/index.ts');\n");
    const files = ['widgets/a.ts', 'contract/b.ts', 'api/c.ts'].map((f) => join(root, f));
    assert.deepEqual(violations(files, root), [
      'widgets/a.ts imports ../api/db.ts (widgets -> api)',
      'contract/b.ts imports ../widgets/a.ts (contract -> widgets)',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
