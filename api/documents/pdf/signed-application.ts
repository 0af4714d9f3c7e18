/**
 * The signed copy of the application (issue 8, item 3): the application exactly as the signer was shown
 * it, with the signature written into its signature area and an audit-trail page appended. The ESIGN Act
 * (15 U.S.C. 7001) and UETA ask for consent, intent, association of the signature with the record, and
 * retention; the audit page records the first two, and this builder refuses a signature whose SHA-256
 * names other bytes than the ones it is given, so a signature can never be attached to a document the
 * signer did not see. Retention is the caller's: it stores the result.
 */
import { sha256Hex } from '../../hash.ts';
import { DocumentMismatchError } from './document-mismatch.ts';
import { PDFDocument } from 'pdf-lib';
import { formatInstant } from './format.ts';
import { embedFonts, PageFlow, stampFooters } from './layout.ts';
import type { SignatureRecord } from './model.ts';
import { drawSignature } from './signature-box.ts';



const AUDIT_TITLE = 'Signature Audit Trail';

export async function signedApplicationPdf(applicationBytes: Uint8Array, signature: SignatureRecord): Promise<Uint8Array> {
  const documentSha256 = sha256Hex(applicationBytes);
  if (documentSha256 !== signature.documentSha256.trim().toLowerCase()) throw new DocumentMismatchError();

  const doc = await PDFDocument.load(applicationBytes, { updateMetadata: false });
  const fonts = await embedFonts(doc, JSON.stringify([signature, doc.getTitle(), doc.getAuthor()]));
  const applicationPages = doc.getPages();
  drawSignature(applicationPages.at(-1)!, fonts, signature);

  // the application names itself in its title and its programme as author (layout.ts newDocument)
  const documentTitle = doc.getTitle() ?? 'Application for insurance';
  const programName = doc.getAuthor() ?? '';
  const flow = new PageFlow(doc, fonts, { programName, title: AUDIT_TITLE, reference: 'Electronic signature record' });
  flow.heading('Electronic signature audit trail');
  flow.table(
    [
      { header: 'Item', share: 0.34 },
      { header: 'Recorded', share: 0.66 },
    ],
    [
      ['Document', documentTitle],
      ['Pages of the application', String(applicationPages.length)],
      ['SHA-256 of the application as shown to the signer (before this page and the signature were added)', documentSha256],
      ['Signer (full name as typed)', signature.signerName],
      ['Consent to do business electronically given', formatInstant(signature.consentedAt)],
      ['Signed (Sign button pressed)', formatInstant(signature.signedAt)],
      ['IP address', signature.ipAddress],
      ['User agent (browser and device)', signature.userAgent],
    ],
  );
  flow.heading('Consent, as shown and accepted');
  flow.paragraph(`“${signature.consentText}”`);
  flow.space(8);
  flow.heading('Legal basis');
  flow.paragraph(
    'This application was signed electronically under the Electronic Signatures in Global and National Commerce Act ' +
      '(ESIGN Act, 15 U.S.C. 7001 et seq.) and the Uniform Electronic Transactions Act (UETA) as enacted in the ' +
      'state. Consent: the signer agreed to do business electronically, in the words above, before signing. Intent: ' +
      'the signer typed their full name and pressed Sign to adopt it as their signature. Association: the signature ' +
      'is bound to the application by the SHA-256 above; any change to the application gives another value. ' +
      `Retention: ${programName || 'the programme'} keeps this signed copy and provides it on request.`,
  );

  const auditPages = doc.getPages().slice(applicationPages.length);
  stampFooters(fonts, auditPages, `${AUDIT_TITLE} · ${documentTitle}`, 'Audit trail page');
  doc.setModificationDate(signature.signedAt);
  return doc.save();
}
