/**
 * The application the insured reads and signs (issue 8, item 3): the answers given in the wizard, the
 * drivers, vehicles and coverages as the declarations page prints them, the statements the applicant
 * attests, and an empty signature area at the foot of the last page that signed-application.ts fills.
 */
import { BRAND } from '../../../contract/index.ts';
import { newDocument, PageFlow, stampFooters } from './layout.ts';
import type { ApplicationModel } from './model.ts';
import { footerText, insuredSection, pdfTitle, policyBand, policySection, policyTermsSections } from './sections.ts';
import { drawSignatureBox, SIGNATURE_BOX } from './signature-box.ts';

const TITLE = 'Application for Insurance';

export async function applicationPdf(model: ApplicationModel): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument({
    title: pdfTitle(model, TITLE),
    subject: `Application for private passenger auto insurance, policy ${model.policyNumber}`,
    programName: model.programName,
    createdAt: model.createdAt,
  }, model);
  const flow = new PageFlow(doc, fonts, policyBand(model, TITLE));
  flow.paragraph(
    'Please read this application before you sign it. It records the answers you gave when you bought your policy, ' +
      'the drivers, vehicles and coverages they led to, and the statements you confirm by signing. If anything is ' +
      `wrong, do not sign: call us on ${BRAND.phone} and we will correct it first.`,
  );
  flow.space(6);
  policySection(flow, model);
  insuredSection(flow, model);
  flow.heading('Your answers');
  flow.table(
    [
      { header: 'Question', share: 0.55 },
      { header: 'Answer', share: 0.45 },
    ],
    model.answers.map((entry) => [entry.question, entry.answer]),
  );
  policyTermsSections(flow, model);
  flow.heading('Statements you confirm by signing');
  flow.numbered(model.declarations);
  flow.keepAbove(SIGNATURE_BOX.y + SIGNATURE_BOX.height + 12);
  drawSignatureBox(flow.page, fonts, model.programName);
  stampFooters(fonts, doc.getPages(), footerText(model, TITLE));
  return doc.save();
}
