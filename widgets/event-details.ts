/**
 * The `detail` of each `ppm-` event as a host's TypeScript would write it, printed from the event map itself
 * (widgets/core/events.ts) with TypeScript's parser: widgets/README.md's event tables are generated from the
 * types the widgets are compiled against, so a changed detail cannot leave the docs behind (issue 20).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { PpmEventName, PpmQuoteVariants } from './core/events.ts';

export const EVENTS_SOURCE = join(import.meta.dirname, 'core', 'events.ts');

/** One line of TypeScript: comments dropped, whitespace collapsed, `{ a: string; b: number }`. */
function oneLine(node: ts.Node, file: ts.SourceFile): string {
  const printed = ts.createPrinter({ removeComments: true }).printNode(ts.EmitHint.Unspecified, node, file);
  return printed.replace(/\s+/g, ' ').replace(/; }/g, ' }');
}

function members(file: ts.SourceFile, name: string): Map<string, ts.TypeNode> {
  const found = file.statements.find((statement): statement is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(statement) && statement.name.text === name);
  if (!found) throw new Error(`${EVENTS_SOURCE} has no interface ${name}`);
  return new Map(
    found.members.filter(ts.isPropertySignature).map((member) => [(member.name as ts.StringLiteral | ts.Identifier).text, member.type!]),
  );
}

/** The type an alias names (`type PpmQuoteDetail = ...`), or null for a name that is not a local alias. */
function aliasOf(file: ts.SourceFile, name: string): ts.TypeNode | null {
  const alias = file.statements.find((statement): statement is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(statement) && statement.name.text === name);
  return alias?.type ?? null;
}

/**
 * The detail element `tag` sends with event `name` (of its kind `variant`, for an event of several kinds), as
 * one line of TypeScript. ppm-error's `widget` is always the sending element's tag, so its table says which.
 */
export function eventDetail(tag: string, name: PpmEventName, variant?: keyof PpmQuoteVariants, source = readFileSync(EVENTS_SOURCE, 'utf8')): string {
  const detail = mapDetail(name, variant, source);
  return name === 'ppm-error' ? detail.replace('widget: string', `widget: '${tag}'`) : detail;
}

function mapDetail(name: PpmEventName, variant: keyof PpmQuoteVariants | undefined, source: string): string {
  const file = ts.createSourceFile(EVENTS_SOURCE, source, ts.ScriptTarget.Latest, true);
  const type = members(file, 'PpmEventMap').get(name);
  if (!type) throw new Error(`${name} is not in PpmEventMap (${EVENTS_SOURCE})`);
  if (variant) {
    const kind = members(file, 'PpmQuoteVariants').get(variant);
    if (!kind) throw new Error(`${variant} is not in PpmQuoteVariants (${EVENTS_SOURCE})`);
    return oneLine(kind, file);
  }
  const named = ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) ? aliasOf(file, type.typeName.text) : null;
  return oneLine(named ?? type, file);
}
