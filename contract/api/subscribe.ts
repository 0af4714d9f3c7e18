import { object, string, type, type Infer } from 'superstruct';
import { email } from '../rules/email.ts';
import { personName } from '../rules/text.ts';
import { stateCode } from '../rules/state.ts';

/**
 * POST /api/contact/subscribe: the availability (notify-me) sign-up of doc 1 section 3,
 * "Availability interest: userFirstName, userLastName, userEmailAddress, userState".
 */
export const SubscribeRequest = object({
  userFirstName: personName,
  userLastName: personName,
  userEmailAddress: email,
  userState: stateCode,
});
export type SubscribeRequest = Infer<typeof SubscribeRequest>;

/** Success answer of the sign-up; failures use the shared { error_messages } shape. */
export const SubscribeResponse = type({ msg: string() });
export type SubscribeResponse = Infer<typeof SubscribeResponse>;

/** The API's message for a second sign-up of the same e-mail; the widget looks for 'already subscribed'. */
export const ALREADY_SUBSCRIBED = 'This email address is already subscribed.';
