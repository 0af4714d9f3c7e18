/** The renewal (issue 9): the /rollover page's call. (Entries of contract/api/endpoints.ts.) */
import { RolloverRequest, RolloverResponse } from '../policy.ts';
import { endpoint, json } from './endpoint.ts';

export const rollover = endpoint({
  method: 'POST', path: '/api/policy/rollover', request: RolloverRequest, answer: RolloverResponse, body: json, session: false,
});
