/**
 * What the sign-up loads on the person's first focus or submit, not on arrival (issue 11): the contract's
 * rules for its fields with their messages, the checker (superstruct), the subscribe endpoint, whose
 * answer struct the API client checks, and the error summary shown after a refused submit. A host page that only shows the form pays for none of it.
 */
import { email, personName, stateCode } from '../../contract/index.ts';
import { subscribe } from '../../contract/api/endpoints.ts';
import { rulesChecker, type Rules } from '../core/form.ts';

export type NotifyMeValues = { firstName: string; lastName: string; email: string; state: string };

const RULES: Rules<NotifyMeValues> = { firstName: personName, lastName: personName, email, state: stateCode };

export const checker = rulesChecker<NotifyMeValues>(RULES);

export { subscribe };
export { NotifyMeSummary } from './notify-me.summary.tsx';
