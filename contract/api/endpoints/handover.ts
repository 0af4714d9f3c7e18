/** The hand-over from another origin to our site. (Entries of contract/api/endpoints.ts.) */
import { HandoverAnswer, HandoverIssued, HandoverRequest, RedeemHandoverRequest } from '../handover.ts';
import { endpoint, json } from './endpoint.ts';

export const handover = endpoint({
  method: 'POST', path: '/api/policy/handover', request: HandoverRequest, answer: HandoverIssued, body: json, session: false,
  summary:
    'from a widget on another origin: names a quote (by number, or by e-mail for the retrieve window) with its birth ' +
    "date and ZIP and answers a single-use, 10-minute token for `/receive-a-quote?handover=`; shares the lookup's rate limit",
});

export const redeemHandover = endpoint({
  method: 'POST', path: '/api/policy/redeem_handover', request: RedeemHandoverRequest, answer: HandoverAnswer, body: json, session: false,
  summary: 'spends a hand-over token: the stored quote and the answers it carried; 404 when used, expired or the quote was bought',
});
