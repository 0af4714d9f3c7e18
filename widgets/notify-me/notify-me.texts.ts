import { BRAND } from '../../contract/brand.ts';

/**
 * Every text notify-me shows, keyed (STYLE.md habit 7), so a brand or a locale replaces them through the
 * element's `texts` property or the component's `texts` prop. The spec's texts (doc 1 section 8) are
 * word for word; labels and the button are ours (the spec names the fields, not their labels).
 */
export const NOTIFY_ME_TEXTS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  state: 'State',
  stateNoMatch: 'No state matches what you typed',
  submit: 'Notify Me',
  sending: 'Sending...',
  // doc 1 section 8, word for word, but for the brand's name where the spec writes "the product" (a
  // placeholder, as its {phone} is: docs/architecture.md, choices; issue 23)
  success: `Thank you for connecting with ${BRAND.productName}!`,
  alreadySubscribed: "You're already subscribed. Thank you!",
  failure: 'Something went wrong. Please try again later.',
};

export type NotifyMeTexts = typeof NOTIFY_ME_TEXTS;

/** "Success: ... for 10 s" (doc 1 section 8; section 9: success notices last 10 s). */
export const SUCCESS_MS = 10_000;
