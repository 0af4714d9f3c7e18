/**
 * The policy documents as PDFs: pure builders, data in and bytes out, with pdf-lib and Noto Sans subset
 * per document, with a CJK fallback (fonts.ts). Loading the data and storing the files is the caller's (api/documents/).
 */
export { idCardPdf } from './id-card.ts';
export { declarationsPdf } from './declarations.ts';
export { applicationPdf } from './application.ts';
export { signedApplicationPdf } from './signed-application.ts';
export { DocumentMismatchError } from './document-mismatch.ts';
export type * from './model.ts';
