/**
 * Every call of the API, once (DESIGN.md "The API"): its method and path, the struct its body is checked
 * with, the struct its answer is checked with, the kind and size of body it takes, and whether it needs a
 * session. Three readers:
 *
 * - the server registers each route and its body guards from here (api/http/endpoint.ts), so a call with a
 *   different body (a photo upload, a provider's webhook) declares its own kind and limit;
 * - the widgets' client calls an endpoint by name and checks the answer against its struct
 *   (widgets/core/api-client.ts: `api.call(endpoints.quote, body)`);
 * - README.md's API table is generated from the summaries (api/http/endpoints-readme.ts).
 *
 * Each endpoint is its own export, imported as a namespace (`import * as endpoints`). The entries live in
 * one file per area (endpoints/*.ts) because a bundler shares code between widgets module by module: with
 * one file, the club page's sign-up would load every struct the wizard's calls need.
 *
 * The request struct is the endpoint's published shape; where a call also has a rule that depends on the
 * clock or the configuration (the quote's dates), the server checks that rule too.
 */
export * from './endpoints/endpoint.ts';
export * from './endpoints/site.ts';
export * from './endpoints/contact.ts';
export * from './endpoints/quote.ts';
export * from './endpoints/handover.ts';
export * from './endpoints/purchase.ts';
export * from './endpoints/webhook.ts';
export * from './endpoints/user.ts';
export * from './endpoints/payment-card.ts';
export * from './endpoints/documents.ts';
export * from './endpoints/renewal.ts';
export * from './endpoints/bill-payment.ts';
