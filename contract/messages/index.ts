/** Every message area, gathered for contract/messages.ts (which names them MESSAGES). */
export * from './fields.ts';
export * from './dates.ts';
export * from './quote.ts';
export * from './retrieval.ts';
export * from './purchase.ts';
export * from './sign-up.ts';
export * from './card-request.ts';
export * from './payment-card.ts';
export * from './account.ts';
export * from './claims.ts';
export * from './contact.ts';
export * from './bill-payment.ts';
