/** The renewal (issue 9): the /rollover page's call. (Entries of contract/api/endpoints.ts.) */
import { RolloverRequest, RolloverResponse } from '../policy.ts';
import { endpoint, json } from './endpoint.ts';

export const rollover = endpoint({
  method: 'POST', path: '/api/policy/rollover', request: RolloverRequest, answer: RolloverResponse, body: json, session: false,
  summary:
    "the renewal e-mail's link (`/rollover#token`): the e-signature link of the renewal application, the documents link and the " +
    "next term's declarations; 404 for an unknown or expired link",
});
