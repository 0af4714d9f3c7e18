/**
 * Every text the retrieve-quote form shows, keyed (STYLE.md habit 7), so a brand or a locale replaces them
 * through the element's `texts` property or the component's `texts` prop. The spec's texts are word for
 * word: the buttons Back and 'See my quote' (doc 1 "Homepage"), 'Retrieve' (doc 1 "My Policy page"), the
 * snackbars and the 'Sorry!' modal (doc 1 section 8). Labels, the intro and the network fallback are ours
 * (the spec names the fields emailAddress, dateOfBirth and zipcode, not their labels).
 */
export const RETRIEVE_QUOTE_TEXTS = {
  /** The button that opens the form (doc 1: quote widgets offer 'Retrieve my quote'). */
  open: 'Retrieve my quote',
  /** The modal's title. */
  title: 'Retrieve my quote',
  /** The inline form's accessible name (doc 1 "My Policy page": 'Retrieve Your Quote'). */
  formLabel: 'Retrieve Your Quote',
  intro: 'Enter the email address, date of birth and ZIP code you gave us for your quote.',
  email: 'Email Address',
  dateOfBirth: 'Date of Birth',
  dateHint: 'For example, 03/27/1980',
  calendar: 'Choose your date of birth from the calendar',
  zipcode: 'ZIP Code',
  back: 'Back',
  submit: 'See my quote',
  submitInline: 'Retrieve',
  searching: 'Searching...',
  close: 'Close',
  // doc 1 section 5 and section 8, word for word (lower case as the spec writes it)
  missingFields: 'unable to load quote',
  // doc 1 section 8, "Quote lookup failure (homepage)": its snackbar's sentence, now the ppm-error event's message
  // only, since the Sorry! modal says it (issue 23)
  notFound:
    'We were unable to locate your quote using that information. To try again, please close this window, or you may begin a new quote.',
  sorryTitle: 'Sorry!',
  sorryText:
    'We were unable to locate your quote using that information. To try again, please close this window, or you may click the button below to begin a new quote.',
  newQuote: 'New Quote',
  // ours: no answer at all (offline, a proxy's error page); what was typed stays in the form
  failure: 'We could not reach our service. Please check your connection and try again.',
};

export type RetrieveQuoteTexts = typeof RETRIEVE_QUOTE_TEXTS;
