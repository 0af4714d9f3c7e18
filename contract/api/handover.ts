import { array, define, nullable, object, optional, record, string, type, unknown, type Infer } from 'superstruct';
import { MESSAGES } from '../messages.ts';
import { email } from '../rules/email.ts';
import { hasUnsafeCharacters } from '../rules/text.ts';
import { zip } from '../rules/zip.ts';
import { policyNumber, token } from './common.ts';
import { isoDate } from '../rules/dates.ts';

/**
 * The hand-over from a widget on another origin to the brand site (issue 7 item 1; DESIGN.md "Embedding":
 * card payment happens on our own origin only, and personal data never rides in a URL).
 *
 * POST /api/policy/handover             HandoverRequest -> { token }
 * POST /api/policy/redeem_handover      { token } -> HandoverAnswer | 404
 *
 * The widget proves it holds the quote the way the retrieve window does, with the insured's birth date and
 * the mailing ZIP, and names it either by its number (the wizard at Purchase Now) or by its e-mail address
 * (the retrieve window, which so looks the quote up once). The wizard's answers travel in the token's payload
 * (stored hashed, 10 minutes, single use) and the site opens at /receive-a-quote?handover=<token>.
 */

/** The largest snapshot of the wizard's answers a hand-over carries (4 vehicles and 8 drivers fit in a third). */
export const HANDOVER_WIZARD_MAX_BYTES = 48 * 1024;

/** The wizard's answers (its form state without the quote): JSON, bounded, and no unsafe characters anywhere. */
const wizardSnapshot = define<Record<string, unknown>>('wizardSnapshot', (value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return MESSAGES.required;
  const text = JSON.stringify(value);
  if (text.length > HANDOVER_WIZARD_MAX_BYTES) return MESSAGES.handoverTooLarge;
  let unsafe = false;
  JSON.parse(text, (key, item: unknown) => {
    if (hasUnsafeCharacters(key) || (typeof item === 'string' && hasUnsafeCharacters(item))) unsafe = true;
    return item;
  });
  return unsafe ? MESSAGES.textCharacters : true;
});

export const HandoverRequest = object({
  quoteNumber: optional(policyNumber),
  emailAddress: optional(email),
  /** the insured's date of birth, YYYY-MM-DD */
  dob: isoDate,
  zip,
  wizard: optional(nullable(wizardSnapshot)),
});
export type HandoverRequest = Infer<typeof HandoverRequest>;

export const RedeemHandoverRequest = object({ token });
export type RedeemHandoverRequest = Infer<typeof RedeemHandoverRequest>;

/** What the site's wizard opens with: the stored quote (never the payload's copy) and the answers, if any. */
export const HandoverAnswer = type({
  quoteNumber: string(),
  wizard: nullable(record(string(), unknown())),
  /** The quote response as the API answered it: { policies: [QuotePolicy] }. */
  quote: type({ policies: array(unknown()) }),
  /** The request the quote was priced from. */
  quoteRequest: unknown(),
});
export type HandoverAnswer = Infer<typeof HandoverAnswer>;

/** Answer of POST /api/policy/handover: the token for /receive-a-quote?handover=, and the quote it opens. */
export const HandoverIssued = type({ token: string(), quoteNumber: string() });
export type HandoverIssued = Infer<typeof HandoverIssued>;
