/**
 * The account's card page (issue 19: the card kept for the monthly bill, replaced through a SetupIntent).
 * (Entries of contract/api/endpoints.ts.) Each needs a session and acts only on a policy of the session's own
 * account: another person's policy is answered as one that does not exist.
 */
import { PolicyNumberQuery } from '../account.ts';
import { CardSetupAnswer, CardSetupRequest, PaymentCardAnswer, ReplaceCardAnswer, ReplaceCardRequest } from '../payment-card.ts';
import { endpoint, json, none } from './endpoint.ts';

export const paymentCard = endpoint({
  method: 'GET', path: '/api/account/card', request: PolicyNumberQuery, answer: PaymentCardAnswer, body: none, session: true,
  summary: "the card in force for one of the user's policies (brand, last four, since when) and its billing frequency; 404 for another's",
});

export const cardSetup = endpoint({
  method: 'POST', path: '/api/account/card/setup', request: CardSetupRequest, answer: CardSetupAnswer, body: json, session: true,
  summary:
    "a SetupIntent for the policy's Customer (nothing is charged): `{ mode, setupIntentId, clientSecret, publishableKey }`; " +
    '409 without a card on file that can be replaced online; rate limited',
});

export const replaceCard = endpoint({
  method: 'POST', path: '/api/account/card', request: ReplaceCardRequest, answer: ReplaceCardAnswer, body: json, session: true,
  summary:
    "keeps the SetupIntent's card in place of the card in force, with the replacement consent's words and time, after checking " +
    "it is the policy's Customer's and succeeded (test mode: confirmed first with the page's test token); a declined card is " +
    "402 with the spec's text and the card in force stays; e-mails the policyholder a notice (brand and last four only)",
});
