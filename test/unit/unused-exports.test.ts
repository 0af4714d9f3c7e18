/**
 * What is dead goes (issue 20): a value exported from contract/, api/, widgets/ or site/ that no other file
 * imports is either dead code or a name that should not be public. Types are left out: an exported type
 * often documents an exported function's signature without anyone naming it.
 *
 * Every relative import is read with TypeScript's parser (named, default, namespace members, re-exports,
 * `import('...')` types, dynamic imports, and the front matter and scripts of .astro files), tests
 * included: a helper a test imports is used.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CHECKED = /^(contract|api|widgets|site)\//;

/**
 * Modules something other than an import loads by name: the elements' docs (widgets/elements-readme.ts
 * imports `./${name}/${name}.docs.ts`), the migrations' data steps (api/db/migrate.ts runs their `up`),
 * Astro's endpoints (`GET`), the React shims astro.config.mjs aliases, and the deflate pdf-lib loads as `pako` in
 * the PDF process (api/documents/pdf/native-deflate.ts).
 */
const LOADED_BY_NAME = [/\.docs\.ts$/, /^api\/db\/migrations\//, /^site\/pages\//, /^site\/runtime\//, /^api\/documents\/pdf\/native-deflate\.ts$/];

interface Usage {
  /** file -> names other files import from it */
  named: Map<string, Set<string>>;
  /** files whose every export counts as used (export *, import *, dynamic import) */
  whole: Set<string>;
}

function resolveImport(files: ReadonlySet<string>, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const path = relative(ROOT, resolve(ROOT, dirname(from), specifier));
  for (const candidate of [path, path.replace(/\.ts$/, '.tsx'), `${path}.ts`, `${path}/index.ts`]) if (files.has(candidate)) return candidate;
  return null;
}

function readUsage(files: ReadonlySet<string>, sources: ReadonlyMap<string, string>): Usage {
  const usage: Usage = { named: new Map(), whole: new Set() };
  const use = (file: string | null, name: string) => {
    if (file) usage.named.set(file, (usage.named.get(file) ?? new Set()).add(name));
  };
  for (const [file, text] of sources) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const namespaces = new Map<string, string>();
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const target = resolveImport(files, file, node.moduleSpecifier.text);
        if (ts.isImportDeclaration(node)) {
          const clause = node.importClause;
          if (clause?.name) use(target, 'default');
          const bindings = clause?.namedBindings;
          if (bindings && ts.isNamespaceImport(bindings)) {
            if (target) namespaces.set(bindings.name.text, target);
          } else if (bindings) {
            for (const element of bindings.elements) use(target, (element.propertyName ?? element.name).text);
          }
        } else if (node.exportClause && ts.isNamedExports(node.exportClause)) {
          for (const element of node.exportClause.elements) use(target, (element.propertyName ?? element.name).text);
        } else if (target) {
          usage.whole.add(target);
        }
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        const target = argument && ts.isStringLiteral(argument) ? resolveImport(files, file, argument.text) : null;
        if (target) usage.whole.add(target);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        const target = resolveImport(files, file, node.argument.literal.text);
        if (node.qualifier && ts.isIdentifier(node.qualifier)) use(target, node.qualifier.text);
        else if (target) usage.whole.add(target);
      } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) {
        use(namespaces.get(node.expression.text)!, node.name.text);
      } else if (ts.isQualifiedName(node) && ts.isIdentifier(node.left) && namespaces.has(node.left.text)) {
        use(namespaces.get(node.left.text)!, node.right.text);
      } else if (ts.isIdentifier(node) && namespaces.has(node.text) && !ts.isPropertyAccessExpression(node.parent) && !ts.isQualifiedName(node.parent) && !ts.isNamespaceImport(node.parent)) {
        // the namespace object itself handed on (Object.values(endpoints)): every export may be read
        usage.whole.add(namespaces.get(node.text)!);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return usage;
}

/** The values (const, let, function, class, enum) a file exports under their own names. */
function exportedValues(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  return source.statements.flatMap((statement) => {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) return [];
    if (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword || modifier.kind === ts.SyntaxKind.DeclareKeyword)) return [];
    if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((declaration) => (ts.isIdentifier(declaration.name) ? [declaration.name.text] : []));
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) return [statement.name.text];
    return [];
  });
}

/** An .astro file's front matter and scripts: the TypeScript in it. */
function astroCode(text: string): string {
  const frontMatter = text.startsWith('---') ? (text.split('---')[1] ?? '') : '';
  const scripts = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  return [frontMatter, ...scripts].join('\n');
}

export function unusedExports(listed: readonly string[], read: (file: string) => string): string[] {
  const code = listed.filter((file) => /\.(ts|tsx|mjs)$/.test(file));
  const files = new Set(code);
  const sources = new Map(code.map((file) => [file, read(file)]));
  for (const file of listed.filter((file) => file.endsWith('.astro'))) sources.set(`${file}.ts`, astroCode(read(file)));
  const usage = readUsage(files, sources);
  return code
    .filter((file) => CHECKED.test(file) && !/\.test\.tsx?$/.test(file) && !LOADED_BY_NAME.some((pattern) => pattern.test(file)) && !usage.whole.has(file))
    .flatMap((file) => exportedValues(file, sources.get(file)!).filter((name) => !usage.named.get(file)?.has(name)).map((name) => `${file}: ${name}`));
}

test('every exported value of contract/, api/, widgets/ and site/ is imported by another file', () => {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const unused = unusedExports(listed, (file) => readFileSync(join(ROOT, file), 'utf8'));
  assert.deepEqual(unused, [], `exported but imported nowhere; drop the export, or the code:\n${unused.join('\n')}`);
});

test('the check finds an export nothing imports, and sees named, namespace and re-exported uses', () => {
  const files: Record<string, string> = {
    'api/a.ts': "export const used = 1;\nexport const viaNamespace = 2;\nexport function dead() {}\nexport const reexported = 3;\nexport type OnlyAType = string;",
    'api/b.ts': "import { used } from './a.ts';\nimport * as a from './a.ts';\nexport { reexported } from './a.ts';\nconsole.log(used, a.viaNamespace);",
    'api/c.ts': "import { reexported } from './b.ts';\nconsole.log(reexported);",
  };
  assert.deepEqual(unusedExports(Object.keys(files), (file) => files[file]!), ['api/a.ts: dead']);
});
