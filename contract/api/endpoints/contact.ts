/** The availability sign-up. (Entries of contract/api/endpoints.ts.) */
import { SubscribeRequest, SubscribeResponse } from '../contact.ts';
import { endpoint, json } from './endpoint.ts';

export const subscribe = endpoint({
  method: 'POST', path: '/api/contact/subscribe', request: SubscribeRequest, answer: SubscribeResponse, body: json, session: false,
  summary: 'the availability sign-up (rate limited; a second sign-up of an address answers 409)',
});
