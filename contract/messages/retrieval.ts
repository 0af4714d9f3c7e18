/**
 * The messages of finding a quote again: retrieval, quote links, the hand-over between origins and Save My
 * Quote. contract/messages.ts gathers every area into MESSAGES.
 */
import { BRAND } from '../brand.ts';

// doc 1 section 4: Save My Quote success
export const quoteSaved = 'Quote Saved Successfully';

// doc 1 section 8: session retrieval failure (3500 ms danger snackbar)
export const sessionRetrievalFailed = "We were unable to retrieve your quote. Please click the 'Start a new quote' button to continue.";

// ours: Save My Quote with an e-mail address that is not the signed-in account's (quotes are saved to
// the account of the address they were made with)
export const accountEmailMismatch = 'Quotes can be saved only to the account of the e-mail address they were made with. Please sign in with that address.';

// doc 1 section 8: quote lookup failure (the homepage snackbar), for any mismatch of e-mail, birth date or ZIP
export const quoteNotFound =
  'We were unable to locate your quote using that information. To try again, please close this window, or you may begin a new quote.';

// doc 1 section 8: quote not found via the link in the URL (used, expired or unknown)
export const quoteLinkNotFound =
  "We were unable to locate your quote. Please click the button 'Start a new quote' to begin a new quote.";

// ours: the hand-over from a widget on another origin to our site (issue 7)
export const handoverTooLarge = 'The quote is too large to carry over. Please call us to complete your purchase.';
export const handoverNeedsQuote = 'Please name the quote by its number or by its e-mail address.';
export const handoverNotFound = `This link has expired or was already used. You can retrieve your quote with your e-mail address, date of birth and ZIP code, or call us on ${BRAND.phone}.`;
