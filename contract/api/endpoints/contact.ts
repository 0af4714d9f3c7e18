/** The availability sign-up and the contact form. (Entries of contract/api/endpoints.ts.) */
import { ContactRequest, ContactResponse, SubscribeRequest, SubscribeResponse } from '../contact.ts';
import { endpoint, json } from './endpoint.ts';

export const subscribe = endpoint({
  method: 'POST', path: '/api/contact/subscribe', request: SubscribeRequest, answer: SubscribeResponse, body: json, session: false,
  summary: 'the availability sign-up (rate limited; a second sign-up of an address answers 409)',
});

export const contactSubmit = endpoint({
  method: 'POST', path: '/api/contact/submit', request: ContactRequest, answer: ContactResponse, body: json, session: false,
  headers: ['Idempotency-Key'],
  summary:
    "the Contact Us form (doc 1 section 3's contact payload; an empty subject becomes 'Auto Insurance - Contact Form'): " +
    'stores the message and, in the same transaction, queues it to customer care (`CARE_EMAIL`, Reply-To the sender) ' +
    'and an acknowledgement to the sender (at most 5 an hour to one address); needs an `Idempotency-Key` header, whose repeat with the same body answers ' +
    'the same 201 without sending again (another body is 422); rate limited',
});
