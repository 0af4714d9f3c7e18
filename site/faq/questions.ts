/**
 * The FAQ's questions and answers (doc 1 "FAQ": coverage, availability and storage), written once: the FAQ
 * page shows them all, the home page's teaser a few (by id). Facts come from doc 1 section 1 and the brand
 * config; the default mileage and the true-up are site/missed-reading.ts's words. A paragraph is text with links in it.
 */
import { BRAND } from '../../contract/brand.ts';
import { UNLIMITED_STATES } from '../../contract/reference/quoting-states.ts';
import { WRITING_STATES } from '../../contract/reference/states.ts';
import { stateList } from '../state-list.ts';
import { MISSED_READING_WORDS } from '../missed-reading.ts';

export type Inline = string | { text: string; href: string };
export interface Question {
  id: string;
  question: string;
  answer: readonly (readonly Inline[])[];
}

export const QUESTIONS: readonly Question[] = [
  {
    id: 'pricing',
    question: 'How does pay-per-mile pricing work?',
    answer: [
      ['You pay a monthly base rate plus a rate for each mile you drive. Each billing period you upload a photo of your odometer; computer vision reads it and we bill the miles since the last reading.'],
      ['If a reading is missed, that period is billed at a maximum default mileage, so it pays to send the photo on time. See our ', { text: 'SMS terms', href: '/legal/sms' }, ' for the reminders we send.'],
      [MISSED_READING_WORDS.join(' ')],
    ],
  },
  {
    id: 'unlimited',
    question: 'Is there a plan without mileage reporting?',
    answer: [[`Yes, the Unlimited plan: a fixed premium for the six-month term and no odometer photos. It is offered for vehicles garaged in ${stateList(UNLIMITED_STATES)}.`]],
  },
  {
    id: 'agreed-value',
    question: 'What does agreed-value coverage mean?',
    answer: [['You and we agree on what your car is worth when the policy starts, custom parts included. If the car is a total loss, that agreed value is what the policy pays, not a depreciated market estimate.']],
  },
  {
    id: 'repairs',
    question: 'Who repairs my car after a claim?',
    answer: [
      [
        `You get priority at our approved collision centers, and repairs use genuine parts. A claims concierge contacts you within one business day of your claim, and rental reimbursement pays up to $125 per day, for at most 30 days per repair. To report a claim, call ${BRAND.phone}, extension ${BRAND.claimsExtension}, or use our `,
        { text: 'claim form', href: '/account/claims' },
        '.',
      ],
    ],
  },
  {
    id: 'cars',
    question: 'Which cars can I insure?',
    answer: [[`New and classic ${BRAND.marque} models, 1981 and later. The vehicle identification number tells us the model and year, so have it ready when you ask for a quote.`]],
  },
  {
    id: 'where',
    question: `Where is ${BRAND.productName} available?`,
    answer: [[`For vehicles garaged in ${stateList(WRITING_STATES)}: what counts is the state where your car is kept.`]],
  },
  {
    id: 'storage',
    question: 'What if my car is in storage for part of the year?',
    answer: [['A stored car drives no miles, so you pay only the monthly base rate while it stays covered. Keep sending your odometer photo each billing period: a missed reading is billed at the maximum default mileage.']],
  },
];

/** The FAQ's last question, whose answer holds the availability sign-up form (faq.astro). */
export const NOTIFY_QUESTION = {
  question: 'My state is not on the list yet. Can you tell me when it is?',
  answer: 'Leave your name, e-mail address and state, and we will e-mail you when we launch there.',
};

/** The home page's teaser: the three questions a first-time visitor asks first. */
export const TEASER_IDS = ['pricing', 'storage', 'where'] as const;

export function questionsById(ids: readonly string[]): Question[] {
  return ids.map((id) => {
    const found = QUESTIONS.find((q) => q.id === id);
    if (!found) throw new Error(`site/faq/questions.ts has no question "${id}"`);
    return found;
  });
}
