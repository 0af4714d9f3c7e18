/**
 * Every glyph of every font a document embeds is a whole outline: a reader's screen draws it. fontkit's own
 * TrueType subsets put a glyph of odd length at a halved offset, and FreeType (poppler and MuPDF, seen; Chrome's
 * PDFium draws with it too) drew most letters of our documents as nothing; fonts.ts aligns each glyph (glyphsAligned).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { Fontkit } from 'pdf-lib/cjs/types/fontkit';
import { sha256Hex } from '../../hash.ts';
import { applicationPdf, declarationsPdf, idCardPdf, signedApplicationPdf } from './index.ts';
import { brokenGlyphs, brokenGlyphsOfFont, sampleApplication, sampleModel, sampleSignature } from './testing.ts';

const NOTO_SANS = join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-latin')), '..', 'fonts', 'NotoSans-Regular.ttf');
const PHRASE = 'Apex Pay-Per-Mile: Declarations Page, Insurance ID Card';

async function subsetFile(text: string): Promise<Buffer> {
  const font = (fontkit as Fontkit).create(new Uint8Array(readFileSync(NOTO_SANS)));
  const subset = font.createSubset();
  for (const char of text) subset.includeGlyph(font.glyphForCodePoint(char.codePointAt(0)!));
  const parts: Uint8Array[] = [];
  await new Promise((resolve) => subset.encodeStream().on('data', (part: Uint8Array) => parts.push(part)).on('end', resolve));
  return Buffer.concat(parts);
}

describe('the fonts the documents embed', () => {
  test("the check finds fontkit's own subset of Noto Sans broken: its glyphs at halved offsets", async () => {
    const problems = brokenGlyphsOfFont(await subsetFile(PHRASE));
    assert.ok(problems.length > 5, `a handful of broken glyphs at least, found: ${problems.join('; ')}`);
  });

  for (const [name, namedInsured] of [
    ['Latin', undefined],
    ['a name in the fallback face and with accents', { firstName: '李', lastName: 'Łukasz Nguyễn' }],
  ] as const) {
    test(`every glyph is whole: ID card, declarations, application and signed application (${name})`, async () => {
      const model = namedInsured ? sampleModel({ namedInsured: { ...sampleModel().namedInsured, ...namedInsured } }) : sampleModel();
      const application = await applicationPdf(sampleApplication(namedInsured ? { namedInsured: { ...sampleApplication().namedInsured, ...namedInsured } } : {}));
      const documents = {
        'ID card': await idCardPdf(model),
        declarations: await declarationsPdf(model),
        application,
        'signed application': await signedApplicationPdf(application, sampleSignature(sha256Hex(application))),
      };
      for (const [kind, bytes] of Object.entries(documents)) assert.deepEqual(await brokenGlyphs(bytes), [], kind);
    });
  }
});
