/**
 * Every text of the documents page (/account/documents/{token}), keyed (STYLE.md habit 7). Doc 1's own
 * words: 'Loading...' (section 9), the tiles 'ID Card' and 'Declaration Page' ("Documents page"), and the
 * expired and unavailable messages (section 8, in contract/messages.ts). The rest is ours.
 */
import { MESSAGES } from '../../../contract/messages.ts';

export const DOCUMENTS_TEXTS = {
  loading: 'Loading...',
  onboardingTitle: 'Two steps before your policy is issued',
  onboardingIntro:
    'Your policy is bound. We issue it once you have signed your application and sent a photo of the odometer of each vehicle.',
  // ours (issue 23): once one of the two is done, the page counts what is left
  oneStepTitle: 'One step before your policy is issued',
  esignOnlyIntro: 'Your policy is bound and we have your odometer photos. We issue it once you have signed your application.',
  odometerOnlyIntro: 'Your policy is bound and your application is signed. We issue it once you have sent a photo of the odometer of each vehicle.',
  esignTitle: 'Your application',
  esignText: 'Read the application made from your answers and sign it online. It takes a minute.',
  esignLink: 'Sign your application',
  odometerTitle: 'Odometer photos',
  odometerText: "Take a photo of each vehicle's odometer with your phone and type the reading.",
  odometerLink: 'Send odometer photos',
  qrAlt: 'QR code: opens the odometer photo page on your phone',
  qrCaption: "On a computer? Scan this code with your phone's camera to open the odometer photo page there.",
  documentsTitle: 'Your documents',
  onboardingDocumentsTitle: 'Documents so far',
  card: 'ID Card',
  declaration: 'Declaration Page',
  signedApplication: 'Signed Application',
  // ours (issue 21): a policy cancelled for non-payment
  cancellationNotice: 'Notice of Cancellation',
  cancelled: (day: string) => `This policy was cancelled for non-payment at 12:01 a.m. on ${day}. It has no ID card any more.`,
  created: (date: string) => `Created ${date}`,
  newTab: '(PDF, opens in a new tab)',
  myPolicyLink: 'Go to My Policy',
  linkExpired: MESSAGES.documentsLinkExpired,
  unavailable: MESSAGES.documentsUnavailable,
};

export type DocumentsTexts = typeof DOCUMENTS_TEXTS;
