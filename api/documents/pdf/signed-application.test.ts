import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { applicationPdf } from './application.ts';
import { sha256Hex } from '../../hash.ts';
import { DocumentMismatchError } from './document-mismatch.ts';
import { signedApplicationPdf } from './signed-application.ts';
import { missingFrom, pdfText, sampleApplication, sampleSignature } from './testing.ts';

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('signedApplicationPdf', () => {
  let application: Uint8Array;
  let applicationPages: string[];
  before(async () => {
    application = await applicationPdf(sampleApplication());
    applicationPages = await pdfText(application);
  });

  test('signs the last page of the application and appends the audit trail', async (t) => {
    const signature = sampleSignature(sha256Hex(application));
    const start = performance.now();
    const signed = await signedApplicationPdf(application, signature);
    t.diagnostic(`signedApplicationPdf, first build in this process: ${(performance.now() - start).toFixed(1)} ms`);
    const pages = await pdfText(signed);
    assert.equal(pages.length, applicationPages.length + 1);

    // the application's pages are unchanged but for the signature on the last one
    assert.deepEqual(pages.slice(0, -2), applicationPages.slice(0, -1));
    const signedPage = flat(pages.at(-2)!);
    assert.match(signedPage, /\/s\/ Dana K\. Whitaker/);
    assert.match(signedPage, /Electronically signed by Dana K\. Whitaker on 03\/02\/2026 16:20:31 UTC/);

    const audit = flat(pages.at(-1)!);
    assert.deepEqual(
      missingFrom(audit, [
        'Electronic signature audit trail',
        `Document ${sampleApplication().programName} Application for Insurance, policy ${sampleApplication().policyNumber}`,
        sha256Hex(application),
        'Signer (full name as typed) Dana K. Whitaker',
        'Consent to do business electronically given 03/02/2026 16:19:58 UTC',
        'Signed (Sign button pressed) 03/02/2026 16:20:31 UTC',
        'IP address 198.51.100.23',
        signature.userAgent,
        `“${signature.consentText}”`,
        'ESIGN Act, 15 U.S.C. 7001',
        'Uniform Electronic Transactions Act (UETA)',
        'Audit trail page 1 of 1',
      ]),
      [],
    );
  });

  test('refuses a signature recorded for other bytes', async () => {
    const changed = await applicationPdf(sampleApplication({ createdAt: new Date('2026-03-02T15:04:06.000Z') }));
    await assert.rejects(signedApplicationPdf(application, sampleSignature(sha256Hex(changed))), DocumentMismatchError);
    await assert.rejects(signedApplicationPdf(application, sampleSignature('0'.repeat(64))), DocumentMismatchError);
  });

  test('takes the hash in capitals too', async () => {
    const signed = await signedApplicationPdf(application, sampleSignature(sha256Hex(application).toUpperCase()));
    assert.ok(signed.length > application.length);
  });

  test('the same signature gives the same bytes, modified at the time of signing', async () => {
    const signature = sampleSignature(sha256Hex(application));
    const first = await signedApplicationPdf(application, signature);
    assert.deepEqual(await signedApplicationPdf(application, signature), first);
    const info = await PDFDocument.load(first, { updateMetadata: false });
    assert.equal(info.getModificationDate()?.toISOString(), signature.signedAt.toISOString());
    assert.equal(info.getCreationDate()?.toISOString(), sampleApplication().createdAt.toISOString());
  });

  test('a signer name in any script, and a very long one, are written as typed', async () => {
    const hash = sha256Hex(application);
    const accented = await signedApplicationPdf(application, sampleSignature(hash, { signerName: 'Zoë O’Brien-Łukasz 李' }));
    const odd = flat((await pdfText(accented)).join(' '));
    assert.match(odd, /Electronically signed by Zoë O’Brien-Łukasz 李/);
    const long = `${'Maximiliane Alexandra '.repeat(5)}Featherstonehaugh`;
    const pages = await pdfText(await signedApplicationPdf(application, sampleSignature(hash, { signerName: long })));
    assert.match(flat(pages.at(-2)!), new RegExp(`/s/ ${long}`));
  });
});
