/**
 * The live checklist's words (doc 1 section 4: "Password pages keep a live checklist of flags: length,
 * number, upper case, lower case, special character, match"). They are the thank-you page's (doc 3's account
 * creation shows the same list), taken from its texts so the two checklists can never say different things.
 */
import { THANK_YOU_TEXTS } from '../../quote-wizard/steps/thank-you/thank-you.texts.ts';

export const CHECKLIST_TEXTS = {
  label: THANK_YOU_TEXTS.checklistLabel,
  checks: THANK_YOU_TEXTS.checks,
  met: THANK_YOU_TEXTS.met,
  notMet: THANK_YOU_TEXTS.notMet,
};

export type ChecklistTexts = typeof CHECKLIST_TEXTS;
