/**
 * One line per endpoint for README.md's API table (api/http/endpoints-readme.ts writes it), keyed by the
 * endpoint's export name. Kept apart from the entries, which the widgets bundle: a reader's description is
 * no use to a browser, and every page would carry every line of its area's calls.
 */
export const SUMMARIES = {
  // bill-payment.ts
  billPaymentView: "the bill behind the failed-payment link (query `token`): policy number, what it is for, its date, its lines, the amount, " +
      "its status (due, paid, not payable), the kept card's brand and last four, the payment mode; 404 for an unknown or expired link; rate limited",
  billPay: 'pays the bill on-session with the kept card through its own PaymentIntent (an unknown outcome settled first): paid, ' +
      "`requires_action` for the bank's 3-D Secure, or 402 with the spec's text; a paid bill answers paid and is never charged twice; rate limited",
  billPaySettle: "after the bank's check: reads the PaymentIntent and records paid or declined, as pay answers; rate limited",
  billTestAuthentication: "test mode only: the test authentication window's Complete or Fail for the bill's payment",
  // contact.ts
  subscribe: 'the availability sign-up (rate limited; a second sign-up of an address answers 409)',
  claims: 'the claim form (First Notice of Loss; multipart: `claim`, the answers as JSON checked with the contract, and up to 5 `photos` ' +
      'checked by their bytes, 10 MB each): stores it with a reference (201 { reference, msg }), ' +
      'e-mails the claims team (with the photos) and the claimant; rate limited',
  contactSubmit: "the Contact Us form (doc 1 section 3's contact payload; an empty subject becomes 'Auto Insurance - Contact Form'): " +
      'stores the message and, in the same transaction, queues it to customer care (`CARE_EMAIL`, Reply-To the sender) ' +
      'and an acknowledgement to the sender (at most 5 an hour to one address); rate limited',
  // documents.ts
  documentList: "the documents of the link's policy, newest of each kind, and its open e-sign and odometer requests; query `id` (the link's token)",
  documentFile: 'one PDF, only through a valid token of its own policy (`Cache-Control: private, no-store`)',
  documentsLink: 'e-mails a fresh documents link to the address of a policy; the same answer whether or not there is one',
  esignView: "the application to sign, the consent text, and whether it is signed; query `token`",
  esign: 'signs the application: consent and the typed full name of the named insured; records signer, time, SHA-256, IP and user agent',
  odometerView: "the policy's vehicles, the latest reading of each and, per Pay-Per-Mile vehicle, the billing period a reading " +
      'sent today closes (or null: counted in the next bill); query `token`',
  odometerPhoto: 'an odometer photo (multipart: `token`, `carNumber`, `reading`, `photo`, optionally `box`, the guide frame as ' +
      '`left,top,width,height` fractions of the upright photo, and `afterSuggestion`): checked by its bytes, the crop to the box (or ' +
      'the whole photo) read twice; verified, confirmed after a suggestion or held for review (201), a suggestion of what the photo ' +
      'reads (200), or rejected with what to do (4xx)',
  // handover.ts
  handover: 'from a widget on another origin: names a quote (by number, or by e-mail for the retrieve window) with its birth ' +
      "date and ZIP and answers a single-use, 10-minute token for `/receive-a-quote?handover=`; shares the lookup's rate limit",
  redeemHandover: 'spends a hand-over token: the stored quote and the answers it carried; 404 when used, expired or the quote was bought',
  // payment-card.ts
  paymentCard: "the card in force for one of the user's policies (brand, last four, since when) and its billing frequency; 404 for another's",
  cardSetup: "a SetupIntent for the policy's Customer (nothing is charged): `{ mode, setupIntentId, clientSecret, publishableKey }`; " +
      '409 without a card on file that can be replaced online; rate limited',
  replaceCard: "keeps the SetupIntent's card in place of the card in force, with the replacement consent's words and time, after checking " +
      "it is the policy's Customer's and succeeded (test mode: confirmed first with the page's test token); a declined card is " +
      "402 with the spec's text and the card in force stays; e-mails the policyholder a notice (brand and last four only)",
  // purchase.ts
  paymentsConfig: "which card form step 6 shows: `{ mode: 'stripe', publishableKey }` with Stripe keys, else `{ mode: 'test', ... }`",
  bind: "pays the quote version and amount shown, or nothing (409 `quote_changed`); 202 for 3-D Secure; 402 with the spec's " +
      'text and `error_type`; see README "Payments"',
  completePayment: "after 3-D Secure, with the bind's `Purchase-Token`: settles the payment, answers as the bind does",
  testAuthentication: "test mode only: the test authentication window's Complete or Fail",
  lienholder: "a financed or leased vehicle's lienholder, with the bind's `Purchase-Token` (replaces an earlier answer)",
  // quote.ts
  quote: "validates a quote request against the contract and the state's coverage rules, prices it with the rating engine, " +
      'stores it with its rate-table version, e-mails it with a single-use link; with the `quoteNumber` of an open quote of the ' +
      'same e-mail, birth date and ZIP, stores a new version of that quote under its number and does not e-mail it again',
  price: 'prices a quote request exactly as POST /api/policy/quote does (same checks, same 400s, same engine) without storing or ' +
      "e-mailing it: the same answer with policyNumber ''; rate limited",
  lookupQuote: 'finds a saved quote by e-mail (any case), birth date and ZIP (the newest, or the one `quoteNumber` names); one answer for every mismatch; rate limited',
  redeemQuoteLink: 'opens the quote behind the e-mailed link, once',
  // renewal.ts
  rollover: "the renewal e-mail's link (`/rollover#token`): the e-signature link of the renewal application, the documents link and the " +
      "next term's declarations; 404 for an unknown or expired link",
  // site.ts
  health: 'liveness, with a round trip to the database',
  ready: "readiness for a load balancer: 200 while the process takes requests and its database answers within 2 s; 503 `{ status: 'stopping' }` from the moment it is told to stop (it finishes the requests in flight), 503 `{ status: 'database unavailable' }` while the database does not answer",
  zipLookup: 'city and state of a ZIP, and whether it is restricted',
  vinCheck: 'decodes a VIN offline: year, make, model line, body style; 404 invalid, 422 another maker',
  vehicleImage: 'picture entries (`extcam02` first) pointing at our drawn silhouettes; JSON body `vin`, `year`, `model` (a POST: no VIN in a URL)',
  vehicleSilhouette: 'one drawn silhouette (SVG), cached for a month',
  // user.ts
  signUp: 'creates an account and e-mails its single-use confirmation link; the password (argon2id) takes effect at once only with ' +
      'the purchase\'s `Purchase-Token` header, else it is never stored and is chosen after the link; the same answer when the ' +
      'address already has an account, which gets an e-mail saying so with a link to choose a password; rate limited',
  confirmAccount: 'spends the confirmation link (the page `/account/confirm` calls it) and confirms the account; next, for an account ' +
      'without a password, the create-password page with a fresh link; 404 for a used or expired link',
  loginWithPassword: 'signs in (a new session cookie `__Host-ppm_session` each time) and answers user and policies; one 401 for an unknown ' +
      'address and a wrong password; 429 past 100 failures per account or per client',
  loginWithMagicLink: 'e-mails a single-use sign-in link (10 minutes) to `returnUrl?token=`; the same answer for an unknown address; rate limited',
  loginWithToken: "spends an e-mailed sign-in link's token (the `token` query parameter's session check) and starts a session; 401 when used or expired",
  retrieveSession: "the signed-in user and their policies and saved quotes; 401 without a live session",
  clearSession: 'signs out: the session is deleted on the server and its cookie cleared (200 also without one)',
  resetPassword: 'e-mails a single-use link to `returnUrl?token=` (the create-password page, 10 minutes); the same answer for an unknown address; rate limited',
  changePasswordWithToken: "sets the password from a reset or account-setup link (spent once), confirms the account, ends the account's sessions and e-mails a notice",
  changePassword: "changes the password after checking the current one; ends the user's other sessions and e-mails a notice",
  saveQuote: "Save My Quote: saves quotes made with the signed-in user's e-mail address to the account; answers user and policies",
  accountQuote: "one of the user's saved quotes as the wizard's quote response (lookup quotes open it at step 5)",
  requestCard: "an ID card for the user's own vehicles: e-mailed as a PDF (electronic), or stored as a request for the post and confirmed (mail)",
  statements: "the policy's billing periods, newest first: each vehicle's reading, the miles billed and how they were found, the " +
      "rate, the period's bills with their worded lines, total and status, and the balance from the ledger",
  accountBillPdf: "the PDF of one of the account's bills, by the bill's id (the statements' link): its lines, total and how it stands, made from its record; " +
    "private, never cached; another account's is the same 404 as none",
  accountOdometerPhoto: "the photo of one of the account's accepted odometer readings, by the reading's id (the statements' " +
      'thumbnail; `Cache-Control: private`); 404 for any other reading',
  accountIdCard: "the newest ID card PDF of one of the user's policies (the dashboard's insuranceCardUri; `Cache-Control: private, no-store`)",
  // webhook.ts
  webhook: "the card provider's events (Stripe's webhook; without keys the test mode's), verified by their `Stripe-Signature` " +
      'with `STRIPE_WEBHOOK_SECRET` over the raw body (a missing or wrong signature, or one older than 5 minutes, is 400 and ' +
      'changes nothing) and processed once by event id: a PaymentIntent that succeeded or failed settles its bind attempt, a ' +
      'refund is a ledger entry, a dispute flags the policy and mails the team; 200 `{ received: true }`, 503 when the ' +
      'database is unreachable (Stripe retries)',
} as const;
