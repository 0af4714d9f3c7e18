/**
 * Every text of the odometer photo page (/odometer), keyed (STYLE.md habit 7). Doc 1 gives only
 * 'Loading...' (section 9); the rules' messages are the contract's (odometer* in contract/messages.ts) and
 * the outcome of a photo is the API's own message. The rest is ours, written for a phone screen.
 */
import { BRAND } from '../../../contract/brand.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import type { OdometerStatus } from '../../../contract/api/onboarding.ts';
import { ERROR_SUMMARY_TITLE } from '../../core/styles/error-summary.styles.ts';

export const ODOMETER_TEXTS = {
  loading: 'Loading...',
  policy: (policyNumber: string) => `Policy ${policyNumber}`,
  intro:
    'For each vehicle: take a photo of the odometer, straight on and with every digit sharp, type the reading you see, and send it.',
  vinEnding: (vinEnd: string) => `VIN ending ${vinEnd}`,
  status: {
    verified: 'Verified',
    approved: 'Verified by our team',
    needs_review: 'Being checked by our team',
    rejected: 'Not accepted',
    declined: 'Not accepted by our team',
    superseded: 'Replaced by a newer photo',
    suggested: 'Not accepted',
    confirmed: 'Accepted',
  } satisfies Record<OdometerStatus, string>,
  latest: (miles: string, date: string, status: string) => `Last photo: ${miles} miles, sent ${date}. ${status}.`,
  noPhotoYet: 'No photo sent yet.',
  /** The billing period a reading sent today closes (dates MM/DD/YYYY), and when it is due. */
  closesPeriod: (start: string, end: string, dueOn: string) =>
    `This reading closes your billing period of ${start} to ${end}. It is due by ${dueOn}.`,
  /** No period is open to a reading today: it is kept and trues up the next bill. */
  countedNextBill: 'This reading will be counted in your next bill.',
  done: 'Done',
  /** While a photo waits for our team (issue 23): a mistyped reading or an unsharp photo is put right by sending again. */
  sendAgainHint: 'Typed the wrong reading, or is the photo not sharp? Send it again: the new photo replaces the one our team is checking.',
  sendAgain: 'Send it again',
  photo: 'Photo of the odometer',
  photoHint: "Use your phone's camera, or choose a photo you took. JPEG, PNG or WebP, up to 10 MB.",
  previewAlt: 'The photo you chose',
  /** The guide frame over the photo (issue 24): its name, what it is for and how to move it, in short. */
  frameLabel: 'Odometer digits frame',
  frameHelp:
    'Place the frame around the odometer digits only: drag it, or drag a corner to resize it. With a keyboard: arrow keys move it, Shift and an arrow key resize it.',
  /** Where the frame is, for those who cannot see it; said again as it moves. */
  frameStatus: (left: string, top: string, width: string, height: string) => `Frame: left ${left}, top ${top}, width ${width}, height ${height}.`,
  /** Both readers read the photo alike, but not as typed: the API's message says what the photo reads. */
  suggestionTitle: 'Please check the reading',
  reading: 'Reading',
  readingHint: 'Digits only, as the odometer shows them.',
  send: 'Send photo',
  sending: 'Sending...',
  summaryTitle: ERROR_SUMMARY_TITLE,
  photoMissing: MESSAGES.odometerPhotoMissing,
  /** The server refuses more than 10 MB (413) too; the browser says so before sending it. */
  photoTooLarge: 'This photo is larger than 10 MB. Please take it again at a lower resolution, or choose a smaller photo.',
  notAPhoto: 'This file is not a photo. Please take or choose a photo of the odometer (JPEG, PNG or WebP).',
  noToken: `${MESSAGES.token} Please open the link in the e-mail or text message we sent you, ask My Policy for a new one, or call us on ${BRAND.phone}.`,
  myPolicyLink: 'Go to My Policy',
  /** No answer at all: the reading and the photo stay, so sending again costs nothing. */
  failure: `We could not send the photo. Please check your connection and try again. If it still fails, call us on ${BRAND.phone}.`,
  /** The page itself could not load (no answer, or our own failure). */
  loadFailure: `We could not load your vehicles. Please try again in a moment, or call us on ${BRAND.phone}.`,
};

export type OdometerTexts = typeof ODOMETER_TEXTS;
