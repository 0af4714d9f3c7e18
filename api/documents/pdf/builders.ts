/**
 * Every PDF the server makes, by name: the policy's documents (./index.ts) and the billing cycle's papers
 * (api/billing/notice-pdf.ts). Pure builders, data in and bytes out; they run in the PDF process
 * (./apart.ts, ./pdf-child.ts), so this module is imported there and only its types are by the server.
 */
import { billPdf, cancellationNoticePdf } from '../../billing/notice-pdf.ts';
import { applicationPdf, declarationsPdf, idCardPdf, signedApplicationPdf } from './index.ts';

export const PDF_BUILDERS = {
  idCard: idCardPdf,
  declarations: declarationsPdf,
  application: applicationPdf,
  signedApplication: signedApplicationPdf,
  bill: billPdf,
  cancellationNotice: cancellationNoticePdf,
};

export type PdfBuilders = typeof PDF_BUILDERS;
export type PdfKind = keyof PdfBuilders;
/** One build: which, and its builder's arguments. */
export type PdfRequest = { [K in PdfKind]: { kind: K; args: Parameters<PdfBuilders[K]> } }[PdfKind];
