/**
 * The spec writes "the product" where the brand's name goes ("Thank you for connecting with the product!"),
 * a placeholder as its {phone} is: what a customer reads says BRAND.productName instead (docs/architecture.md,
 * choices; issue 23). This scans every text a customer may read (the widgets' and the API's sources, the
 * site's pages and content) for the placeholder outside comments, so a text copied from the spec again fails.
 * It also fails on "a" or "an" written before the brand's name ("Get a Apex Pay-Per-Mile quote"): an article
 * chosen for one name is wrong for another, so no sentence lets one depend on it.
 */
import { strict as assert } from 'node:assert';
import { globSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

const SOURCES = [
  'contract/**/*.ts',
  'widgets/**/*.{ts,tsx}',
  'api/**/*.ts',
  'site/**/*.{ts,tsx,astro,md,mdx}',
  'embed-demo/**/*.html',
];
const NOT_SHOWN = /\.test\.ts$|\/testing\/|\.docs\.ts$|elements-readme\.ts$/;

/** The text without its comments: block comments, line comments (not a URL's //) and HTML comments. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** "a ${BRAND.productName}", "an {BRAND.marque}", "a ${product}" (site/routes.ts names it so). */
const ARTICLE_BEFORE_NAME = /\b(a|an) \$?\{\s*(BRAND\.productName|BRAND\.marque|product|marque)\s*\}/i;

/** Each place a text says "the product" for the brand's name, as file:line. */
function placeholders(file: string, text: string): string[] {
  const found: string[] = [];
  withoutComments(text)
    .split('\n')
    .forEach((line, index) => {
      if (/\bthe product\b/i.test(line) || ARTICLE_BEFORE_NAME.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  return found;
}

describe('the brand is named, never "the product"', () => {
  it('no customer-facing text says "the product", nor puts an article before the name', () => {
    const files = SOURCES.flatMap((pattern) => globSync(pattern)).filter((file) => !NOT_SHOWN.test(file) && !file.includes('node_modules'));
    assert.ok(files.length > 100, `scanned ${files.length} files`);
    const found = files.flatMap((file) => placeholders(file, readFileSync(file, 'utf8')));
    assert.deepEqual(found, []);
  });

  it('the scan finds the placeholder in a text and skips it in a comment', () => {
    const sample = [
      '// the product is described in doc 1',
      "/** How the shopper heard about the product */",
      "  success: 'Thank you for connecting with the product!',",
      "  link: 'https://example.com', // the product's page",
    ].join('\n');
    assert.deepEqual(placeholders('x.ts', sample), ["x.ts:3: success: 'Thank you for connecting with the product!',"]);
  });
});
