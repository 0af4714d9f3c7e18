/**
 * What the sign-up loads on the person's first focus or submit, not on arrival (issue 11): the contract's
 * rules for its fields with their messages, the checker (superstruct), the subscribe endpoint, whose
 * answer struct the API client checks, what the API's answer means for the form (signUp), and the error summary
 * shown after a refused submit. A host page that only shows the form pays for none of it.
 */
import { email, personName, stateCode, type SubscribeRequest } from '../../contract/index.ts';
import { subscribe } from '../../contract/api/endpoints.ts';
import type { ApiClient } from '../core/api-client.ts';
import { rulesChecker, type Rules } from '../core/form.ts';

export type NotifyMeValues = { firstName: string; lastName: string; email: string; state: string };

const RULES: Rules<NotifyMeValues> = { firstName: personName, lastName: personName, email, state: stateCode };

export const checker = rulesChecker<NotifyMeValues>(RULES);

/** What a sign-up came to: on the list (now or before), or a failure with the API's first message, if any. */
type SignUpOutcome =
  | { kind: 'subscribed' | 'already-subscribed'; state: string }
  | { kind: 'failed'; status: number; message: string | undefined };

/** Sends checked values to POST /api/contact/subscribe. Here rather than in NotifyMe.tsx: only a submit needs it. */
export async function signUp(api: ApiClient, values: NotifyMeValues): Promise<SignUpOutcome> {
  const body: SubscribeRequest = {
    userFirstName: values.firstName,
    userLastName: values.lastName,
    userEmailAddress: values.email,
    userState: values.state as SubscribeRequest['userState'],
  };
  const result = await api.call(subscribe, body);
  if (result.ok) return { kind: 'subscribed', state: body.userState };
  const message = result.messages[0];
  // not a failure for the person: they are on the list, so the form is done with
  if (message && /already subscribed/i.test(message)) return { kind: 'already-subscribed', state: body.userState };
  return { kind: 'failed', status: result.status, message };
}

export { NotifyMeSummary } from './notify-me.summary.tsx';
