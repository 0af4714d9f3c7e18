/**
 * The declarations page (issue 8, item 1): who and what is insured, for which period, with which limits
 * and deductibles, at which rates and fees. Built at bind (a binder, status BOUND) and again at issue.
 */
import { BRAND } from '../../../contract/index.ts';
import { newDocument, PageFlow, stampFooters } from './layout.ts';
import type { PolicyDocumentModel } from './model.ts';
import { binderNotice, footerText, insuredSection, pdfTitle, policyBand, policySection, policyTermsSections } from './sections.ts';

const TITLE = 'Declarations Page';

export async function declarationsPdf(model: PolicyDocumentModel): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument({
    title: pdfTitle(model, TITLE),
    subject: `Policy declarations for ${model.policyNumber}`,
    programName: model.programName,
    createdAt: model.createdAt,
  }, model);
  const flow = new PageFlow(doc, fonts, policyBand(model, TITLE));
  binderNotice(flow, model);
  policySection(flow, model);
  insuredSection(flow, model);
  policyTermsSections(flow, model);
  flow.paragraph(
    'This declarations page, with the policy form and its endorsements, makes up your policy. Please check it; ' +
      `if anything is wrong, call ${BRAND.phone} (extension ${BRAND.generalExtension}) or write to ${BRAND.email}. ` +
      `To report a claim, call ${BRAND.phone}, extension ${BRAND.claimsExtension}.`,
    8,
  );
  stampFooters(fonts, doc.getPages(), footerText(model, TITLE));
  return doc.save();
}
