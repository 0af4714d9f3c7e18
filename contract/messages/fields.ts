/**
 * The messages of the fields every form has: names, e-mail, texts, state, choices, ZIP, phone, policy
 * numbers and links. contract/messages.ts gathers every area into MESSAGES.
 */

// doc 1 section 5: e-mail everywhere
export const email = 'Please enter a valid email address.';

// ours: a required field left empty (also any select left unchosen)
export const required = 'This field is required.';

// ours: names where the spec says "letters only"
export const nameLetters = 'Please use letters only.';

// ours: the spec's maxima (63, 128, 200, 256)
export const maxLength = (max: number) => `Please use at most ${max} characters.`;

// ours: a text holding a control character (NUL, escape ...) or half of a surrogate pair: nothing a
// person types, and nothing the database can store (PostgreSQL refuses NUL and broken UTF-16 in JSON)
export const textCharacters = 'Please remove the invisible control characters or broken symbols from this field.';

// ours: a request whose JSON nests arrays or objects deeper than any form does (api/http/body.ts)
export const nestedTooDeep = 'This request is nested too deeply to be read.';

// ours: a whole number where a count, a number in a list or an id is asked (contract/rules/whole.ts)
export const wholeNumber = 'Please enter a whole number.';

// ours: state picked from the list of 50 states and DC
export const state = 'Please choose a state from the list.';

// ours: a value outside a fixed list of options (a select the page did not offer)
export const choice = 'Please choose one of the options.';

// ours: ZIP (doc 1 section 5, doc 2 section 5: digits only, exactly 5)
export const zip = 'Please enter a 5-digit ZIP code.';

// ours: US phone (doc 1 section 5, doc 2 section 5: "a valid US number formatted 000-000-0000")
export const phone = 'Please enter a valid US phone number as 000-000-0000.';

// ours: the contact form's privacy-agreement checkbox (doc 1 section 5: "agree checkbox required")
export const privacyAgreement = 'Please agree to the privacy policy.';

// ours: a return address the API would not redirect to
export const returnUrl = 'Please send a valid return address.';

// ours: a policy or quote number that cannot be one
export const policyNumber = 'Please enter a valid policy number.';

// ours: a token from a link that cannot be one (the API answers an unknown or expired one the same way)
export const token = 'This link is not valid or has expired.';

/**
 * Ours: the calls that pay, file a claim or send a message need an Idempotency-Key header, so a double press or
 * a retry never does it twice. `each` names what the key stands for ('payment attempt', 'claim', 'message').
 */
export const idempotencyKeyRequired = (each: string) =>
  `Send an Idempotency-Key header (8 to 255 letters, digits, dashes or underscores) with each ${each}.`;
