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
});

export const cardSetup = endpoint({
  method: 'POST', path: '/api/account/card/setup', request: CardSetupRequest, answer: CardSetupAnswer, body: json, session: true,
});

export const replaceCard = endpoint({
  method: 'POST', path: '/api/account/card', request: ReplaceCardRequest, answer: ReplaceCardAnswer, body: json, session: true,
});
