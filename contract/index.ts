// The contract: every rule and every request and answer shape of the spec, written once.
// Imported by widgets/ and api/; it imports nothing of ours but itself.
export * from './brand.ts';
export * from './messages.ts';
export * from './validate.ts';
// field rules
export * from './rules/limits.ts';
export * from './rules/text.ts';
export * from './rules/choice.ts';
export * from './rules/email.ts';
export * from './rules/state.ts';
export * from './rules/zip.ts';
export * from './rules/phone.ts';
export * from './rules/dates.ts';
export * from './rules/vin.ts';
export * from './rules/licence.ts';
export * from './rules/photo.ts';
export * from './rules/password.ts';
export * from './rules/money.ts';
export * from './rules/whole.ts';
export * from './rules/billing-cycle.ts';
export * from './rules/bill-lines.ts';
// reference lists
export * from './reference/states.ts';
export * from './reference/quoting-states.ts';
export * from './reference/unavailable.ts';
export * from './reference/options.ts';
export * from './reference/limit-names.ts';
export * from './reference/dealers.ts';
export * from './reference/occupations.ts';
export * from './reference/carriers.ts';
export * from './reference/fees.ts';
export * from './reference/lienholders.ts';
export * from './pricing/billing.ts';
// requests and answers
export * from './api/errors.ts';
export * from './api/common.ts';
export * from './api/contact.ts';
export * from './api/auth.ts';
export * from './api/policy.ts';
export * from './api/documents.ts';
export * from './api/account.ts';
export * from './api/onboarding.ts';
export * from './api/posted-notices.ts';
export * from './api/vin.ts';
export * from './api/vehicle-image.ts';
export * from './api/quote.ts';
export * from './api/bind.ts';
export * from './api/payment-events.ts';
export * from './api/payment-card.ts';
export * from './api/bill-payment.ts';
export * from './api/handover.ts';
export * from './api/lienholder.ts';
export * from './reference/wizard.ts';
export * from './pages.ts';
export * from './api/zip.ts';
// coverage rules (doc 3 sections 3 to 5)
export * from './coverage/index.ts';
