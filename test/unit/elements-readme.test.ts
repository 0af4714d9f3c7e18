/**
 * The elements' declarations (widgets/<name>/<name>.element.ts and .docs.ts) are the one home of their public
 * surface: widgets/README.md and README.md's list of elements are generated from them (a stale copy fails
 * here), and what they declare is what the elements do (attribute names survive react-to-webcomponent's
 * dashing, the parts listed are the parts drawn).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { propertyName } from '../../widgets/core/element-declaration.ts';
import { eventDetail, EVENTS_SOURCE } from '../../widgets/event-details.ts';
import {
  currentReadme,
  declarations,
  embeddingSection,
  partDocs,
  README,
  renderReadme,
  themeDefaults,
  withEmbeddingSection,
  WIDGETS_README,
  type Declaration,
} from '../../widgets/elements-readme.ts';

const WIDGETS = resolve(import.meta.dirname, '..', '..', 'widgets');

test('widgets/README.md matches the declarations (run: node widgets/elements-readme.ts --write)', async () => {
  assert.equal(readFileSync(WIDGETS_README, 'utf8'), await currentReadme());
});

test("README.md's list of elements matches the declarations (run: node widgets/elements-readme.ts --write)", async () => {
  const readme = readFileSync(README, 'utf8');
  assert.equal(readme, withEmbeddingSection(readme, await declarations()));
});

test("README.md's list of elements is replaced between its markers, and a README without them is refused with the fix", async () => {
  const declared = await declarations();
  const section = embeddingSection(declared);
  const readme = `# x\n\n${section.replace(/\| \[`<ppm-notify-me>`\][^\n]*\n/, '| stale |\n')}\n\nafter\n`;
  assert.equal(withEmbeddingSection(readme, declared), `# x\n\n${section}\n\nafter\n`);
  assert.match(section, /\| \[`<ppm-notify-me>`\]\(widgets\/README\.md#ppm-notify-me\) \| name, e-mail and state/);
  assert.throws(() => withEmbeddingSection('# x\n', declared), /paste the output of `node widgets\/elements-readme\.ts --embedding`/);
});

/** react-to-webcomponent's rule from a prop to its attribute (@r2wc/core: toDashedCase). */
const dashed = (property: string) => property.replace(/([a-z0-9])([A-Z])/g, (_, before: string, upper: string) => `${before}-${upper.toLowerCase()}`);

test('each declared attribute is observed under its own name: its camelCase property dashes back to it', async () => {
  assert.equal(propertyName('quote-url'), 'quoteUrl');
  for (const { element } of await declarations()) {
    for (const attribute of element.attributes) assert.equal(dashed(propertyName(attribute)), attribute, `${element.tag} ${attribute}`);
  }
});

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]+)['"]/g;

/** The source files an element's registration reaches through relative imports, lazy ones included. */
function reachable(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  for (const match of readFileSync(entry, 'utf8').matchAll(SPECIFIER)) {
    const target = resolve(dirname(entry), match[1]!);
    if (/\.tsx?$/.test(target) && existsSync(target)) reachable(target, seen);
  }
  return seen;
}

/** `part="a b"`, `part={cond ? 'a' : 'b'}` and `part={`a a-${kind}`}`: each name, or a pattern for a name built from a value. */
function drawnParts(files: Iterable<string>): { names: Set<string>; patterns: RegExp[] } {
  const names = new Set<string>();
  const patterns: RegExp[] = [];
  const add = (words: string) => {
    for (const word of words.split(/\s+/).filter(Boolean)) {
      if (!word.includes('${')) names.add(word);
      else patterns.push(new RegExp(`^${word.split(/\$\{[^}]*\}/).map((piece) => piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[a-z]+')}$`));
    }
  };
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\bpart="([^"]*)"/g)) add(match[1]!);
    for (const match of source.matchAll(/\bpart=\{\s*`([^`]*)`\s*\}/g)) add(match[1]!);
    for (const match of source.matchAll(/\bpart=\{([^}`]*)\}/g)) for (const literal of match[1]!.matchAll(/'([^']*)'|"([^"]*)"/g)) add(literal[1] ?? literal[2]!);
  }
  return { names, patterns };
}

/** Parts in an element's code that it never draws. */
const NOT_DRAWN: Record<string, readonly string[]> = {
  // RetrieveQuote.tsx's own button; quote-start loads that module for RetrieveDialog, drawn from its own 'retrieve'
  'ppm-quote-start': ['trigger'],
};

