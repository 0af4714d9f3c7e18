/** The hand-over from another origin to our site. (Entries of contract/api/endpoints.ts.) */
import { HandoverAnswer, HandoverIssued, HandoverRequest, RedeemHandoverRequest } from '../handover.ts';
import { endpoint, json } from './endpoint.ts';

export const handover = endpoint({
  method: 'POST', path: '/api/policy/handover', request: HandoverRequest, answer: HandoverIssued, body: json, session: false,
  partner: true,
});

export const redeemHandover = endpoint({
  method: 'POST', path: '/api/policy/redeem_handover', request: RedeemHandoverRequest, answer: HandoverAnswer, body: json, session: false,
});