test('each element declares the parts its code draws, and no others', async () => {
  for (const { element, docs } of await declarations()) {
    const name = element.tag.replace(/^ppm-/, '');
    const files = reachable(join(WIDGETS, name, `${name}.ts`));
    const { names, patterns } = drawnParts(files);
    for (const part of NOT_DRAWN[element.tag] ?? []) names.delete(part);
    const declared = partDocs(docs.parts).map(([part]) => part);
    const undrawn = declared.filter((part) => !names.has(part) && !patterns.some((pattern) => pattern.test(part)));
    const undeclared = [...names].filter((part) => !declared.includes(part));
    const unmatched = patterns.filter((pattern) => !declared.some((part) => pattern.test(part)));
    assert.deepEqual(
      { undrawn, undeclared, unmatched: unmatched.map(String) },
      { undrawn: [], undeclared: [], unmatched: [] },
      `${element.tag}: widgets/${name}/${name}.docs.ts lists its parts`,
    );
  }
});

test('the theme table takes its defaults from base.styles.ts and refuses a property either side lacks', () => {
  const defaults = themeDefaults();
  assert.equal(defaults['--ppm-radius'], '6px');
  assert.throws(() => themeDefaults('.x { --_ink: var(--ppm-ink, #000); --_new: var(--ppm-new, red); }'), /--ppm-font has no default in base\.styles\.ts.*--ppm-new is not in THEME/);
});

test('a declaration is rendered into its tables: cells escaped, a part listed twice keeps both meanings', () => {
  const declaration: Declaration = {
    element: { tag: 'ppm-x', attributes: ['api-base'], properties: ['texts'] },
    docs: {
      summary: 'a test element',
      description: 'Shows <ppm-x> and `<ppm-y>`.',
      attributes: { 'api-base': 'where the API is' },
      properties: { texts: { type: 'Partial<XTexts>', doc: 'texts a | b' } },
      events: [{ name: 'ppm-error', cancelable: true, doc: 'a failure' }, { name: 'ppm-quote', variant: 'priced', from: 'ppm-y', doc: 'a | price' }],
      parts: ['base', ['submit', "'Go'"], 'field', ['submit', "'Again'"], ['submit', "'Go'"]],
      cssProperties: ['--ppm-ink'],
    },
  };
  const readme = renderReadme([declaration], themeDefaults());
  assert.ok(readme.includes('| [`<ppm-x>`](#ppm-x) | a test element | `api-base` |'), readme);
  assert.ok(readme.includes('Shows &lt;ppm-x&gt; and `<ppm-y>`.'));
  assert.ok(readme.includes('| `api-base` | `apiBase` | where the API is |'));
  assert.ok(readme.includes('| `texts` | `Partial<XTexts>` | texts a \\| b |'));
  assert.ok(readme.includes("| `ppm-error` | `{ widget: 'ppm-x'; status: number; message: string }` | yes | a failure |"), readme);
  assert.ok(readme.includes("| `ppm-quote` | `{ action: 'priced'; policyNumber: string; ratedState: string; vehicles: number; estimatedMonthlyPayment: number }` |  | a \\| price |"), readme);
  assert.ok(readme.includes("| `submit` | 'Go'; 'Again' |"));
  assert.ok(readme.includes('| `--ppm-ink` | `#1b1f24` |'));
});

test("an event's detail is printed from the event map, so the docs follow a changed type", () => {
  const source = readFileSync(EVENTS_SOURCE, 'utf8');
  assert.equal(eventDetail('ppm-notify-me', 'ppm-subscribe'), '{ state: string; alreadySubscribed: boolean }');
  assert.equal(eventDetail('ppm-retrieve-quote', 'ppm-quote', 'retrieved'), "{ action: 'retrieved'; policyNumber: string }");
  const changed = source.replace("'ppm-subscribe': { state: string; alreadySubscribed: boolean };", "'ppm-subscribe': { state: string; alreadySubscribed: boolean; listId: number };");
  assert.notEqual(changed, source, 'the fixture edits the real map');
  assert.equal(eventDetail('ppm-notify-me', 'ppm-subscribe', undefined, changed), '{ state: string; alreadySubscribed: boolean; listId: number }');
  assert.throws(() => eventDetail('ppm-x', 'ppm-gone' as never), /ppm-gone is not in PpmEventMap/);
});
